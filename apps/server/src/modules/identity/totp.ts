import { generate, generateSecret, generateURI, verify } from 'otplib';

/** Seconds per TOTP step (RFC 6238's default, what authenticator apps use). */
export const TOTP_PERIOD_S = 30;

/** Codes of the step before and after the current one are accepted too (clock drift of a phone). */
const TOLERANCE_S = TOTP_PERIOD_S;

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Cloud POS';

/** Authenticator codes (RFC 6238, six digits, 30 s, SHA-1) through otplib. */
export const createTotp = () => ({
  /** A new random secret (20 bytes, Base32). */
  newSecret: (): string => generateSecret(),

  /** The `otpauth://` URI an authenticator app reads from the QR code. */
  uri: (secret: string, account: string): string =>
    generateURI({ issuer: TOTP_ISSUER, label: account, secret }),

  /**
   * The time step a code belongs to when it is valid at `now` (within one step either side) and
   * newer than `afterStep`; null otherwise, so a code used once is refused for the rest of its window.
   */
  async check(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_S,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },

  /** The code of `secret` at `now` (tests and the sign-in walk-through use it). */
  codeAt: (secret: string, now: Date): Promise<string> =>
    generate({ secret, epoch: Math.floor(now.getTime() / 1000) }),
});

export type Totp = ReturnType<typeof createTotp>;
