import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { afterEach, beforeAll } from 'vitest';

// `findBy*` and `waitFor` wait for a condition and return as soon as it holds. Their default of one
// second is less than an antd dialog can take to mount when the test command runs on a busy machine,
// so the wait is bounded by the test's own timeout instead.
configure({ asyncUtilTimeout: 15_000 });

// Pages load their catalogues on first use; tests render at once, so every catalogue is there first.
beforeAll(async () => {
  const { i18n, initI18n } = await import('../i18n');
  const { ALL_NAMESPACES } = await import('../i18n/resources');
  initI18n('en');
  await i18n.loadNamespaces(ALL_NAMESPACES);
});

afterEach(async () => {
  cleanup();
  // Messages shown through antd's static API live in a root of their own that cleanup does not reach;
  // a message's close timer (3 s) would render there after the environment is gone.
  const { message, notification } = await import('antd');
  message.destroy();
  notification.destroy();
  localStorage.clear();
  // Let React's scheduler finish the work the unmount and the destroy queued while the DOM still
  // exists; otherwise it runs after the environment is torn down and fails the run with "window is
  // not defined". A callback at idle priority runs once every task before it, and each task those
  // schedule (render, commit, passive effects), has run.
  await new Promise<void>((resolve) => unstable_scheduleCallback(unstable_IdlePriority, () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// antd reads matchMedia for responsive props; jsdom does not implement it.
if (!window.matchMedia) {
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
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
