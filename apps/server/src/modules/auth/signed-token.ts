import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Dot-separated tokens signed with the server's key: a version, some fields, a random nonce, then an
 * HMAC-SHA256 over all of that under `purpose`, so a token made for one purpose is worthless for another.
 */
export const createSignedTokens = (opts: {
  key: Buffer;
  purpose: string;
  version: string;
  maxLength: number;
}) => {
  const sign = (payload: string) =>
    createHmac('sha256', opts.key).update(`${opts.purpose}|${payload}`).digest('base64url');
  return {
    /** A token carrying `fields` and a nonce of `nonceBytes` random bytes. */
    seal(fields: string[], nonceBytes: number): string {
      const payload = [opts.version, ...fields, randomBytes(nonceBytes).toString('base64url')].join('.');
      return `${payload}.${sign(payload)}`;
    },

    /**
     * The fields and then the nonce of a token this server signed with `fieldCount` fields; null for
     * anything else (too long, another version or shape, a signature that does not match).
     */
    open(token: string | undefined, fieldCount: number): string[] | null {
      if (!token || token.length > opts.maxLength) return null;
      const parts = token.split('.');
      if (parts.length !== fieldCount + 3 || parts[0] !== opts.version) return null;
      const payload = parts.slice(0, -1).join('.');
      const given = Buffer.from(parts[parts.length - 1], 'base64url');
      const expected = Buffer.from(sign(payload), 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return parts.slice(1, -1);
    },
  };
};
