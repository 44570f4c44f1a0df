import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { users } from '../users/users.table';
import { captchas, sessions } from './auth.table';

const LOGIN = '/oauth/v1/oauth/login/cpmDoLogin';
const CAPTCHA = '/oauth/v1/oauth/login/captcha';

const loginBody = (over: Record<string, string> = {}) => ({
  username: 'admin',
  password: ADMIN_PASSWORD,
  captchaId: 'x',
  captchaCode: 'x',
  sysCode: 'cpm',
  ...over,
});

describe('sign-in calls (captcha off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, headers });

  it('logs in and answers userVo and a token, storing only the token hash', async () => {
    const res = await post(loginBody());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.result.userVo).toMatchObject({ name: 'Administrator', verify: 1, username: 'admin' });
    expect(body.result.tokenValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, body.result.userVo.id));
    const hash = createHash('sha256').update(body.result.tokenValue).digest('hex');
    expect(stored.map((s) => s.tokenHash)).toContain(hash);
    expect(JSON.stringify(stored)).not.toContain(body.result.tokenValue);
  });

  it('accepts the username in any letter case', async () => {
    expect((await post(loginBody({ username: 'ADMIN' }))).json().code).toBe(1);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const wrong = (await post(loginBody({ password: 'Wrong#Pass1' }))).json();
    const unknown = (await post(loginBody({ username: 'nobody' }))).json();
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({
      code: 400,
      messageEn: 'Wrong account or password',
      message: '账号或密码错误',
    });
  });

  it('refuses a wrong system code', async () => {
    expect((await post(loginBody({ sysCode: 'other' }))).json().messageEn).toBe('Unknown system code');
  });

  it('checks the session with isLogin and ends it with doLogout', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const check = (tok: string, id = userId) =>
      t.app.inject({
        url: `/oauth/v1/oauth/login/isLogin?sysCode=cpm&userId=${id}`,
        headers: { satoken: tok },
      });
    expect((await check(token)).json()).toMatchObject({ code: 1, result: true });
    expect((await check(token, 'someone-else')).json().code).toBe(500);
    const out = await t.app.inject({ url: `/oauth/v1/oauth/login/doLogout?token=${token}` });
    expect(out.json().code).toBe(1);
    const after = await check(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(500);
    // Logging out again is harmless.
    expect((await t.app.inject({ url: `/oauth/v1/oauth/login/doLogout?token=${token}` })).json().code).toBe(
      1,
    );
  });

  it('logs out by the satoken header too', async () => {
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    await t.app.inject({ url: '/oauth/v1/oauth/login/doLogout', headers: { satoken: token } });
    const status = await t.app.inject({
      url: '/upms/v1/upms/user/getUserStatus',
      headers: { satoken: token },
    });
    expect(status.json().code).toBe(500);
  });

  it('answers the three-level menu tree with the home menu first and hidden flags', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      url: `/upms/v1/upms/user/getSubUserMenuById?id=${userId}`,
      headers: { satoken: token },
    });
    const { menuList } = res.json().result;
    expect(menuList[0]).toMatchObject({ url: 'dashboard', menuType: 1 });
    expect(menuList[0].menuVoList[0]).toMatchObject({ url: 'index', menuType: 2 });
    const device = menuList.find((m: { url: string }) => m.url === 'device');
    const index = device.menuVoList.find((p: { url: string }) => p.url === 'index');
    expect(index.menuVoList.map((b: { permission: string }) => b.permission)).toContain(
      'device:terminal:add',
    );
    expect(index.menuVoList.every((b: { menuType: number }) => b.menuType === 3)).toBe(true);
    const warning = device.menuVoList.find((p: { url: string }) => p.url === 'earlyWarning');
    expect(warning.hidden).toBe(1);
    expect(menuList.map((m: { url: string }) => m.url)).toEqual([
      'dashboard',
      'user',
      'device',
      'remote',
      'dataCenter',
      'appMarket',
      'longRange',
      'technicalSupport',
      'sysManage',
      'messageManage',
    ]);
  });

  it('answers the user status with permissions', async () => {
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const res = await t.app.inject({ url: '/upms/v1/upms/user/getUserStatus', headers: { satoken: token } });
    const body = res.json();
    expect(body.result).toMatchObject({ username: 'admin', verify: 1, enabled: true, rejectReason: null });
    expect(body.result.permissions).toContain('user:role:grant');
    expect(body.result).not.toHaveProperty('passwordHash');
  });

  it('tells whether the account has an email address a password-change code can reach', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const hasEmail = async () =>
      (await t.app.inject({ url: '/upms/v1/upms/user/getUserStatus', headers: { satoken: token } })).json()
        .result.hasEmail;
    const [before] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    try {
      await t.database.db.update(users).set({ email: null }).where(eq(users.id, userId));
      expect(await hasEmail()).toBe(false);
      await t.database.db.update(users).set({ email: '  ' }).where(eq(users.id, userId));
      expect(await hasEmail()).toBe(false);
      await t.database.db.update(users).set({ email: 'admin@example.com' }).where(eq(users.id, userId));
      expect(await hasEmail()).toBe(true);
    } finally {
      await t.database.db.update(users).set({ email: before.email }).where(eq(users.id, userId));
    }
  });

  it('ends sessions of a disabled account at once', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, userId));
    const res = await t.app.inject({ url: '/upms/v1/upms/user/getUserStatus', headers: { satoken: token } });
    expect(res.json().code).toBe(500);
    expect((await post(loginBody())).json().messageEn).toMatch(/disabled/);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.id, userId));
  });
});

