import { Button, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBody } from './MessageBody';

type Props<M extends { title: string; content: string }> = {
  /** The message shown; null when closed. */
  message: M | null;
  /** The line above the body: who sent it, to whom, when. */
  about: (message: M) => ReactNode;
  onClose: () => void;
  testId?: string;
  contentTestId?: string;
};

/** One message read in full, the same for its recipients and for those who manage it. */
export const MessageDialog = <M extends { title: string; content: string }>({
  message,
  about,
  onClose,
  testId,
  contentTestId,
}: Props<M>) => {
  const { t } = useTranslation('messages');
  return (
    <Modal
      open={message !== null}
      title={message?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('mine.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {message && (
        <div data-testid={testId}>
          <Typography.Paragraph type="secondary">{about(message)}</Typography.Paragraph>
          <MessageBody html={message.content} testId={contentTestId} />
        </div>
      )}
    </Modal>
  );
};
