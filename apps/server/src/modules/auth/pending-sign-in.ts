import { createSignedTokens } from './signed-token';

/** How long the second sign-in step may follow the password. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60_000;

/** The step a pending sign-in waits for. */
export type PendingStep = 'verify' | 'enrol';

/** What a valid pending token says. */
export type PendingClaims = { userId: string; step: PendingStep; expiresAt: number };

/**
 * "Password passed, second factor pending": a short-lived token signed with the server's key between
 * the two sign-in steps. It opens no session and grants nothing but the second step's calls.
 */
export const createPendingSignIns = (key: Buffer) => {
  const tokens = createSignedTokens({ key, purpose: 'second-factor-pending', version: 'p1', maxLength: 512 });
  return {
    /** A token for the account's second step, valid `PENDING_SIGN_IN_TTL_MS` from now. */
    issue(userId: string, step: PendingStep, now: Date): { token: string; expiresAt: Date } {
      const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
      return { token: tokens.seal([userId, step, expiresAt.getTime().toString(36)], 12), expiresAt };
    },

    /** The claims of an unexpired token this server signed; anything else is null. */
    verify(token: string, now: Date): PendingClaims | null {
      const fields = tokens.open(token, 3);
      if (!fields) return null;
      const [userId, step, expiry] = fields;
      const expiresAt = Number.parseInt(expiry, 36);
      if ((step !== 'verify' && step !== 'enrol') || !Number.isFinite(expiresAt)) return null;
      if (now.getTime() >= expiresAt) return null;
      return { userId, step, expiresAt };
    },
  };
};

export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
