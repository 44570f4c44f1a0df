import { LockOutlined } from '@ant-design/icons';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/httpClient';
import { testIdProps } from '../../../shared/testId';

/**
 * Asks the signed-in user for their password again before a risky step (creating a shell or
 * permission task, approving one). A refusal (wrong password) keeps the dialog open with the reason.
 */
export const PasswordDialog = ({
  open,
  title,
  description,
  okText,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  okText?: string;
  /** Runs the step with the password; rejects to keep the dialog open. */
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async () => {
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      return;
    }
    setBusy(true);
    setRefused(null);
    try {
      await onSubmit(password);
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError) setRefused(error.message);
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('password.confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => {
        setRefused(null);
        form.resetFields();
        onClose();
      }}
      okButtonProps={{ ...testIdProps('password-ok') }}
      destroyOnHidden
    >
      <div data-testid="password-dialog">
        {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
        {refused && (
          <Alert
            type="error"
            showIcon
            message={refused}
            style={{ marginBottom: 12 }}
            data-testid="password-refused"
          />
        )}
        <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false}>
          <Form.Item
            name="password"
            label={t('password.label')}
            rules={[{ required: true, message: t('password.required') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              autoFocus
              data-testid="password-input"
            />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </div>
    </Modal>
  );
};
