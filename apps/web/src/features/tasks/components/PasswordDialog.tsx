import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdProps } from '../../../shared/testId';
import { RefusedAlert, usePasswordStep } from './passwordStep';

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
  const step = usePasswordStep<'submit'>(form);
  const submit = async () => {
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      return;
    }
    await step.run('submit', () => onSubmit(password));
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('password.confirm')}
      cancelText={t('cancel')}
      confirmLoading={step.busy !== null}
      onOk={() => void submit()}
      onCancel={() => step.cancel(onClose)}
      okButtonProps={{ ...testIdProps('password-ok') }}
      destroyOnHidden
    >
      <div data-testid="password-dialog">
        {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
        <RefusedAlert message={step.refused} testId="password-refused" />
        <Form
          name="task-password"
          form={form}
          layout="vertical"
          onFinish={() => void submit()}
          requiredMark={false}
        >
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
