import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from './LiveEventsProvider';

/**
 * A banner while the live connection is lost: states and counts on the page stop moving then, so
 * the user is told they may be out of date. It goes by itself once the connection is back.
 */
export const LiveStaleNotice = () => {
  const { t } = useTranslation('common');
  if (useLiveStatus() !== 'lost') return null;
  return (
    <Alert
      className="cpm-live-stale"
      data-testid="live-stale"
      type="warning"
      showIcon
      title={t('live.lost')}
      role="status"
    />
  );
};
