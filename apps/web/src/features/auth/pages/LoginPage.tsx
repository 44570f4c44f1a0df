import {
  CheckCircleFilled,
  LockOutlined,
  ReloadOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LIMITS } from '@cpm/contracts';
import { authRoutes, registryRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { Logo } from '../../../shared/Logo';
import { lazyNamed, MountOnceOpen } from '../../../shared/MountOnceOpen';
import type { LoginReturn } from '../../../shared/session/sessionStore';
import { LanguageSwitch } from '../../../shared/settings/LanguageSwitch';
import { ThemeToggle } from '../../../shared/settings/ThemeToggle';
import { HOME_PATH } from '../../../shared/worktabs/worktabRules';
import { type LoginOutcome, login } from '../authService';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { SecondFactorStep } from '../components/SecondFactorStep';
import { SsoSignIn } from '../components/SsoSignIn';
import { type LoginField, useLoginForm } from './loginForm';

const RegisterDialog = lazyNamed(() => import('../components/RegisterDialog').then((m) => m.RegisterDialog));
const ChangePasswordDialog = lazyNamed(() =>
  import('../components/ChangePasswordDialog').then((m) => m.ChangePasswordDialog),
);

type Notice = Exclude<LoginOutcome, { kind: 'enter' } | { kind: 'secondFactor' }>;
type Pending = Extract<LoginOutcome, { kind: 'secondFactor' }>;

/** Stand-alone sign-in page: account, password, captcha (click to refresh), language and theme switches. */
export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'accounts']);
  const navigate = useNavigate();
  const location = useLocation();
  const form = useLoginForm();
  const setField = form.set;
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [second, setSecond] = useState<Pending | null>(null);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [activated, setActivated] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const activationToken = params.get('activate');
  const activating = useRef(false);

  // The registration mail links here with `?activate=`; the account exists once this call succeeds.
  useEffect(() => {
    if (!activationToken || activating.current) return;
    activating.current = true;
    call(registryRoutes.activate, { body: { token: activationToken } })
      .then((res) => {
        setActivated(res.username);
        setField('username', res.username);
      })
      .catch(() => undefined)
      .finally(() => setParams({}, { replace: true }));
  }, [activationToken, setField, setParams]);

  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: () => call(authRoutes.captcha, { loading: false, silent: true }),
    staleTime: LIMITS.captchaTtlMs - 10_000,
    refetchInterval: LIMITS.captchaTtlMs - 10_000,
  });

  const refreshCaptcha = () => {
    setField('captchaCode', '');
    void captcha.refetch();
  };

  const submit = async () => {
    const values = form.validate();
    if (!values) return;
    if (!captcha.data) return refreshCaptcha();
    setSubmitting(true);
    setNotice(null);
    try {
      if (!handle(await login({ ...values, captchaId: captcha.data.captchaId }))) refreshCaptcha();
    } catch {
      // The client already showed the server's text; a captcha is single use.
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  /** Acts on where a sign-in step ended; false when the form should be used again. */
  const handle = (outcome: LoginOutcome): boolean => {
    if (outcome.kind === 'enter') {
      // Back to the page asked for, unless another user's session ended on it: they start at home.
      const back = location.state as LoginReturn | null;
      const from = !back?.userId || back.userId === outcome.userId ? back?.from : undefined;
      navigate(outcome.to === HOME_PATH && from && from !== '/' ? from : outcome.to, { replace: true });
      return true;
    }
    if (outcome.kind === 'secondFactor') {
      setSecond(outcome);
      return true;
    }
    setSecond(null);
    setNotice(outcome);
    return false;
  };

  const restart = () => {
    setSecond(null);
    setField('password', '');
    refreshCaptcha();
  };

  const year = new Date().getFullYear();

  return (
    <div className="cpm-login" data-testid="login-page">
      <section className="cpm-login-hero" aria-hidden="true">
        <div className="cpm-login-hero-brand">
          <Logo size={40} />
          <span>{t('common:app.name')}</span>
        </div>
        <div className="cpm-login-hero-body">
          <h2>{t('login.heroTitle')}</h2>
          <p>{t('login.heroText')}</p>
          <ul>
            {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((key) => (
              <li key={key}>
                <CheckCircleFilled /> {t(`login.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="cpm-login-hero-art">
          <div className="cpm-login-device cpm-login-device-a" />
          <div className="cpm-login-device cpm-login-device-b" />
          <div className="cpm-login-device cpm-login-device-c" />
        </div>
        <div className="cpm-login-hero-foot">{t('common:app.version', { version: '1.0.1' })}</div>
      </section>

      <section className="cpm-login-panel">
        <div className="cpm-login-toolbar">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
        <div className="cpm-login-card">
          <div className="cpm-login-mobile-brand">
            <Logo size={36} />
            <span>{t('common:app.name')}</span>
          </div>
          {!second && (
            <>
              <h2 className="cpm-login-title">{t('login.title')}</h2>
              <p className="cpm-text-secondary cpm-login-subtitle">{t('login.subtitle')}</p>
            </>
          )}

          {activated && (
            <Alert
              className="cpm-login-notice"
              data-testid="activation-done"
              type="success"
              showIcon
              title={t('accounts:register.activated', { name: activated })}
            />
          )}

          {notice && (
            <Alert
              className="cpm-login-notice"
              data-testid="login-notice"
              type={notice.kind === 'pending' ? 'info' : 'error'}
              showIcon
              title={notice.kind === 'pending' ? t('login.pending') : t('login.rejected')}
              description={
                notice.kind === 'rejected'
                  ? `${notice.reason ? `${t('login.rejectedReason', { reason: notice.reason })} ` : ''}${t('login.rejectedContact')}`
                  : undefined
              }
            />
          )}

          {second ? (
            <SecondFactorStep
              key={second.pendingToken}
              pending={second}
              onOutcome={(outcome) => {
                if (!handle(outcome)) refreshCaptcha();
              }}
              onRestart={restart}
            />
          ) : (
            <>
              <form
                className="cpm-login-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
                data-testid="login-form"
              >
                <LoginInput
                  form={form}
                  field="username"
                  label={t('login.username')}
                  error={t('login.usernameRequired')}
                >
                  {(props) => (
                    <Input
                      {...props}
                      prefix={<UserOutlined />}
                      placeholder={t('login.usernamePlaceholder')}
                      autoComplete="username"
                      maxLength={LIMITS.usernameMax}
                      data-testid="login-username"
                    />
                  )}
                </LoginInput>
                <LoginInput
                  form={form}
                  field="password"
                  label={t('login.password')}
                  error={t('login.passwordRequired')}
                >
                  {(props) => (
                    <Input.Password
                      {...props}
                      prefix={<LockOutlined />}
                      placeholder={t('login.passwordPlaceholder')}
                      autoComplete="current-password"
                      maxLength={LIMITS.passwordMax}
                      data-testid="login-password"
                    />
                  )}
                </LoginInput>
                <LoginInput
                  form={form}
                  field="captchaCode"
                  label={t('login.captcha')}
                  error={t('login.captchaRequired')}
                >
                  {(props) => (
                    <div className="cpm-login-captcha">
                      <Input
                        {...props}
                        prefix={<SafetyOutlined />}
                        placeholder={t('login.captchaPlaceholder')}
                        autoComplete="off"
                        maxLength={16}
                        data-testid="login-captcha"
                      />
                      <button
                        type="button"
                        className="cpm-login-captcha-image"
                        onClick={refreshCaptcha}
                        title={t('login.captchaRefresh')}
                        aria-label={t('login.captchaRefresh')}
                        data-testid="login-captcha-image"
                      >
                        {captcha.data ? (
                          <img src={captcha.data.image} alt={t('login.captcha')} />
                        ) : (
                          <span className="cpm-login-captcha-placeholder">
                            <ReloadOutlined spin={captcha.isFetching} />
                            {captcha.isError && <small>{t('login.captchaFailed')}</small>}
                          </span>
                        )}
                      </button>
                    </div>
                  )}
                </LoginInput>
                <div className="cpm-login-submit">
                  <Button
                    type="primary"
                    htmlType="submit"
                    size="large"
                    block
                    loading={submitting}
                    data-testid="login-submit"
                  >
                    {t('login.submit')}
                  </Button>
                </div>
              </form>
              <PasskeySignIn onOutcome={(outcome) => void handle(outcome)} />
              <div className="cpm-login-links" style={{ display: 'flex', justifyContent: 'space-between' }}>
                <Button
                  type="link"
                  onClick={() => setRegisterOpen(true)}
                  data-testid="register-link"
                  style={{ paddingInline: 0 }}
                >
                  {t('accounts:register.link')}
                </Button>
                <Button
                  type="link"
                  onClick={() => setForgotOpen(true)}
                  data-testid="forgot-link"
                  style={{ paddingInline: 0 }}
                >
                  {t('accounts:register.forgot')}
                </Button>
              </div>
              <SsoSignIn onOutcome={(outcome) => handle(outcome) || refreshCaptcha()} />
            </>
          )}
          <MountOnceOpen open={registerOpen}>
            <RegisterDialog open={registerOpen} onClose={() => setRegisterOpen(false)} />
          </MountOnceOpen>
          <MountOnceOpen open={forgotOpen}>
            <ChangePasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
          </MountOnceOpen>
        </div>
        <div className="cpm-login-copyright">{t('login.copyright', { year })}</div>
      </section>
    </div>
  );
};

type InputProps = {
  id: string;
  value: string;
  size: 'large';
  status?: 'error';
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
};

/** One labelled field of the sign-in form with its "required" message under it. */
const LoginInput = ({
  form,
  field,
  label,
  error,
  children,
}: {
  form: ReturnType<typeof useLoginForm>;
  field: LoginField;
  label: string;
  error: string;
  children: (props: InputProps) => ReactNode;
}) => {
  const id = `login-${field}`;
  const failed = form.failed(field);
  return (
    <div className="cpm-login-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        value: form.values[field],
        size: 'large',
        status: failed ? 'error' : undefined,
        'aria-invalid': failed,
        'aria-describedby': failed ? `${id}-error` : undefined,
        onChange: (event) => form.set(field, event.target.value),
        onBlur: () => form.leave(field),
      })}
      <div className="cpm-login-field-error" id={`${id}-error`} role={failed ? 'alert' : undefined}>
        {failed ? error : null}
      </div>
    </div>
  );
};
