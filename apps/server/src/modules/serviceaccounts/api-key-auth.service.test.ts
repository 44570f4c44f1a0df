import { describe, expect, it, vi } from 'vitest';
import { type Fake, fakeOf } from '../../test-support/fake';
import { apiKeyRecord, RECORD_TIME, serviceAccountRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import { createApiKeyAuth, type RoleGrants } from './api-key-auth.service';
import { hashSecret } from './api-key-format';
import type { CounterState, createServiceAccountsRepository } from './serviceaccounts.repository';

const SECRET = 'S'.repeat(43);
const OTHER = 'W'.repeat(43);
const MINUTE = 60_000;

/** Fixed windows kept in memory, as the database keeps them. */
const memoryCounters = () => {
  const windows = new Map<string, CounterState>();
  return {
    hit: async (key: string, windowMs: number, now: Date, amount = 1) => {
      const old = windows.get(key);
      const fresh = !old || old.windowStart.getTime() <= now.getTime() - windowMs;
      const next = fresh ? { count: amount, windowStart: now } : { ...old, count: old.count + amount };
      windows.set(key, next);
      return next;
    },
    counters: async (keys: string[]) =>
      new Map(keys.flatMap((k) => (windows.has(k) ? [[k, windows.get(k) as CounterState] as const] : []))),
  };
};

const setup = (
  over: {
    key?: Parameters<typeof apiKeyRecord>[0];
    enabled?: boolean;
    ownerActive?: boolean;
    role?: RoleGrants | null;
  } = {},
) => {
  const clock = createTestClock(RECORD_TIME);
  const account = serviceAccountRecord({ enabled: over.enabled ?? true });
  const key = apiKeyRecord({ serviceAccountId: account.id, secretHash: hashSecret(SECRET), ...over.key });
  const repo: Fake<ReturnType<typeof createServiceAccountsRepository>> = fakeOf<
    typeof createServiceAccountsRepository
  >({
    findKeyByPrefix: async (prefix) => (prefix === key.prefix ? { key, account } : null),
    ...memoryCounters(),
    touchKey: async () => true,
  });
  const audit = vi.fn(async () => undefined);
  const role: RoleGrants | null =
    over.role === undefined
      ? {
          enabled: true,
          dataScope: 'tree',
          permissions: new Set(['device:terminal:view', 'task:create:add']),
        }
      : over.role;
  const ownerActive = vi.fn(async () => over.ownerActive ?? true);
  const auth = createApiKeyAuth({ repo, clock, roleGrants: async () => role, ownerActive, audit });
  const headers = new Map<string, string>();
  const meta = (ip = '198.51.100.1') => ({ ip, header: (n: string, v: string) => headers.set(n, v) });
  const login = (secret = SECRET, ip?: string) => auth.authenticate(`${key.prefix}.${secret}`, meta(ip));
  return { clock, account, key, repo, audit, auth, headers, meta, login };
};

describe('API key authentication', () => {
  it("becomes a caller with the service account's owner and the key's scopes within the role", async () => {
    const s = setup({ key: { scopes: ['device:terminal:view', 'user:menu:add'] } });
    const caller = await s.login();
    expect(caller.userId).toBe(s.account.ownerId);
    expect([...caller.permissions]).toEqual(['device:terminal:view']);
    expect(caller.apiKey).toEqual({ id: s.key.id, prefix: s.key.prefix, serviceAccountId: s.account.id });
  });

  it('grants nothing once the role is disabled or gone', async () => {
    const s = setup({ role: null });
    expect((await s.login()).permissions.size).toBe(0);
  });

  it('refuses a key at its expiry', async () => {
    const s = setup();
    s.clock.advance(24 * 3_600_000);
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyInvalid' });
  });

  it('refuses a revoked key', async () => {
    const s = setup({ key: { revokedAt: RECORD_TIME } });
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyInvalid' });
  });

  it('refuses the keys of a disabled service account', async () => {
    const s = setup({ enabled: false });
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyInvalid' });
  });

  it('refuses the keys of a service account whose owning account is disabled', async () => {
    const s = setup({ ownerActive: false });
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyInvalid' });
  });

  it('locks the prefix after 25 wrong secrets, then refuses the right key until the window ends', async () => {
    const s = setup();
    for (let i = 0; i < 25; i++) await expect(s.login(OTHER)).rejects.toMatchObject({ key: 'apiKeyInvalid' });
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyLocked' });
    s.clock.advance(15 * MINUTE);
    await expect(s.login()).resolves.toMatchObject({ username: `POS bridge (${s.key.prefix})` });
  });

  it('does not lock the prefix after 24 wrong secrets', async () => {
    const s = setup();
    for (let i = 0; i < 24; i++) await expect(s.login(OTHER)).rejects.toMatchObject({ key: 'apiKeyInvalid' });
    await expect(s.login()).resolves.toBeTruthy();
  });

  it('locks an address that presents 25 unknown prefixes, not other addresses', async () => {
    const s = setup();
    for (let i = 0; i < 25; i++)
      await expect(
        s.auth.authenticate(`cpk_${'f'.repeat(12)}.${SECRET}`, s.meta('203.0.113.5')),
      ).rejects.toThrow();
    await expect(s.login(SECRET, '203.0.113.5')).rejects.toMatchObject({ key: 'apiKeyLocked' });
    await expect(s.login(SECRET, '203.0.113.6')).resolves.toBeTruthy();
  });

  it('only admits addresses on the allow-list', async () => {
    const s = setup({ key: { allowedSources: ['10.0.0.0/8', '2001:db8::/32'] } });
    await expect(s.login(SECRET, '::ffff:10.1.2.3')).resolves.toBeTruthy();
    await expect(s.login(SECRET, '2001:db8::5')).resolves.toBeTruthy();
    await expect(s.login(SECRET, '11.0.0.1')).rejects.toMatchObject({ key: 'apiKeySourceRefused' });
  });

  it('counts calls per key, says so in the headers and refuses past the limit', async () => {
    const s = setup({ key: { rateLimitPerMinute: 1 } });
    await s.login();
    expect(Object.fromEntries(s.headers)).toEqual({
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '60',
    });
    await expect(s.login()).rejects.toMatchObject({ key: 'apiKeyRateLimited' });
    s.clock.advance(MINUTE);
    await expect(s.login()).resolves.toBeTruthy();
  });

  it('records a use only when the sampled last-use write went through', async () => {
    const s = setup();
    await s.login();
    s.repo.touchKey.mockResolvedValue(false);
    await s.login();
    expect(s.audit).toHaveBeenCalledTimes(1);
    expect(s.repo.touchKey).toHaveBeenCalledWith(
      s.key.id,
      RECORD_TIME,
      '198.51.100.1',
      new Date(RECORD_TIME.getTime() - MINUTE),
    );
  });
});
