import type { IssuedApiKey } from '@cpm/contracts';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/formatTime';

/** The whole key, shown this once with a copy button; closing the dialog forgets it. */
export const KeyShownOnce = ({ issued, onClose }: { issued: IssuedApiKey | null; onClose: () => void }) => {
  const { t } = useTranslation('serviceaccounts');
  return (
    <Modal
      open={issued !== null}
      title={t('shown.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="key-shown-close">
          {t('shown.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('shown.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        code
        copyable={{ text: issued?.key ?? '', tooltips: [t('shown.copy'), t('shown.copied')] }}
        data-testid="issued-key"
        style={{ wordBreak: 'break-all' }}
      >
        {issued?.key}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('shown.expires', { at: formatTime(issued?.expiresAt) })}
      </Typography.Text>
    </Modal>
  );
};
