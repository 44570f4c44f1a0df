import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../page/loadFailure';
import { BackButton, type BackTo } from './NotFound';

/**
 * A page whose record could not be read (the server failed, or could not be reached): what could
 * not be loaded and why, a retry, and the way back to its list, so the page is never a dead end.
 * The record-is-missing answer is `NotFound`; `detailFailure` tells the two apart.
 */
export const DetailFailed = ({
  title,
  hint,
  error,
  onRetry,
  retrying,
  back,
  testId,
}: {
  title: ReactNode;
  /** Shown under the title when the failure names no reason of its own. */
  hint?: ReactNode;
  error?: unknown;
  onRetry: () => void;
  retrying: boolean;
  back: BackTo;
  testId?: string;
}) => {
  const { t } = useTranslation('common');
  return (
    <div className="cpm-page cpm-exception" data-testid={testId}>
      <Result
        status="error"
        title={title}
        subTitle={failureReason(error) ?? hint}
        data-testid="detail-failed"
        extra={[
          <Button
            key="retry"
            type="primary"
            icon={<ReloadOutlined />}
            loading={retrying}
            onClick={onRetry}
            data-testid="detail-retry"
          >
            {t('actions.retry')}
          </Button>,
          <BackButton key="back" back={back} />,
        ]}
      />
    </div>
  );
};
