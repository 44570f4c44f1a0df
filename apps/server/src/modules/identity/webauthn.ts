import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

/** Who the passkeys belong to: the relying party id (a domain) and the origins the console is served from. */
export type WebAuthnConfig = { rpId: string; rpName: string; origins: string[] };

/** A stored passkey as the checks need it. */
export type StoredCredential = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

/** A passkey the browser created and the server verified. */
export type NewCredential = Omit<StoredCredential, 'counter'> & { counter: number; synced: boolean };

/** Options for the browser and the challenge in them (base64url) that the answer must sign. */
export type Ceremony = { challenge: string; options: Record<string, unknown> };

/** How long the browser's WebAuthn prompt waits, and how long the server keeps its challenge after. */
export const WEBAUTHN_TIMEOUT_MS = 60_000;
export const CHALLENGE_TTL_MS = 2 * 60_000;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const transportsOf = (t: string[]) => t as AuthenticatorTransport[];

/**
 * The WebAuthn ceremonies (W3C Web Authentication, level 2) over `@simplewebauthn/server`: options
 * for registering and for asserting a passkey, and the verification of the browser's answers against
 * the expected challenge, origin and relying party. A verification that fails answers null.
 */
export const createWebAuthn = (config: WebAuthnConfig) => {
  /** What every answer must carry: the challenge handed out, one of the origins, this relying party. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: config.origins,
    expectedRPID: config.rpId,
  });
  return {
    async registrationOptions(
      user: { id: string; username: string },
      exclude: StoredCredential[],
    ): Promise<Ceremony> {
      const options = await generateRegistrationOptions({
        rpName: config.rpName,
        rpID: config.rpId,
        userName: user.username,
        userID: new TextEncoder().encode(user.id),
        timeout: WEBAUTHN_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: exclude.map((c) => ({
          id: c.credentialId,
          transports: transportsOf(c.transports),
        })),
        // Discoverable, so the same passkey can sign in without the account name where that is allowed.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
    },

    async verifyRegistration(response: unknown, challenge: string): Promise<NewCredential | null> {
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          ...expected(challenge),
          requireUserVerification: false,
        });
        if (!result.verified) return null;
        const { credential, credentialDeviceType } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: b64url(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          synced: credentialDeviceType === 'multiDevice',
        };
      } catch {
        return null;
      }
    },

    /**
     * Options to assert one of `allow` (a known account), or any discoverable passkey of this relying
     * party (null: the passkey names the account). Without a password the user must be verified.
     */
    async authenticationOptions(allow: StoredCredential[] | null): Promise<Ceremony> {
      const options = await generateAuthenticationOptions({
        rpID: config.rpId,
        timeout: WEBAUTHN_TIMEOUT_MS,
        allowCredentials: allow?.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
        userVerification: allow ? 'preferred' : 'required',
      });
      return { challenge: options.challenge, options: options as unknown as Record<string, unknown> };
    },

    /** The new signature counter of a valid assertion by `stored`, or null. */
    async verifyAuthentication(
      response: unknown,
      challenge: string,
      stored: StoredCredential,
      requireUserVerification: boolean,
    ): Promise<{ counter: number } | null> {
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          ...expected(challenge),
          credential: {
            id: stored.credentialId,
            publicKey: Buffer.from(stored.publicKey, 'base64url'),
            counter: stored.counter,
            transports: transportsOf(stored.transports),
          },
          requireUserVerification,
        });
        return result.verified ? { counter: result.authenticationInfo.newCounter } : null;
      } catch {
        return null;
      }
    },
  };
};

export type WebAuthn = ReturnType<typeof createWebAuthn>;
