import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

/** Whether the user asked the system for less motion (WCAG 2.3.3): pages then appear without animating. */
export const prefersReducedMotion = () => media()?.matches ?? false;

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** `prefersReducedMotion`, kept current when the system setting changes. */
export const useReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
