import { allEndpoints } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error';
import { createTestClock } from '../../test-support/test-app';
import { createCallLimits, ENTERPRISE_FACTOR } from './call-limits';

/** Call limits on an in-memory counter with the same rule as the database's: fixed one-minute windows. */
const setup = (perMinute: number) => {
  const clock = createTestClock();
  const windows = new Map<string, { start: number; count: number }>();
  const limit = createCallLimits({
    limits: { files: perMinute, jobs: perMinute, links: 0, sso: 0 },
    clock,
    hit: async (key, rule, now, refusal) => {
      const w = windows.get(key);
      const fresh = !w || w.start <= now.getTime() - rule.windowMs;
      const next = fresh ? { start: now.getTime(), count: 1 } : { ...w, count: w.count + 1 };
      windows.set(key, next);
      if (next.count > rule.limit) throw new AppError(refusal, { retryAfterSeconds: 60 });
    },
    // Two accounts under one enterprise; the enterprise's own account is the top of its tree.
    enterpriseOf: async (userId) => (userId === 'other' ? 'other' : 'ent'),
  });
  return { limit, clock };
};

describe('call limits', () => {
  it("refuses an account's calls past its limit per minute, per class, and allows them again a minute later", async () => {
    const { limit, clock } = setup(2);
    await limit('files', { userId: 'a' });
    await limit('files', { userId: 'a' });
    await expect(limit('files', { userId: 'a' })).rejects.toMatchObject({ key: 'filesRateLimited' });
    // Another class and another enterprise have windows of their own; a class with no limit is free.
    await limit('jobs', { userId: 'a' });
    await limit('files', { userId: 'other' });
    for (let i = 0; i < 10; i++) await limit('links', { userId: 'a' });
    clock.advance(60_000);
    await limit('files', { userId: 'a' });
  });

  it("lets an enterprise's accounts together make three times one account's calls", async () => {
    const { limit } = setup(2);
    const accounts = ['ent', 'a', 'b', 'c'];
    let allowed = 0;
    for (const userId of accounts)
      for (let i = 0; i < 2; i++)
        await limit('jobs', { userId }).then(
          () => allowed++,
          (err: AppError) => expect(err.key).toBe('jobsRateLimited'),
        );
    expect(allowed).toBe(2 * ENTERPRISE_FACTOR);
  });
});

describe('rate-limited endpoints', () => {
  it('covers every upload, every export or job started from the console, and link signing', () => {
    const all = allEndpoints();
    for (const def of all.filter((d) => d.upload)) expect(def.rateLimit, def.path).toBe('files');
    for (const def of all.filter((d) => /\/export(\/start)?$/.test(d.path)))
      expect(def.rateLimit, def.path).toBe('jobs');
    expect(all.filter((d) => d.rateLimit === 'links').map((d) => d.path)).toEqual([
      '/file/v1/file/blob/sign',
    ]);
  });
});
