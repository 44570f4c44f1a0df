import { PAGING } from '@cpm/contracts';

/** Spec section 9: after a page change the shared helper scrolls to the top in 800 ms. */
export const PAGE_SCROLL_MS = 800;

/** Defaults of the shared pagination helper: page 1, size 10, sizes 10 / 20 / 50 / 100 / 500. */
export const SHARED_PAGINATION = {
  current: PAGING.defaultCurrent,
  size: PAGING.defaultSize,
  sizes: PAGING.sharedSizes,
} as const;

/** Defaults of table pagination: size 14 with sizes 14 to 80. */
export const TABLE_PAGINATION = {
  current: PAGING.defaultCurrent,
  size: PAGING.tableSize,
  sizes: PAGING.tableSizes,
} as const;

type ScrollDeps = {
  getTop: () => number;
  scrollTo: (top: number) => void;
  now: () => number;
  frame: (callback: () => void) => void;
};

const browserScroll = (): ScrollDeps => ({
  getTop: () => document.scrollingElement?.scrollTop ?? window.scrollY,
  scrollTo: (top) => window.scrollTo(0, top),
  now: () => performance.now(),
  frame: (callback) => requestAnimationFrame(callback),
});

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls the page to the top over `duration` ms with an ease-in-out curve. */
export const scrollToTop = (duration = PAGE_SCROLL_MS, deps: ScrollDeps = browserScroll()): void => {
  const from = deps.getTop();
  if (from <= 0) return;
  const start = deps.now();
  const step = () => {
    const progress = Math.min(1, (deps.now() - start) / duration);
    deps.scrollTo(Math.round(from * (1 - easeInOut(progress))));
    if (progress < 1) deps.frame(step);
  };
  deps.frame(step);
};
