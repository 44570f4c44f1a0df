import { useSyncExternalStore } from 'react';
import { FRAME } from '../shared/settings/settingsDefaults';

const QUERY = `(max-width: ${FRAME.mobileBreakpoint - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** True below the spec's 800 px breakpoint, where the menu turns into an overlay. */
export const useIsMobile = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
