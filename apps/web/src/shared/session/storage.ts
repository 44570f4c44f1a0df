import type { MenuNode } from '@cpm/contracts';

/**
 * The spec's local-storage keys (section 9), plus the console's own keys for tabs, settings, search and
 * the sign-in device tokens (`loginDevices`, kept on sign-out: they belong to the browser).
 */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  verify: 'verify',
  sys: 'sys',
  language: 'language',
  menuList: 'menuList',
  permissionForm: 'permissionForm',
  worktab: 'worktab',
  settings: 'settings',
  searchHistory: 'searchHistory',
  loginDevices: 'loginDevices',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a JSON value; a missing or corrupt entry gives the fallback instead of breaking start-up. */
export const readJson = <T>(key: StorageKey, fallback: T): T => {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
};

/** Writes a JSON value. */
export const writeJson = (key: StorageKey, value: unknown): void => {
  localStorage.setItem(key, JSON.stringify(value));
};

/** The whole session as saved under `sys`. */
export type SavedSession = {
  id: string;
  name: string;
  username: string;
  verify: number;
  sysCode: string;
  language: string;
  isLogin: boolean;
};

/** Everything a signed-in console keeps between visits. */
export type SessionSnapshot = {
  token: string;
  user: SavedSession;
  menuList: MenuNode[];
  permissions: string[];
};

/** Saves a fresh session under the spec's keys. */
export const saveSession = (snapshot: SessionSnapshot): void => {
  localStorage.setItem(STORAGE_KEYS.token, snapshot.token);
  localStorage.setItem(STORAGE_KEYS.userId, snapshot.user.id);
  localStorage.setItem(STORAGE_KEYS.verify, String(snapshot.user.verify));
  writeJson(STORAGE_KEYS.sys, snapshot.user);
  writeJson(STORAGE_KEYS.menuList, snapshot.menuList);
  writeJson(STORAGE_KEYS.permissionForm, snapshot.permissions);
};

/** Reads the saved session, or null when there is no token and user id. */
export const loadSession = (): SessionSnapshot | null => {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  const user = readJson<SavedSession | null>(STORAGE_KEYS.sys, null);
  if (!token || !userId || !user) return null;
  return {
    token,
    user: { ...user, id: userId },
    menuList: readJson<MenuNode[]>(STORAGE_KEYS.menuList, []),
    permissions: readJson<string[]>(STORAGE_KEYS.permissionForm, []),
  };
};

/**
 * Forgets the session. Language and personal settings stay: they belong to the browser, and losing them
 * would switch the login page to another language right after sign-out.
 */
export const clearSession = (): void => {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.userId,
    STORAGE_KEYS.verify,
    STORAGE_KEYS.sys,
    STORAGE_KEYS.menuList,
    STORAGE_KEYS.permissionForm,
    STORAGE_KEYS.worktab,
    STORAGE_KEYS.searchHistory,
  ]) {
    localStorage.removeItem(key);
  }
};
