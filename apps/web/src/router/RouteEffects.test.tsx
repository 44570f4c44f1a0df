import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../shared/navigation/navigation';
import { DEFAULT_SETTINGS } from '../shared/settings/settingsDefaults';
import { useSettingsStore } from '../shared/settings/settingsStore';
import { NProgress } from './progress';
import { RouteEffects } from './RouteEffects';

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  // Set per test: what the router's navigate does (the real one unless a test replaces it).
  const state: { replace: null | (() => unknown) } = { replace: null };
  return {
    ...actual,
    __state: state,
    useNavigate: () => {
      const real = actual.useNavigate();
      return (...args: Parameters<typeof real>) => (state.replace ? state.replace() : real(...args));
    },
  };
});

const routerState = async () =>
  ((await import('react-router')) as unknown as { __state: { replace: null | (() => unknown) } }).__state;

/** A button that navigates through the router, as a menu click does. */
const Go = ({ to }: { to: string }) => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
};

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard/index']}>
      <RouteEffects />
      <Go to="/device/index" />
    </MemoryRouter>,
  );

describe('route effects', () => {
  afterEach(async () => {
    // Unmount while the test's fake timers are in place and run the bar's exit on them: on real
    // timers it would touch the document after this file's DOM is gone.
    cleanup();
    if (vi.isFakeTimers()) vi.runAllTimers();
    (await routerState()).replace = null;
    useSettingsStore.setState({ ...DEFAULT_SETTINGS });
    NProgress.remove();
    vi.useRealTimers();
  });

  it('runs the progress bar on navigation only when showNprogress is on, at 500 ms, ease, no spinner', () => {
    expect(NProgress.settings).toMatchObject({ speed: 500, easing: 'ease', showSpinner: false });
    vi.useFakeTimers();
    const start = vi.spyOn(NProgress, 'start');
    const view = mount();
    expect(start).not.toHaveBeenCalled();
    view.unmount();

    useSettingsStore.setState({ showNprogress: true });
    const again = mount();
    expect(start).toHaveBeenCalledTimes(1);
    act(() => again.getByRole('button').click());
    expect(start).toHaveBeenCalledTimes(2);
    start.mockRestore();
  });

  it('swallows a routing error of a navigation made outside React', async () => {
    mount();
    const state = await routerState();
    state.replace = () => Promise.reject(new Error('navigation aborted'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(() => navigateTo('/somewhere')).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
