import type { LoginResult } from '@cpm/contracts';
import { passkeysRoutes } from '@cpm/contracts/routes';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { call, showMessage } from '../../api/http';
import { i18n } from '../../i18n';

/** Whether this browser can use passkeys at all (secure context with WebAuthn). */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * Runs the browser's passkey prompt; a cancelled, timed-out or refused prompt shows why in the
 * user's language and answers null (the server is not called).
 */
const prompt = async <T>(run: () => Promise<T>): Promise<T | null> => {
  try {
    return await run();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    const key =
      name === 'NotAllowedError'
        ? 'passkey.cancelled'
        : name === 'InvalidStateError'
          ? 'passkey.alreadyOnDevice'
          : 'passkey.browserFailed';
    showMessage('error', i18n.t(key, { ns: 'auth' }));
    return null;
  }
};

/** Creates a passkey on this device and registers it under `name`; answers recovery codes (first factor). */
export const addPasskey = async (name: string): Promise<{ recoveryCodes: string[] } | null> => {
  const { challengeId, options } = await call(passkeysRoutes.registerOptions, {});
  const credential = await prompt(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
  if (!credential) return null;
  return call(passkeysRoutes.register, { body: { challengeId, name, credential }, notifySuccess: true });
};

/**
 * Signs in with a passkey: the second step of a sign-in (`pendingToken`), or alone (the passkey names
 * the account). Answers the opened session, or null when the prompt did not complete.
 */
export const passkeySignIn = async (pendingToken?: string): Promise<LoginResult | null> => {
  const { challengeId, options } = await call(passkeysRoutes.loginOptions, { body: { pendingToken } });
  const credential = await prompt(() =>
    startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );
  if (!credential) return null;
  return call(passkeysRoutes.login, { body: { pendingToken, challengeId, credential } });
};

/**
 * Enrols a passkey where a rule requires a second factor before the first session (`pendingToken`
 * of the enrolment step): answers the opened session with its recovery codes, or null when the
 * prompt did not complete.
 */
export const enrolPasskeyAtSignIn = async (
  pendingToken: string,
  name: string,
): Promise<(LoginResult & { recoveryCodes: string[] }) | null> => {
  const { challengeId, options } = await call(passkeysRoutes.loginEnrolOptions, { body: { pendingToken } });
  const credential = await prompt(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
  if (!credential) return null;
  return call(passkeysRoutes.loginEnrol, { body: { pendingToken, challengeId, name, credential } });
};
