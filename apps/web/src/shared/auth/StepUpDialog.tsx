import { KeyOutlined } from '@ant-design/icons';
import { stepUpRoutes } from '@cpm/contracts/routes';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http';
import { FactorCodeInput } from './FactorCodeInput';
import { useFactorPrompt } from './factorPrompt';

/** The message of a refused confirmation, in the console's language (the server's text). */
const refusalOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * The one dialog that confirms a second factor before a risky act (step-up): the authenticator's
 * code, a passkey, or a recovery code. Opened by `askFactor` when the server refuses a risky call for
 * want of it; a refused code stays in the dialog with the server's reason.
 */
export const StepUpDialog = () => {
  const { t } = useTranslation('auth');
  const prompt = useFactorPrompt((s) => s.prompt);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const methods = prompt?.methods ?? [];
  const hasTotp = methods.includes('totp');
  // Without an authenticator the code field takes recovery codes only.
  const useRecovery = recovery || !hasTotp;

  const close = (confirmed: boolean) => {
    prompt?.settle(confirmed);
    setCode('');
    setRecovery(false);
    setError(null);
  };

  const confirm = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      close(true);
    } catch (err) {
      setError(refusalOf(err, t('stepUp.failed')));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = () => {
    const value = code.trim();
    if (useRecovery ? value.length < 8 : value.length !== 6) {
      setError(useRecovery ? t('stepUp.recoveryNeeded') : t('stepUp.codeNeeded'));
      return;
    }
    void confirm(() =>
      call(stepUpRoutes.code, {
        body: useRecovery ? { recoveryCode: value } : { otp: value },
        silent: true,
        loading: false,
      }),
    );
  };

  const confirmPasskey = () =>
    void confirm(async () => {
      const { challengeId, options } = await call(stepUpRoutes.passkeyOptions, {
        silent: true,
        loading: false,
      });
      let credential: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        credential = await startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
      } catch {
        throw new Error(t('stepUp.passkeyCancelled'));
      }
      await call(stepUpRoutes.passkey, { body: { challengeId, credential }, silent: true, loading: false });
    });

  return (
    <Modal
      open={prompt !== null}
      title={t('stepUp.title')}
      onCancel={() => close(false)}
      footer={null}
      destroyOnHidden
      width={440}
    >
      <div data-testid="step-up-dialog">
        <Typography.Paragraph>
          {hasTotp && !recovery ? t('stepUp.codePrompt') : t('stepUp.recoveryPrompt')}
        </Typography.Paragraph>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitCode();
          }}
        >
          <FactorCodeInput
            id="step-up-code"
            recovery={useRecovery}
            value={code}
            onChange={setCode}
            invalid={Boolean(error)}
            labelStyle={{ display: 'block', marginBottom: 4 }}
            testId="step-up-code"
          />
          {error && (
            <Alert
              type="error"
              showIcon
              message={error}
              style={{ marginTop: 12 }}
              data-testid="step-up-error"
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            style={{ marginTop: 16 }}
            data-testid="step-up-submit"
          >
            {t('factor.verify')}
          </Button>
        </form>
        {methods.includes('passkey') && (
          <Button
            size="large"
            block
            icon={<KeyOutlined />}
            disabled={busy}
            style={{ marginTop: 8 }}
            onClick={confirmPasskey}
            data-testid="step-up-passkey"
          >
            {t('stepUp.usePasskey')}
          </Button>
        )}
        {hasTotp && (
          <Button
            type="link"
            style={{ paddingInline: 0, marginTop: 8 }}
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
            data-testid="step-up-use-recovery"
          >
            {recovery ? t('factor.useCode') : t('factor.useRecovery')}
          </Button>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('stepUp.why')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
};
