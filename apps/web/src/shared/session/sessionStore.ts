import type { MenuNode } from '@cpm/contracts';
import { create } from 'zustand';
import { clearSession, loadSession, type SavedSession, type SessionSnapshot, saveSession } from './storage';

/** Where the login page may send the user back to, and for whom (another user starts at home). */
export type LoginReturn = { from?: string; userId?: string | null };

type SessionState = {
  token: string | null;
  user: SavedSession | null;
  menuList: MenuNode[];
  /** Button permission keys gathered from the menu (`permissionForm`). */
  permissions: string[];
  isLogin: boolean;
  /** Who was signed in before the last sign-out: only they are taken back to where they were. */
  previousUserId: string | null;
  signIn: (snapshot: SessionSnapshot) => void;
  /** Forgets the session locally; the caller decides where to go next. */
  signOut: () => void;
};

const initial = () => {
  const saved = loadSession();
  return {
    token: saved?.token ?? null,
    user: saved?.user ?? null,
    menuList: saved?.menuList ?? [],
    permissions: saved?.permissions ?? [],
    isLogin: saved !== null,
    previousUserId: null,
  };
};

/** The signed-in user, their menu and permissions; restored from the spec's storage keys at start. */
export const useSessionStore = create<SessionState>()((set) => ({
  ...initial(),
  signIn: (snapshot) => {
    saveSession(snapshot);
    set({
      token: snapshot.token,
      user: snapshot.user,
      menuList: snapshot.menuList,
      permissions: snapshot.permissions,
      isLogin: true,
    });
  },
  signOut: () => {
    clearSession();
    set((s) => ({
      token: null,
      user: null,
      menuList: [],
      permissions: [],
      isLogin: false,
      previousUserId: s.user?.id ?? s.previousUserId,
    }));
  },
}));
