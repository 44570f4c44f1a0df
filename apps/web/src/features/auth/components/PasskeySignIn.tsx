import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enter, type LoginOutcome } from '../authService';
import { passkeySignIn, passkeysSupported } from '../passkeys';

/**
 * "Sign in with a passkey": as the second step after the password (`pendingToken`), or from the
 * login page without one, where the passkey names the account (allowed per enterprise). Hidden in a
 * browser without WebAuthn.
 */
export const PasskeySignIn = ({
  pendingToken,
  onOutcome,
  primary,
}: {
  pendingToken?: string;
  onOutcome: (outcome: LoginOutcome) => void;
  primary?: boolean;
}) => {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const run = async () => {
    setBusy(true);
    try {
      const result = await passkeySignIn(pendingToken);
      if (result) onOutcome(await enter(result.userVo.username, result));
    } catch {
      // The client showed why (an unknown passkey, an expired request, passkey-only sign-in off).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<KeyOutlined />}
      size="large"
      block
      type={primary ? 'primary' : 'default'}
      loading={busy}
      onClick={() => void run()}
      data-testid={pendingToken ? 'login-passkey-second' : 'login-passkey'}
      style={{ marginTop: 12 }}
    >
      {pendingToken ? t('passkey.useForStep') : t('passkey.signIn')}
    </Button>
  );
};
