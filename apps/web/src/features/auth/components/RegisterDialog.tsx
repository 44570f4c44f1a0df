import { LIMITS, USERNAME_PATTERN } from '@cpm/contracts';
import { registryRoutes } from '@cpm/contracts/routes';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { currentLanguage } from '../../../i18n';
import { passwordEncrypter } from '../passwordCrypto';
import { NewPasswordFields } from './newPassword';

type RegisterForm = { username: string; email: string; password: string; confirmPassword: string };

/** Self-registration from the login page; the account exists once the mailed link is opened. */
export const RegisterDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<RegisterForm>();
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (v: RegisterForm) => {
    setSaving(true);
    try {
      const encrypt = await passwordEncrypter();
      await call(registryRoutes.register, {
        body: {
          username: v.username.trim(),
          email: v.email.trim(),
          password: await encrypt(v.password),
          confirmPassword: await encrypt(v.confirmPassword),
          isEnglish: currentLanguage() === 'en' ? 1 : 0,
        },
      });
      setSent(true);
    } catch {
      // The client showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      onCancel={() => {
        setSent(false);
        onClose();
      }}
      onOk={() => (sent ? onClose() : form.submit())}
      okText={sent ? t('actions.cancel') : t('register.submit')}
      cancelButtonProps={{ style: sent ? { display: 'none' } : undefined }}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {sent ? (
        <Alert type="success" showIcon title={t('register.sent')} data-testid="register-sent" />
      ) : (
        <Form<RegisterForm>
          name="register"
          form={form}
          layout="vertical"
          onFinish={submit}
          data-testid="register-form"
        >
          <Form.Item
            name="username"
            label={t('register.username')}
            rules={[
              { required: true, whitespace: true, message: t('rules.required') },
              { pattern: USERNAME_PATTERN, message: t('rules.username') },
            ]}
          >
            <Input maxLength={LIMITS.usernameMax} data-testid="register-username" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('register.email')}
            rules={[
              { required: true, message: t('rules.required') },
              { type: 'email', message: t('rules.email') },
            ]}
          >
            <Input data-testid="register-email" />
          </Form.Item>
          <NewPasswordFields
            password={{
              name: 'password',
              label: t('register.password'),
              required: t('rules.required'),
              testId: 'register-password',
            }}
            confirm={{
              name: 'confirmPassword',
              label: t('register.confirm'),
              required: t('rules.required'),
              testId: 'register-confirm',
            }}
            policy={t('rules.passwordPolicy')}
            tooSimple={t('rules.passwordPolicy')}
            mismatch={t('rules.mismatch')}
          />
        </Form>
      )}
    </Modal>
  );
};
