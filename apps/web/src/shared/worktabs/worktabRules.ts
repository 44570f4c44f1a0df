/** The home page: the tab that every close action falls back to. */
export const HOME_PATH = '/dashboard/index';

/** The signed-in user's own security page (second factor, sessions), opened from the user menu. */
export const ACCOUNT_SECURITY_PATH = '/account/security';

/** One open page. `path` identifies the tab; `fullPath` (with query) is where it navigates. */
export type WorkTab = {
  path: string;
  fullPath: string;
  title: { zh: string; en: string };
};

export type WorktabState = { tabs: WorkTab[]; current: string | null };

/** A rule's result: the new state and where to navigate, if anywhere. */
export type WorktabOutcome = WorktabState & { navigateTo: string | null };

/** What the router knows about the visited page. */
export type VisitFlags = { hidden?: boolean; standalone?: boolean };

const stay = (state: WorktabState): WorktabOutcome => ({ ...state, navigateTo: null });

/** Moves to `target` when the current tab was closed, otherwise stays. */
const settle = (state: WorktabState, tabs: WorkTab[], target: WorkTab): WorktabOutcome => {
  const currentKept = tabs.some((t) => t.path === state.current);
  return currentKept
    ? { tabs, current: state.current, navigateTo: null }
    : { tabs, current: target.path, navigateTo: target.fullPath };
};

/** Visiting a page adds it (or refreshes its address) and marks it current; hidden and stand-alone pages never become tabs. */
export const openTab = (state: WorktabState, tab: WorkTab, flags: VisitFlags = {}): WorktabState => {
  if (flags.hidden || flags.standalone) return state;
  const index = state.tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return { tabs: [...state.tabs, tab], current: tab.path };
  const tabs = state.tabs.map((t, i) =>
    i === index ? { ...t, fullPath: tab.fullPath, title: tab.title } : t,
  );
  return { tabs, current: tab.path };
};

/** Puts the home tab first when it is missing, so the not-closable first tab is always home. */
export const ensureHome = (state: WorktabState, home: WorkTab): WorktabState => {
  if (state.tabs[0]?.path === home.path) return state;
  return { ...state, tabs: [home, ...state.tabs.filter((t) => t.path !== home.path)] };
};

/** Closes one tab. The first tab cannot be closed; closing the current one goes to the last remaining tab. */
export const closeTab = (state: WorktabState, path: string): WorktabOutcome => {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index <= 0) return stay(state);
  const tabs = state.tabs.filter((t) => t.path !== path);
  if (tabs.length === 0) return { tabs, current: null, navigateTo: HOME_PATH };
  if (state.current !== path) return { tabs, current: state.current, navigateTo: null };
  const last = tabs[tabs.length - 1];
  return { tabs, current: last.path, navigateTo: last.fullPath };
};

/** Closes the tabs left of `path`, keeping the first tab. */
export const closeLeft = (state: WorktabState, path: string): WorktabOutcome => {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index === -1) return stay(state);
  const tabs = state.tabs.filter((_, i) => i === 0 || i >= index);
  return settle(state, tabs, state.tabs[index]);
};

/** Closes the tabs right of `path`. */
export const closeRight = (state: WorktabState, path: string): WorktabOutcome => {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index === -1) return stay(state);
  const tabs = state.tabs.filter((_, i) => i <= index);
  return settle(state, tabs, state.tabs[index]);
};

/** Closes every tab except `path`, the home tab and the first tab. */
export const closeOther = (state: WorktabState, path: string): WorktabOutcome => {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index === -1) return stay(state);
  const tabs = state.tabs.filter((t, i) => i === 0 || t.path === path || t.path === HOME_PATH);
  return settle(state, tabs, state.tabs[index]);
};

/** Closes everything and goes home; only the home tab stays. */
export const closeAll = (state: WorktabState): WorktabOutcome => {
  const tabs = state.tabs.filter((t) => t.path === HOME_PATH);
  const home = tabs[0];
  return {
    tabs,
    current: HOME_PATH,
    navigateTo: state.current === HOME_PATH ? null : (home?.fullPath ?? HOME_PATH),
  };
};

/** Which close actions make sense for a tab, for the context menu. */
export const availableActions = (state: WorktabState, path: string) => {
  const index = state.tabs.findIndex((t) => t.path === path);
  const closable = (i: number) => i > 0;
  return {
    close: closable(index),
    left: state.tabs.some((_, i) => i < index && closable(i)),
    right: state.tabs.some((_, i) => i > index),
    other: state.tabs.some((t, i) => i !== index && closable(i) && t.path !== HOME_PATH),
    all: state.tabs.some((t) => t.path !== HOME_PATH),
  };
};
