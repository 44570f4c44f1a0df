import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings/settingsDefaults';
import { useSettingsStore } from '../../shared/settings/settingsStore';
import { SettingsDrawer } from './SettingsDrawer';

/** The drawer's panel, whose width antd sets from the `size` it was given. */
const panel = () =>
  document.querySelector<HTMLElement>('.cpm-settings-drawer-root .ant-drawer-content-wrapper');

describe('settings drawer', () => {
  beforeEach(() => useSettingsStore.setState({ ...DEFAULT_SETTINGS, drawerOpen: true }));

  it('is 265 px wide', async () => {
    render(<SettingsDrawer />);
    await screen.findByTestId('settings-drawer');
    expect(panel()?.style.width).toBe('265px');
  });

  it('stays open after a change, and closes after one once autoClose is on', async () => {
    render(<SettingsDrawer />);
    fireEvent.click(await screen.findByTestId('theme-mode-dark'));
    expect(useSettingsStore.getState().themeMode).toBe('dark');
    expect(useSettingsStore.getState().drawerOpen).toBe(true);

    // Switching autoClose on is itself a change, so the drawer closes at once.
    fireEvent.click(screen.getByTestId('setting-autoClose'));
    expect(useSettingsStore.getState().drawerOpen).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('settings-drawer')).not.toBeVisible());
  });
});
