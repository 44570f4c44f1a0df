import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown this one time: the server keeps it encrypted and never answers it again. */
export const SecretModal = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  return (
    <Modal
      open={secret !== null}
      title={t('secret.title')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
};
