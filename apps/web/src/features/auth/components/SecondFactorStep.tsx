import { factorsRoutes } from '@cpm/contracts/routes';
import { Button, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { FactorCodeInput } from '../../../shared/auth/FactorCodeInput';
import { enter, type LoginOutcome, verifySecondFactor } from '../authService';
import { enrolPasskeyAtSignIn, passkeysSupported } from '../passkeys';
import { PasskeySignIn } from './PasskeySignIn';
import { RecoveryCodes, TotpEnrolment } from './TotpEnrolment';

type Pending = Extract<LoginOutcome, { kind: 'secondFactor' }>;

/**
 * The sign-in's second step on the login page: the authenticator's code (or a recovery code), or,
 * for an account a rule requires to have one, enrolling an authenticator first.
 */
export const SecondFactorStep = ({
  pending,
  onOutcome,
  onRestart,
}: {
  pending: Pending;
  onOutcome: (outcome: LoginOutcome) => void;
  /** Back to the password (the step expired or the user wants another account). */
  onRestart: () => void;
}) => {
  const { t } = useTranslation('auth');
  const { pendingToken, username, methods } = pending;
  const hasTotp = methods.includes('totp');
  // Without an authenticator the code field takes recovery codes only.
  const [recovery, setRecovery] = useState(!hasTotp);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState<Parameters<typeof enter>[1] | null>(null);
  // A passkey enrolled instead of an authenticator: its recovery codes show before entering.
  const [passkeyCodes, setPasskeyCodes] = useState<string[] | null>(null);

  const enrolPasskey = async () => {
    setBusy(true);
    try {
      const result = await enrolPasskeyAtSignIn(pendingToken, t('factor.enrolPasskeyName'));
      if (!result) return;
      setSignedIn(result);
      setPasskeyCodes(result.recoveryCodes);
    } catch {
      // The client showed why (expired step, refused passkey).
    } finally {
      setBusy(false);
    }
  };

  const start = useCallback(
    () => call(factorsRoutes.loginEnrolStart, { body: { pendingToken } }),
    [pendingToken],
  );
  const confirm = useCallback(
    async (otp: string) => {
      const result = await call(factorsRoutes.loginEnrolConfirm, { body: { pendingToken, otp } });
      setSignedIn(result);
      return result;
    },
    [pendingToken],
  );

  const submit = async () => {
    const value = code.trim();
    if (recovery ? value.length < 8 : value.length !== 6) return;
    setBusy(true);
    try {
      onOutcome(
        await verifySecondFactor(
          username,
          recovery ? { pendingToken, recoveryCode: value } : { pendingToken, otp: value },
        ),
      );
    } catch {
      // The client showed why (wrong code, expired step, too many attempts).
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (pending.step === 'enrol' && passkeyCodes !== null)
    return (
      <div data-testid="login-enrol">
        <h2 className="cpm-login-title">{t('factor.recoveryTitle')}</h2>
        <RecoveryCodes
          codes={passkeyCodes}
          doneLabel={t('factor.continue')}
          onDone={() => {
            if (signedIn) void enter(username, signedIn).then(onOutcome, onRestart);
          }}
        />
      </div>
    );

  if (pending.step === 'enrol')
    return (
      <div data-testid="login-enrol">
        <h2 className="cpm-login-title">{t('factor.enrolTitle')}</h2>
        <p className="cpm-text-secondary cpm-login-subtitle">{t('factor.enrolRequired')}</p>
        {passkeysSupported() && (
          <Button
            block
            size="large"
            loading={busy}
            onClick={() => void enrolPasskey()}
            data-testid="login-enrol-passkey"
          >
            {t('factor.enrolPasskey')}
          </Button>
        )}
        <TotpEnrolment
          start={start}
          confirm={confirm}
          doneLabel={t('factor.continue')}
          onDone={() => {
            // The client showed why when the menu could not be read; the user signs in again.
            if (signedIn) void enter(username, signedIn).then(onOutcome, onRestart);
          }}
        />
        <Button type="link" onClick={onRestart} style={{ paddingInline: 0, marginTop: 12 }}>
          {t('factor.restart')}
        </Button>
      </div>
    );

  return (
    <div data-testid="login-second-factor">
      <h2 className="cpm-login-title">{t('factor.verifyTitle')}</h2>
      <p className="cpm-text-secondary cpm-login-subtitle">
        {!hasTotp ? t('passkey.stepPrompt') : recovery ? t('factor.recoveryPrompt') : t('factor.codePrompt')}
      </p>
      {methods.includes('passkey') && (
        <PasskeySignIn pendingToken={pendingToken} onOutcome={onOutcome} primary={!hasTotp} />
      )}
      <form
        className="cpm-login-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="cpm-login-field">
          <FactorCodeInput
            id="login-second-code"
            recovery={recovery}
            value={code}
            onChange={setCode}
            testId="login-code"
          />
        </div>
        <div className="cpm-login-submit">
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            data-testid="login-code-submit"
          >
            {t('factor.verify')}
          </Button>
        </div>
      </form>
      <div className="cpm-login-links" style={{ display: 'flex', justifyContent: 'space-between' }}>
        {hasTotp ? (
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
            data-testid="login-use-recovery"
          >
            {recovery ? t('factor.useCode') : t('factor.useRecovery')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="link" style={{ paddingInline: 0 }} onClick={onRestart}>
          {t('factor.restart')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('factor.lostDevice')}
      </Typography.Paragraph>
    </div>
  );
};
