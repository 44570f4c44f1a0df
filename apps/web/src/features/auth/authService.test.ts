// @vitest-environment jsdom
// Signing in sets the page's language through the i18n set-up, which writes to the document.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { setNavigator } from '../../shared/navigation/navigation';
import { useSessionStore } from '../../shared/session/sessionStore';
import { useWorktabStore } from '../../shared/worktabs/worktabStore';
import { defaultMenuNodes } from '../../test/menuFactory';
import { sessionUser } from '../../test/sessionFactory';
import { GUIDE_PATH, login, logout, verifySavedSession, verifySecondFactor } from './authService';

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 1, message: '操作成功', messageEn: 'OK', msg: '', result }), {
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (code: number) =>
  new Response(JSON.stringify({ code, message: '失败', messageEn: 'Failed', msg: '', result: null }), {
    status: code === 500 ? 401 : 400,
    headers: { 'Content-Type': 'application/json' },
  });

const user = (verify: number) => ({ id: 'u1', name: 'Ada', verify, username: 'ada', language: 'en' });

/** A fake server answering by path. */
const serve = (routes: Record<string, () => Response>) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    const answer = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
    return answer ? answer[1]() : fail(404);
  });

const input = { username: 'ada', password: 'Secret#123', captchaId: 'c1', captchaCode: 'abcd' };

