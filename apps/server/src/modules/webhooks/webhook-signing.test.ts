import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, retryDelayMs, signatureHeader, verifySignature } from './webhook-signing';

const secret = 'whsec_test';
const body = '{"id":"e1","type":"terminal.online"}';

describe('webhook signatures', () => {
  it('sign HMAC-SHA256 of "timestamp.body" in hex, with the timestamp in the header', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verify within the replay window and refuse outside it, or with another body or secret', () => {
    const header = signatureHeader(secret, 1000, body);
    const ok = { secret, header, body, nowSec: 1000 + 300, toleranceSec: 300 };
    expect(verifySignature(ok)).toBe(true);
    expect(verifySignature({ ...ok, nowSec: 1000 + 301 })).toBe(false);
    expect(verifySignature({ ...ok, body: `${body} ` })).toBe(false);
    expect(verifySignature({ ...ok, secret: 'whsec_other' })).toBe(false);
    expect(verifySignature({ ...ok, header: 'v1=00' })).toBe(false);
  });

  it('make a new 32-byte secret each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('retry back-off', () => {
  const o = { baseMs: 1000, capMs: 8000 };

  it('doubles from the base up to the cap, between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, o, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, o, () => 0))).toEqual([500, 1000, 2000, 4000]);
  });

  it('spreads retries of one attempt over the jitter range', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, o)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) expect(d >= 2000 && d <= 4000).toBe(true);
  });

  it('keeps a default delivery trying for about a day in about fifteen attempts', () => {
    const o24 = { baseMs: 30_000, capMs: 3 * 3_600_000 };
    let total = 0;
    let attempts = 1;
    while (total + retryDelayMs(attempts, o24, () => 1) <= 24 * 3_600_000)
      total += retryDelayMs(attempts++, o24, () => 1);
    expect(attempts).toBeGreaterThanOrEqual(12);
    expect(attempts).toBeLessThanOrEqual(16);
  });
});
