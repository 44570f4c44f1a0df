import { LoginOutlined, TeamOutlined } from '@ant-design/icons';
import type { SsoChoice } from '@cpm/contracts';
import { Alert, Button, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginOutcome } from '../authService';
import { discoverSso, finishSso, isSsoCallback, startSso } from '../ssoService';

const SSO_STYLE = { display: 'grid', gap: 8, marginTop: 8 } as const;

/**
 * "Sign in with your organisation" on the sign-in page: finds the enterprise's provider by e-mail
 * domain or enterprise code and goes there; when the provider sends the browser back, completes the
 * sign-in and hands the outcome to the page.
 */
export const SsoSignIn = ({ onOutcome }: { onOutcome: (outcome: LoginOutcome) => void }) => {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [choice, setChoice] = useState<SsoChoice | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(() => isSsoCallback(location.search));
  const finished = useRef(false);
  const report = useRef(onOutcome);
  report.current = onOutcome;

  useEffect(() => {
    if (!completing || finished.current) return;
    finished.current = true;
    const search = location.search;
    navigate('/login', { replace: true });
    finishSso(search)
      .then((outcome) => report.current(outcome))
      .catch(() => undefined)
      .finally(() => setCompleting(false));
  }, [completing, location.search, navigate]);

  const find = async () => {
    if (!query.trim()) return;
    setBusy(true);
    try {
      setChoice(await discoverSso(query.trim()));
    } catch {
      setChoice(undefined);
    } finally {
      setBusy(false);
    }
  };

  const go = async (providerId: string) => {
    setBusy(true);
    try {
      await startSso(providerId);
    } catch {
      setBusy(false);
    }
  };

  if (completing)
    return (
      <div style={SSO_STYLE} data-testid="sso-completing" role="status">
        <Spin size="small" /> {t('sso.completing')}
      </div>
    );
  if (!open)
    return (
      <Button
        block
        size="large"
        icon={<TeamOutlined />}
        onClick={() => setOpen(true)}
        style={{ marginTop: 8 }}
        data-testid="sso-open"
      >
        {t('sso.open')}
      </Button>
    );
  return (
    <div style={SSO_STYLE} data-testid="sso-panel">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <label htmlFor="sso-query" style={{ display: 'block', marginBottom: 4 }}>
          {t('sso.label')}
        </label>
        <Input.Search
          id="sso-query"
          size="large"
          value={query}
          autoComplete="email"
          maxLength={254}
          placeholder={t('sso.placeholder')}
          enterButton={t('sso.find')}
          loading={busy && !choice}
          onChange={(event) => {
            setQuery(event.target.value);
            setChoice(undefined);
          }}
          onSearch={() => void find()}
          data-testid="sso-query"
        />
      </form>
      {choice === null && (
        <Alert
          className="cpm-login-notice"
          type="info"
          showIcon
          title={t('sso.notFound')}
          data-testid="sso-none"
        />
      )}
      {choice && (
        <Button
          type="primary"
          block
          size="large"
          icon={<LoginOutlined />}
          loading={busy}
          onClick={() => void go(choice.providerId)}
          data-testid="sso-go"
        >
          {t('sso.signInWith', { name: choice.displayName })}
        </Button>
      )}
    </div>
  );
};
