import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

/** Whether the page is full screen, and a toggle. */
export const useFullscreen = () => {
  const active = useSyncExternalStore(
    subscribe,
    () => Boolean(document.fullscreenElement),
    () => false,
  );
  const toggle = useCallback(() => {
    const action = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // Browsers refuse full screen without a user gesture or in some frames; nothing to recover.
    action?.catch(() => undefined);
  }, []);
  return { active, toggle };
};
