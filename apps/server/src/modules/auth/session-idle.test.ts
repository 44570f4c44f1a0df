import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

/** With a one-minute idle timeout, sessions in steady use once ended at 60 s (last use was written once a minute). */
describe('a short idle timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '1' } });
  });
  afterAll(() => t.close());

  it('keeps a session used every 30 s, and ends one left alone for a minute', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const mine = (tk: string) =>
      t.app.inject({ url: `/upms/v1/upms/user/getSubUserMenuById?id=${userId}`, headers: { satoken: tk } });
    for (let i = 0; i < 6; i++) {
      t.clock.advance(30_000);
      const res = await mine(token);
      expect(res.json().code, `after ${(i + 1) * 30} s`).toBe(1);
    }
    t.clock.advance(60_000);
    expect((await mine(token)).json().code).toBe(500);
  });
});
