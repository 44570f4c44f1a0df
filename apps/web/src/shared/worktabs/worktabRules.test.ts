import { describe, expect, it } from 'vitest';
import {
  availableActions,
  closeAll,
  closeLeft,
  closeOther,
  closeRight,
  closeTab,
  ensureHome,
  HOME_PATH,
  openTab,
  type WorkTab,
  type WorktabState,
} from './worktabRules';

const tab = (path: string): WorkTab => ({ path, fullPath: path, title: { zh: path, en: path } });
const home = tab(HOME_PATH);
const a = tab('/device/index');
const b = tab('/user/role');
const c = tab('/appMarket/index');
const d = tab('/remote/common');
const state = (current: string, ...tabs: WorkTab[]): WorktabState => ({ tabs, current });
const paths = (s: WorktabState) => s.tabs.map((t) => t.path);

describe('openTab', () => {
  it('adds a new page and marks it current', () => {
    const s = openTab(state(HOME_PATH, home), a);
    expect(paths(s)).toEqual([HOME_PATH, a.path]);
    expect(s.current).toBe(a.path);
  });

  it('only marks an open page current, updating its address', () => {
    const s = openTab(state(a.path, home, a, b), { ...a, fullPath: '/device/index?group=2' });
    expect(paths(s)).toEqual([HOME_PATH, a.path, b.path]);
    expect(s.current).toBe(a.path);
    expect(s.tabs[1].fullPath).toBe('/device/index?group=2');
  });

  it('never adds hidden or stand-alone pages', () => {
    const start = state(HOME_PATH, home);
    expect(openTab(start, tab('/device/deviceDetail/X1'), { hidden: true })).toBe(start);
    expect(openTab(start, tab('/login'), { standalone: true })).toBe(start);
  });
});

describe('ensureHome', () => {
  it('puts home first without changing the current tab', () => {
    const s = ensureHome(state(a.path, a, home), home);
    expect(paths(s)).toEqual([HOME_PATH, a.path]);
    expect(s.current).toBe(a.path);
  });
});

describe('closeTab', () => {
  it('refuses to close the first tab', () => {
    const s = closeTab(state(HOME_PATH, home, a), HOME_PATH);
    expect(paths(s)).toEqual([HOME_PATH, a.path]);
    expect(s.navigateTo).toBeNull();
  });

  it('closing the current tab goes to the last remaining tab', () => {
    const s = closeTab(state(b.path, home, a, b, c), b.path);
    expect(paths(s)).toEqual([HOME_PATH, a.path, c.path]);
    expect(s.current).toBe(c.path);
    expect(s.navigateTo).toBe(c.fullPath);
  });

  it('closing another tab stays where the user is', () => {
    const s = closeTab(state(c.path, home, a, c), a.path);
    expect(paths(s)).toEqual([HOME_PATH, c.path]);
    expect(s.current).toBe(c.path);
    expect(s.navigateTo).toBeNull();
  });

  it('falls back to the remaining tabs, never to an empty strip', () => {
    const s = closeTab(state(a.path, tab('/x/first'), a), a.path);
    expect(s.navigateTo).toBe('/x/first');
    const alone = closeTab({ tabs: [a, b], current: b.path }, b.path);
    expect(alone.navigateTo).toBe(a.fullPath);
  });
});

describe('closeLeft / closeRight / closeOther', () => {
  // Each closes the current tab too, so the given one becomes current and the address moves to it.
  /** Closing with `close` from `current` keeps `kept` and the tabs in `left`, and goes to `kept`. */
  const expectClosed = (close: typeof closeLeft, current: WorkTab, kept: WorkTab, left: string[]) => {
    const s = close(state(current.path, home, a, b, c), kept.path);
    expect(paths(s)).toEqual(left);
    expect(s.current).toBe(kept.path);
    expect(s.navigateTo).toBe(kept.fullPath);
  };

  it('closes the tabs left of the given one, keeping the first', () => {
    expectClosed(closeLeft, b, c, [HOME_PATH, c.path]);
  });

  it('closes the tabs right of the given one', () => {
    expectClosed(closeRight, c, a, [HOME_PATH, a.path]);
  });

  it('closeOther keeps home and the given tab', () => {
    expectClosed(closeOther, a, b, [HOME_PATH, b.path]);
  });

  it('closeLeft stays on the current tab when it survives', () => {
    const s = closeLeft(state(d.path, home, a, b, c, d), c.path);
    expect(paths(s)).toEqual([HOME_PATH, c.path, d.path]);
    expect(s.navigateTo).toBeNull();
  });
});

describe('closeAll', () => {
  it('closeAll goes home and keeps only the home tab', () => {
    const s = closeAll(state(b.path, home, a, b));
    expect(paths(s)).toEqual([HOME_PATH]);
    expect(s.current).toBe(HOME_PATH);
    expect(s.navigateTo).toBe(HOME_PATH);
  });

  it('closeAll on the home page keeps it and does not navigate', () => {
    const s = closeAll(state(HOME_PATH, home, a));
    expect(paths(s)).toEqual([HOME_PATH]);
    expect(s.navigateTo).toBeNull();
  });

  it('closeAll without a home tab empties the strip and goes home', () => {
    const s = closeAll(state(a.path, a, b));
    expect(s.tabs).toEqual([]);
    expect(s.navigateTo).toBe(HOME_PATH);
  });
});

describe('availableActions', () => {
  it('disables what would do nothing', () => {
    const s = state(a.path, home, a, b);
    expect(availableActions(s, HOME_PATH)).toEqual({
      close: false,
      left: false,
      right: true,
      other: true,
      all: true,
    });
    expect(availableActions(s, b.path)).toEqual({
      close: true,
      left: true,
      right: false,
      other: true,
      all: true,
    });
    expect(availableActions(state(HOME_PATH, home), HOME_PATH)).toEqual({
      close: false,
      left: false,
      right: false,
      other: false,
      all: false,
    });
  });
});
