import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Tests of network code run in Node's environment (`@vitest-environment node`): no DOM to set up.
const hasDom = typeof window !== 'undefined';

// Pages load their catalogues on first use; tests render at once, so every catalogue is there first.
beforeAll(async () => {
  if (!hasDom) return;
  const { i18n, initI18n } = await import('../i18n');
  const { ALL_NAMESPACES } = await import('../i18n/resources');
  initI18n('en');
  await i18n.loadNamespaces(ALL_NAMESPACES);
});

afterEach(async () => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  // Let React's scheduler finish work queued by the unmount while the DOM still exists; otherwise it
  // can run after the environment is torn down and fail the run with "window is not defined".
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// antd reads matchMedia for responsive props; jsdom does not implement it.
if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd tables measure themselves with ResizeObserver, which jsdom lacks.
if (hasDom && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
