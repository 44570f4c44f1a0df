import { createSignedTokens } from './signed-token';

/** How long a device token is honoured after the sign-in that issued it (each sign-in issues a new one). */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60_000;

/** What a valid device token says: whose browser it is and which token (its failures are counted by `id`). */
export type DeviceTokenClaims = { userId: string; issuedAt: number; id: string };

/**
 * Device tokens ("device cookies"): a browser that once signed in as a user holds a token signed with
 * the server's key (user id, issue time, random id). Its later attempts for that user are judged by
 * their own failures only, so failures sprayed from elsewhere cannot lock the owner out.
 */
export const createDeviceTokens = (key: Buffer) => {
  const tokens = createSignedTokens({ key, purpose: 'login-device', version: 'd1', maxLength: 256 });
  return {
    /** A new token for a user who has just signed in. */
    issue: (userId: string, now: Date): string => tokens.seal([userId, now.getTime().toString(36)], 16),

    /** The claims of a token this server signed for `userId`, not yet expired; anything else is null. */
    verify(token: string | undefined, userId: string, now: Date): DeviceTokenClaims | null {
      const fields = tokens.open(token, 2);
      if (!fields) return null;
      const issuedAt = Number.parseInt(fields[1], 36);
      if (fields[0] !== userId || !Number.isFinite(issuedAt)) return null;
      if (issuedAt > now.getTime() || now.getTime() - issuedAt > DEVICE_TOKEN_TTL_MS) return null;
      return { userId, issuedAt, id: fields[2] };
    },
  };
};

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
