import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from '../session/storage';
import type { VisitFlags, WorkTab, WorktabOutcome, WorktabState } from './worktabRules';
import * as rules from './worktabRules';

type WorktabStore = WorktabState & {
  open: (tab: WorkTab, flags?: VisitFlags) => void;
  ensureHome: (home: WorkTab) => void;
  /** Applies a close rule; returns where to navigate, if anywhere. */
  close: (kind: 'current' | 'left' | 'right' | 'other' | 'all', path: string) => string | null;
  clear: () => void;
};

const EMPTY: WorktabState = { tabs: [], current: null };

const restore = (): WorktabState => {
  const saved = readJson<WorktabState>(STORAGE_KEYS.worktab, EMPTY);
  return Array.isArray(saved.tabs) ? saved : EMPTY;
};

const CLOSERS: Record<
  Parameters<WorktabStore['close']>[0],
  (s: WorktabState, path: string) => WorktabOutcome
> = {
  current: rules.closeTab,
  left: rules.closeLeft,
  right: rules.closeRight,
  other: rules.closeOther,
  all: (s) => rules.closeAll(s),
};

/** Open worktabs; restored at start, saved when the page unloads (spec section 2). */
export const useWorktabStore = create<WorktabStore>()((set, get) => ({
  ...restore(),
  open: (tab, flags) => set(rules.openTab(get(), tab, flags)),
  ensureHome: (home) => set(rules.ensureHome(get(), home)),
  close: (kind, path) => {
    const { navigateTo, ...next } = CLOSERS[kind](get(), path);
    set(next);
    return navigateTo;
  },
  clear: () => set(EMPTY),
}));

/** Saves the strip on unload; signed-out (empty) strips are not written back. */
export const saveWorktabsOnUnload = (): (() => void) => {
  const save = () => {
    const { tabs, current } = useWorktabStore.getState();
    if (tabs.length > 0 && localStorage.getItem(STORAGE_KEYS.token))
      writeJson(STORAGE_KEYS.worktab, { tabs, current });
  };
  window.addEventListener('beforeunload', save);
  window.addEventListener('pagehide', save);
  return () => {
    window.removeEventListener('beforeunload', save);
    window.removeEventListener('pagehide', save);
  };
};
