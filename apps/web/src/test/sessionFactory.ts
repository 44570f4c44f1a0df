import type { SavedSession } from '../shared/session/storage';

/** A signed-in console user with sensible defaults. */
export const sessionUser = (overrides: Partial<SavedSession> = {}): SavedSession => ({
  id: 'u1',
  name: 'Ada',
  username: 'ada',
  verify: 1,
  sysCode: 'cpm',
  language: 'en',
  isLogin: true,
  ...overrides,
});