describe('session timeouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '2' } });
  });
  afterAll(() => t.close());

  const status = (token: string) =>
    t.app
      .inject({ url: '/upms/v1/upms/user/getUserStatus', headers: { satoken: token } })
      .then((r) => r.json().code);

  it('ends a session idle for longer than the idle timeout', async () => {
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    t.clock.advance(29 * 60_000);
    expect(await status(token)).toBe(1);
    t.clock.advance(29 * 60_000);
    expect(await status(token)).toBe(1);
    t.clock.advance(31 * 60_000);
    expect(await status(token)).toBe(500);
  });

  it('ends an active session at the absolute timeout', async () => {
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(25 * 60_000);
      expect(await status(token)).toBe(1);
    }
    t.clock.advance(25 * 60_000);
    expect(await status(token)).toBe(500);
  });
});

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA: 'on' } });
  });
  afterAll(() => t.close());

  /** Plants a captcha with a known answer, as the image cannot be read back. */
  const plantCaptcha = async (answer: string) => {
    const res = await t.app.inject({ url: CAPTCHA });
    const { captchaId, image } = res.json().result;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const hash = createHash('sha256').update(answer).digest('hex');
    await t.database.db.update(captchas).set({ answerHash: hash }).where(eq(captchas.id, captchaId));
    return captchaId as string;
  };

  /** Signs in as the admin with `code` as the answer to captcha `id`. */
  const answer = (id: string, code: string) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: loginBody({ captchaId: id, captchaCode: code }) });

  /** Answering captcha `id` with `code` is refused as a wrong or expired captcha. */
  const expectRefused = async (id: string, code: string) =>
    expect((await answer(id, code)).json().messageEn).toBe('The captcha is wrong or has expired');

  it('serves an SVG image and an id', async () => {
    const res = await t.app.inject({ url: CAPTCHA });
    expect(res.json()).toMatchObject({ code: 1 });
    const svg = Buffer.from(res.json().result.image.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg/);
  });

  it('accepts the right answer in any case, once', async () => {
    const id = await plantCaptcha('ab3d');
    const ok = await answer(id, 'AB3D');
    expect(ok.json().code).toBe(1);
    await expectRefused(id, 'ab3d');
  });

  it('refuses a wrong answer and burns the captcha', async () => {
    const id = await plantCaptcha('wxyz');
    const wrong = await answer(id, 'nope');
    expect(wrong.json().code).toBe(400);
    await expectRefused(id, 'wxyz');
  });

  it('expires after two minutes', async () => {
    const id = await plantCaptcha('kkkk');
    t.clock.advance(2 * 60_000 + 1);
    await expectRefused(id, 'kkkk');
  });
});

describe('failed-login throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (password: string, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: loginBody({ password }), remoteAddress: ip });

  it('slows, then refuses an account from one address with 429, and lets it in again after the block', async () => {
    const started = Date.now();
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong#Pass1')).json().code).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250 + 500);
    expect((await attempt('Wrong#Pass1')).json().code).toBe(400);
    const refused = await attempt(ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      messageEn: 'Too many failed logins; please try again later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected by this address's failures.
    expect((await attempt(ADMIN_PASSWORD, '198.51.100.9')).json().code).toBe(1);
    t.clock.advance(31_000);
    expect((await attempt(ADMIN_PASSWORD)).json().code).toBe(1);
  });
});
