/** Spec section 9: the scroll helper's default duration. */
export const SCROLL_DURATION_MS = 500;

/** What the helper reads and drives; the browser's window by default, a fake in tests. */
export type ScrollDeps = {
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

/** Scrolls the page to `target` (px from the top) over `duration` ms with an ease-in-out curve. */
export const scrollPageTo = (
  target: number,
  duration: number = SCROLL_DURATION_MS,
  deps: ScrollDeps = browserScroll(),
): void => {
  const from = deps.getTop();
  const to = Math.max(0, Math.round(target));
  if (from === to) return;
  const start = deps.now();
  const step = () => {
    const progress = duration > 0 ? Math.min(1, (deps.now() - start) / duration) : 1;
    deps.scrollTo(Math.round(from + (to - from) * easeInOut(progress)));
    if (progress < 1) deps.frame(step);
  };
  deps.frame(step);
};

/** Scrolls the page to its top over `duration` ms (500 unless the caller says otherwise). */
export const scrollToTop = (duration: number = SCROLL_DURATION_MS, deps?: ScrollDeps): void =>
  scrollPageTo(0, duration, deps);

/**
 * Scrolls the page so `element` starts just below the frame's fixed top bar, over `duration` ms.
 * A plain `scrollIntoView` would leave the element's first line under that bar.
 */
export const scrollToElement = (element: HTMLElement, duration: number = SCROLL_DURATION_MS): void => {
  const bar = document.querySelector<HTMLElement>('.cpm-topbar')?.offsetHeight ?? 0;
  const gap = 16;
  scrollPageTo(element.getBoundingClientRect().top + window.scrollY - bar - gap, duration);
};
