import { beforeEach, describe, expect, it } from 'vitest';
import { defaultMenuNodes } from '../../test/menuFactory';
import { sessionUser } from '../../test/sessionFactory';
import { menuToRoutes } from '../menu/menuToRoutes';
import { clearSession, loadSession, type SessionSnapshot, saveSession } from './storage';

const snapshot = (): SessionSnapshot => ({
  token: 'tok',
  user: sessionUser(),
  menuList: defaultMenuNodes(),
  permissions: ['device:terminal:add'],
});

describe('saved session', () => {
  beforeEach(() => localStorage.clear());

  it('restores a saved session at start, and the menu routes are built again from the stored menu', () => {
    saveSession(snapshot());
    const restored = loadSession();
    expect(restored).toEqual(snapshot());
    const routes = menuToRoutes(restored?.menuList ?? []);
    expect(routes.routes.map((r) => r.path)).toContain('/device/index');
  });

  it('is no session without a user id or a token, and survives a corrupt entry', () => {
    saveSession(snapshot());
    localStorage.removeItem('userId');
    expect(loadSession()).toBeNull();
    saveSession(snapshot());
    localStorage.setItem('menuList', '{not json');
    expect(loadSession()?.menuList).toEqual([]);
  });

  it('forgets the session but keeps the language and the personal settings of the browser', () => {
    saveSession(snapshot());
    localStorage.setItem('language', 'en');
    localStorage.setItem('settings', '{"themeMode":"dark"}');
    localStorage.setItem('worktab', '{"current":"/device/index"}');
    clearSession();
    for (const key of ['token', 'userId', 'verify', 'sys', 'menuList', 'permissionForm', 'worktab'])
      expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('settings')).toBe('{"themeMode":"dark"}');
  });
});