describe('authService', () => {
  const navigate = vi.fn();
  beforeAll(() => {
    initI18n('en');
  });
  beforeEach(() => {
    setNavigator(navigate);
    useSessionStore.getState().signOut();
    useWorktabStore.getState().clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('stores the spec keys and the permissions after login', async () => {
    const menu = defaultMenuNodes();
    serve({
      '/cpmDoLogin': () => ok({ userVo: user(1), tokenValue: 'tok' }),
      '/getSubUserMenuById': () => ok({ menuList: menu }),
    });
    const outcome = await login(input);
    expect(outcome).toEqual({ kind: 'enter', to: '/dashboard/index', userId: expect.any(String) });
    for (const key of ['token', 'userId', 'verify', 'sys', 'language', 'menuList', 'permissionForm']) {
      expect(localStorage.getItem(key), key).not.toBeNull();
    }
    expect(JSON.parse(localStorage.getItem('permissionForm') ?? '[]')).toContain('device:terminal:add');
    expect(useSessionStore.getState().isLogin).toBe(true);
  });

  it('stops at the second factor with no session, then enters with the code', async () => {
    const menu = defaultMenuNodes();
    const secondFactor = { step: 'verify', pendingToken: 'pending-1', expiresAt: '2026-06-01T08:05:00Z' };
    serve({
      '/cpmDoLogin': () => ok({ userVo: user(1), tokenValue: '', deviceToken: '', secondFactor }),
      '/secondFactor': () => ok({ userVo: user(1), tokenValue: 'tok', deviceToken: 'dev' }),
      '/getSubUserMenuById': () => ok({ menuList: menu }),
    });
    const outcome = await login(input);
    expect(outcome).toEqual({
      kind: 'secondFactor',
      step: 'verify',
      pendingToken: 'pending-1',
      username: 'ada',
    });
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, token: null });
    const entered = await verifySecondFactor('ada', { pendingToken: 'pending-1', otp: '123456' });
    expect(entered).toMatchObject({ kind: 'enter', to: '/dashboard/index' });
    expect(useSessionStore.getState()).toMatchObject({ isLogin: true, token: 'tok' });
  });

  it('sends the device token of the account’s last sign-in in this browser, keeps the new one past logout', async () => {
    const bodies: { deviceToken?: string }[] = [];
    let issued = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (request, init) => {
      const path = new URL(String(request), 'http://x').pathname;
      if (path.endsWith('/cpmDoLogin')) {
        bodies.push(JSON.parse(String(init?.body)));
        issued++;
        return ok({ userVo: user(1), tokenValue: 'tok', deviceToken: `device-${issued}` });
      }
      if (path.endsWith('/getSubUserMenuById')) return ok({ menuList: [] });
      return ok(null);
    });
    localStorage.removeItem('loginDevices');
    await login(input);
    expect(bodies[0]).not.toHaveProperty('deviceToken');
    await logout();
    await login({ ...input, username: ' ADA ' });
    expect(bodies[1].deviceToken).toBe('device-1');
    await login({ ...input, username: 'grace' });
    expect(bodies[2]).not.toHaveProperty('deviceToken');
    await login(input);
    expect(bodies[3].deviceToken).toBe('device-2');
  });

  it('sends accounts with incomplete details to the guide page', async () => {
    serve({
      '/cpmDoLogin': () => ok({ userVo: user(0), tokenValue: 'tok' }),
      '/getSubUserMenuById': () => ok({ menuList: [] }),
    });
    expect(await login(input)).toEqual({ kind: 'enter', to: GUIDE_PATH, userId: expect.any(String) });
  });

  it('stops accounts waiting for review or rejected, with the reason, and keeps no token', async () => {
    serve({
      '/cpmDoLogin': () => ok({ userVo: user(3), tokenValue: 'tok' }),
      '/getUserStatus': () => ok({ rejectReason: 'Company unknown' }),
      '/doLogout': () => ok(null),
    });
    expect(await login(input)).toEqual({ kind: 'rejected', reason: 'Company unknown' });
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    vi.restoreAllMocks();
    serve({ '/cpmDoLogin': () => ok({ userVo: user(2), tokenValue: 'tok' }), '/doLogout': () => ok(null) });
    expect(await login(input)).toEqual({ kind: 'pending' });
  });

  it('logout tells the server, clears the session and the tabs, and goes to /login', async () => {
    serve({
      '/cpmDoLogin': () => ok({ userVo: user(1), tokenValue: 'tok' }),
      '/getSubUserMenuById': () => ok({ menuList: [] }),
      '/doLogout': () => ok(null),
    });
    await login(input);
    useWorktabStore.getState().open({ path: '/a/b', fullPath: '/a/b', title: { zh: 'a', en: 'a' } });
    await logout();
    const calls = vi.mocked(globalThis.fetch).mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('/doLogout?token=tok'))).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(useWorktabStore.getState().tabs).toEqual([]);
    expect(navigate).toHaveBeenLastCalledWith('/login', { replace: true });
  });

  it('logout clears the stored session whatever the server answers, an error or no answer at all', async () => {
    for (const answer of [() => fail(9999), () => fail(500), () => Response.error()]) {
      vi.restoreAllMocks();
      serve({
        '/cpmDoLogin': () => ok({ userVo: user(1), tokenValue: 'tok' }),
        '/getSubUserMenuById': () => ok({ menuList: [] }),
        '/doLogout': answer,
      });
      await login(input);
      expect(localStorage.getItem('token')).toBe('tok');
      useWorktabStore.getState().open({ path: '/a/b', fullPath: '/a/b', title: { zh: 'a', en: 'a' } });
      await logout();
      for (const key of ['token', 'userId', 'verify', 'sys', 'menuList', 'permissionForm']) {
        expect(localStorage.getItem(key), key).toBeNull();
      }
      expect(useSessionStore.getState().isLogin).toBe(false);
      expect(useWorktabStore.getState().tabs).toEqual([]);
      expect(navigate).toHaveBeenLastCalledWith('/login', { replace: true });
    }
  });

  it('the start-up check signs out when the server does not answer code 1', async () => {
    useSessionStore.getState().signIn({
      token: 'old',
      user: sessionUser(),
      menuList: [],
      permissions: [],
    });
    serve({ '/isLogin': () => fail(500) });
    await verifySavedSession();
    expect(useSessionStore.getState().isLogin).toBe(false);
    // The same user signing in again goes back to the page; nobody else does (see LoginPage).
    expect(navigate).toHaveBeenLastCalledWith('/login', {
      replace: true,
      state: { from: '/', userId: 'u1' },
    });
  });
});
