import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device token is honoured after the sign-in that issued it (each sign-in issues a new one). */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60_000;

/** What a valid device token says: whose browser it is and which token (its failures are counted by `id`). */
export type DeviceTokenClaims = { userId: string; issuedAt: number; id: string };

const VERSION = 'd1';

/**
 * Device tokens ("device cookies"): a browser that once signed in as a user holds a token signed with
 * the server's key (user id, issue time, random id). Its later attempts for that user are judged by
 * their own failures only, so failures sprayed from elsewhere cannot lock the owner out.
 */
export const createDeviceTokens = (key: Buffer) => {
  const sign = (payload: string) =>
    createHmac('sha256', key).update(`login-device|${payload}`).digest('base64url');
  return {
    /** A new token for a user who has just signed in. */
    issue(userId: string, now: Date): string {
      const payload = [
        VERSION,
        userId,
        now.getTime().toString(36),
        randomBytes(16).toString('base64url'),
      ].join('.');
      return `${payload}.${sign(payload)}`;
    },

    /** The claims of a token this server signed for `userId`, not yet expired; anything else is null. */
    verify(token: string | undefined, userId: string, now: Date): DeviceTokenClaims | null {
      if (!token || token.length > 256) return null;
      const parts = token.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) return null;
      const payload = parts.slice(0, 4).join('.');
      const given = Buffer.from(parts[4], 'base64url');
      const expected = Buffer.from(sign(payload), 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issuedAt = Number.parseInt(parts[2], 36);
      if (parts[1] !== userId || !Number.isFinite(issuedAt)) return null;
      if (issuedAt > now.getTime() || now.getTime() - issuedAt > DEVICE_TOKEN_TTL_MS) return null;
      return { userId, issuedAt, id: parts[3] };
    },
  };
};

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
