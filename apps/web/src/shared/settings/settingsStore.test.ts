import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settingsDefaults';
import { useSettingsStore } from './settingsStore';

describe('settings store', () => {
  beforeEach(() => useSettingsStore.setState({ ...DEFAULT_SETTINGS, drawerOpen: false }));

  it('starts from the spec defaults', () => {
    const s = useSettingsStore.getState();
    expect(s.uniqueOpened).toBe(true);
    expect(s.menuButton).toBe(true);
    expect(s.showRefreshButton).toBe(true);
    expect(s.showCrumbs).toBe(true);
    expect(s.autoClose).toBe(false);
    expect(s.showWorkTab).toBe(true);
    expect(s.showLanguage).toBe(true);
    expect(s.showNprogress).toBe(false);
    expect(s.themeMode).toBe('light');
  });

  it('keeps the drawer open after a change unless autoClose is on', () => {
    const { setDrawerOpen, update } = useSettingsStore.getState();
    setDrawerOpen(true);
    update({ showCrumbs: false });
    expect(useSettingsStore.getState().drawerOpen).toBe(true);
    update({ autoClose: true });
    expect(useSettingsStore.getState().drawerOpen).toBe(false);
    setDrawerOpen(true);
    update({ themeMode: 'dark' });
    expect(useSettingsStore.getState().drawerOpen).toBe(false);
  });

  it('reset returns to the defaults', () => {
    useSettingsStore.getState().update({ showWorkTab: false, menuTheme: 'dark' });
    useSettingsStore.getState().reset();
    expect(useSettingsStore.getState().showWorkTab).toBe(true);
    expect(useSettingsStore.getState().menuTheme).toBe('design');
  });
});
