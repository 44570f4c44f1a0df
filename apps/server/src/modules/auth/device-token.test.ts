import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceTokens, DEVICE_TOKEN_TTL_MS } from './device-token';

const now = new Date('2026-06-01T08:00:00Z');
const USER = '00000000-0000-0000-0000-0000000000a1';

describe('device tokens', () => {
  const tokens = createDeviceTokens(randomBytes(32));

  it('verifies a token it issued for the same user, with a random id per token', () => {
    const a = tokens.issue(USER, now);
    const b = tokens.issue(USER, now);
    expect(tokens.verify(a, USER, now)).toMatchObject({ userId: USER, issuedAt: now.getTime() });
    expect(tokens.verify(a, USER, now)?.id).not.toBe(tokens.verify(b, USER, now)?.id);
  });

  it('refuses another user, another key, a changed token, and one expired or from the future', () => {
    const token = tokens.issue(USER, now);
    expect(tokens.verify(token, '00000000-0000-0000-0000-0000000000b2', now)).toBeNull();
    expect(createDeviceTokens(randomBytes(32)).verify(token, USER, now)).toBeNull();
    const parts = token.split('.');
    expect(tokens.verify([...parts.slice(0, 3), 'other-id', parts[4]].join('.'), USER, now)).toBeNull();
    expect(tokens.verify(`${token}x`, USER, now)).toBeNull();
    expect(tokens.verify(undefined, USER, now)).toBeNull();
    expect(tokens.verify(token, USER, new Date(now.getTime() + DEVICE_TOKEN_TTL_MS + 1))).toBeNull();
    expect(tokens.verify(token, USER, new Date(now.getTime() - 1))).toBeNull();
  });
});
