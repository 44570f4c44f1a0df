import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test-support/test-app';
import { loginThrottle } from './auth.table';
import { THROTTLE_RULES, throttleKeys } from './login-throttle';

/**
 * The throttle's check and its count used to be separate steps: 200 attempts sent at once from one
 * address all passed the check before any failure was counted, and 155 passwords were tried against
 * a limit of 5. Each attempt is now counted in the same locked step that checks the blocks.
 */
describe('login attempts sent all at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('check at most the limit of passwords from one address', async () => {
    const attempts = Array.from({ length: 200 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/v1/oauth/login/cpmDoLogin',
        remoteAddress: '198.51.100.7',
        payload: {
          username: 'admin',
          // The right password comes last; with the race it was tried and signed in.
          password: i === 199 ? ADMIN_PASSWORD : `Wrong#Guess${i}`,
          captchaId: 'x',
          captchaCode: 'x',
          sysCode: 'cpm',
        },
      }),
    );
    const answers = await Promise.all(attempts);
    const byStatus = new Map<number, number>();
    for (const res of answers) byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    const throttled = byStatus.get(429) ?? 0;
    const checked = answers.length - throttled;
    expect(checked, JSON.stringify([...byStatus])).toBeLessThanOrEqual(THROTTLE_RULES.accountAddress.limit);
    // Every password that was checked is counted: the counter equals the wrong ones answered.
    const wrong = answers.filter((res) => res.statusCode === 400);
    const [row] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, throttleKeys('admin', '198.51.100.7').accountAddress));
    const signedIn = answers.some((res) => res.json().code === 1);
    if (!signedIn) expect(row?.failures).toBe(wrong.length);
    expect(row?.blockedUntil).not.toBeNull();
  }, 60_000);
});
