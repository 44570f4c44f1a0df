import { LIMITS, SYS_CODE } from '@cpm/contracts';
import { authRoutes, registryRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Segmented, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showMessage } from '../../../api/http';
import { currentLanguage } from '../../../i18n';
import { StartFromInitialValues } from '../../../shared/crud/StartFromInitialValues';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { logout } from '../authService';
import { passwordEncrypter } from '../passwordCrypto';
import { NewPasswordFields } from './newPassword';
import './changePassword.css';

type PasswordForm = {
  currentPassword: string;
  name: string;
  email: string;
  emailCaptcha: string;
  newPassword: string;
  confirempsd: string;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Seconds left until the email code may be sent again. */
const useCooldown = () => {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return {
    left,
    start: () => {
      const start = Date.now();
      setNow(start);
      setUntil(start + LIMITS.emailCodeResendMs);
    },
  };
};

type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

/** How the change is proven: the current password (signed in) or a mailed code. */
type Method = 'current' | 'email';

/**
 * Whether the signed-in user's account has an email a code can reach; undefined while signed out
 * or not yet known.
 */
const useHasEmail = (open: boolean, signedIn: boolean) => {
  const status = useQuery({
    queryKey: ['user-status', 'password'],
    queryFn: () => call(authRoutes.userStatus, { loading: false, silent: true }),
    enabled: open && signedIn,
  });
  return signedIn ? status.data?.hasEmail : undefined;
};

/**
 * Change password (spec sections 2 and 7). A signed-in user proves it with the current password, or
 * with an email code when the account has an email; signed out, the email code is the only way. The
 * code button waits 60 s between sends; a successful change logs out after 2 s. An account with no
 * email is told so, and keeps the spec's "log out and contact the administrator" button for a
 * forgotten current password.
 */
export const ChangePasswordDialog = ({ open, onClose }: ChangePasswordDialogProps) => {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PasswordForm>();
  const username = useSessionStore((s) => s.user?.username ?? '');
  const signedIn = useSessionStore((s) => s.isLogin && s.token !== null);
  const cooldown = useCooldown();
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const isEnglish = currentLanguage() === 'en' ? 1 : 0;
  const hasEmail = useHasEmail(open, signedIn);
  const noEmail = hasEmail === false;
  const [chosen, setChosen] = useState<Method>('current');
  const method: Method = signedIn && (chosen === 'current' || noEmail) ? 'current' : 'email';

  const logoutToAdministrator = async () => {
    onClose();
    await logout();
    showMessage('warning', t('password.contactAdminNotice'));
  };

  const sendCode = async () => {
    if (cooldown.left > 0) {
      showMessage('warning', t('password.waitOneMinute'));
      return;
    }
    let values: Pick<PasswordForm, 'name' | 'email'>;
    try {
      values = await form.validateFields(['name', 'email']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await call(registryRoutes.emailCaptcha, {
        query: { email: values.email.trim(), name: values.name.trim(), isEnglish, sysCode: SYS_CODE },
      });
      cooldown.start();
      showMessage('success', t('password.codeSent'));
    } catch {
      // The client already showed why.
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      // Passwords travel encrypted with the server's public key (RSA-OAEP, SHA-256).
      const encrypt = await passwordEncrypter();
      const newPassword = await encrypt(values.newPassword);
      const confirempsd = await encrypt(values.confirempsd);
      if (method === 'current')
        await call(registryRoutes.changePassword, {
          body: { currentPassword: await encrypt(values.currentPassword), newPassword, confirempsd },
        });
      else
        await call(registryRoutes.updatePassword, {
          body: {
            name: values.name.trim(),
            email: values.email.trim(),
            emailCaptcha: values.emailCaptcha.trim(),
            newPassword,
            confirempsd,
            sysCode: SYS_CODE,
            isEnglish,
          },
        });
      showMessage('success', t('password.changed'));
      onClose();
      setTimeout(() => void logout(), LIMITS.logoutAfterPasswordChangeMs);
    } catch {
      // The client already showed why; the form keeps its values for a retry.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={onClose}
      destroyOnHidden
      width={noEmail ? 540 : 480}
      okText={t('password.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      okButtonProps={{ htmlType: 'submit' }}
      footer={(buttons) =>
        noEmail ? (
          <div className="cpm-password-footer">
            <Button danger onClick={() => void logoutToAdministrator()} data-testid="password-contact-admin">
              {t('password.contactAdmin')}
            </Button>
            <span className="cpm-password-footer-end">{buttons}</span>
          </div>
        ) : (
          buttons
        )
      }
    >
      {noEmail && (
        <Alert
          type="info"
          showIcon
          title={t('password.noEmail')}
          style={{ marginBottom: 16 }}
          data-testid="password-no-email"
        />
      )}
      {hasEmail && (
        <Segmented<Method>
          block
          value={method}
          onChange={setChosen}
          options={[
            { value: 'current', label: t('password.methodCurrent') },
            { value: 'email', label: t('password.methodEmail') },
          ]}
          style={{ marginBottom: 16 }}
          data-testid="password-method"
        />
      )}
      <Form<PasswordForm>
        name="change-password"
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: username }}
        onFinish={submit}
        data-testid="change-password-form"
        className="cpm-password-form"
      >
        <StartFromInitialValues />
        {method === 'current' ? (
          <Form.Item
            name="currentPassword"
            label={t('password.current')}
            rules={[{ required: true, message: t('password.currentRequired') }]}
          >
            <Input.Password
              autoComplete="current-password"
              maxLength={LIMITS.passwordMax}
              placeholder={t('password.currentPlaceholder')}
              data-testid="password-current"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="name"
              label={t('password.name')}
              rules={[{ required: true, whitespace: true, message: t('password.nameRequired') }]}
            >
              <Input
                placeholder={t('password.namePlaceholder')}
                maxLength={LIMITS.nameMax}
                data-testid="password-name"
              />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('password.email')}
              rules={[
                { required: true, whitespace: true, message: t('password.emailRequired') },
                { pattern: EMAIL_PATTERN, message: t('password.emailInvalid') },
              ]}
            >
              <Input
                placeholder={t('password.emailPlaceholder')}
                autoComplete="email"
                data-testid="password-email"
              />
            </Form.Item>
            <Form.Item label={t('password.emailCode')} required>
              <Space.Compact block>
                <Form.Item
                  name="emailCaptcha"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('password.emailCodeRequired') }]}
                >
                  <Input
                    placeholder={t('password.emailCodePlaceholder')}
                    maxLength={16}
                    data-testid="password-email-code"
                  />
                </Form.Item>
                <Button onClick={() => void sendCode()} loading={sending} data-testid="password-send-code">
                  {cooldown.left > 0
                    ? t('password.resendIn', { seconds: cooldown.left })
                    : t('password.sendCode')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </>
        )}
        <NewPasswordFields
          password={{
            name: 'newPassword',
            label: t('password.newPassword'),
            required: t('password.newPasswordRequired'),
            placeholder: t('password.newPasswordPlaceholder'),
            testId: 'password-new',
          }}
          confirm={{
            name: 'confirempsd',
            label: t('password.confirm'),
            required: t('password.confirmRequired'),
            placeholder: t('password.confirmPlaceholder'),
            testId: 'password-confirm',
          }}
          policy={t('password.policy')}
          tooSimple={t('password.tooSimple')}
          mismatch={t('password.mismatch')}
        />
      </Form>
    </Modal>
  );
};
