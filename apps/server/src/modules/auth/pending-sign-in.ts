import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the second sign-in step may follow the password. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60_000;

/** The step a pending sign-in waits for. */
export type PendingStep = 'verify' | 'enrol';

/** What a valid pending token says. */
export type PendingClaims = { userId: string; step: PendingStep; expiresAt: number };

const VERSION = 'p1';

/**
 * "Password passed, second factor pending": a short-lived token signed with the server's key between
 * the two sign-in steps. It opens no session and grants nothing but the second step's calls.
 */
export const createPendingSignIns = (key: Buffer) => {
  const sign = (payload: string) =>
    createHmac('sha256', key).update(`second-factor-pending|${payload}`).digest('base64url');
  return {
    /** A token for the account's second step, valid `PENDING_SIGN_IN_TTL_MS` from now. */
    issue(userId: string, step: PendingStep, now: Date): { token: string; expiresAt: Date } {
      const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
      const payload = [
        VERSION,
        userId,
        step,
        expiresAt.getTime().toString(36),
        randomBytes(12).toString('base64url'),
      ].join('.');
      return { token: `${payload}.${sign(payload)}`, expiresAt };
    },

    /** The claims of an unexpired token this server signed; anything else is null. */
    verify(token: string, now: Date): PendingClaims | null {
      if (token.length > 512) return null;
      const parts = token.split('.');
      if (parts.length !== 6 || parts[0] !== VERSION) return null;
      const payload = parts.slice(0, 5).join('.');
      const given = Buffer.from(parts[5], 'base64url');
      const expected = Buffer.from(sign(payload), 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const step = parts[2];
      const expiresAt = Number.parseInt(parts[3], 36);
      if ((step !== 'verify' && step !== 'enrol') || !Number.isFinite(expiresAt)) return null;
      if (now.getTime() >= expiresAt) return null;
      return { userId: parts[1], step, expiresAt };
    },
  };
};

export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
