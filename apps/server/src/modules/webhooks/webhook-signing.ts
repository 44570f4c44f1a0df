import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: 32 random bytes, base64url, with a prefix that makes it recognisable. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Hex HMAC-SHA256 of `<unix seconds>.<body>` under the subscription's secret. */
export const signBody = (secret: string, unixSec: number, body: string) =>
  createHmac('sha256', secret).update(`${unixSec}.${body}`).digest('hex');

/** The `X-CPM-Signature` value: `t=<unix seconds>,v1=<hex>`. */
export const signatureHeader = (secret: string, unixSec: number, body: string) =>
  `t=${unixSec},v1=${signBody(secret, unixSec, body)}`;

/**
 * What a receiver does: the header parses, the timestamp is within `toleranceSec` of `nowSec`
 * (replay window) and one `v1` matches in constant time.
 */
export const verifySignature = (p: {
  secret: string;
  header: string;
  body: string;
  nowSec: number;
  toleranceSec: number;
}): boolean => {
  const parts = p.header.split(',').map((kv) => kv.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(p.nowSec - t) > p.toleranceSec) return false;
  const expected = Buffer.from(signBody(p.secret, t, p.body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v)
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
};

export type BackOff = { baseMs: number; capMs: number };

/**
 * Wait before attempt `attempt + 1`: exponential from `baseMs`, capped, with "equal jitter" (half
 * fixed, half random) so receivers coming back are not hit by every sender at once.
 */
export const retryDelayMs = (attempt: number, o: BackOff, random: () => number = Math.random) => {
  const ceiling = Math.min(o.capMs, o.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};
