import { describe, expect, it } from 'vitest';
import { SCROLL_DURATION_MS, type ScrollDeps, scrollPageTo, scrollToTop } from './smoothScroll';

/** A page whose scroll position, clock and animation frames the test drives. */
const fakePage = (startTop: number) => {
  const page = { top: startTop, clock: 0, frames: [] as (() => void)[] };
  const deps: ScrollDeps = {
    getTop: () => page.top,
    scrollTo: (value) => {
      page.top = value;
    },
    now: () => page.clock,
    frame: (callback) => page.frames.push(callback),
  };
  const tick = (ms: number) => {
    page.clock += ms;
    page.frames.shift()?.();
  };
  return { page, deps, tick };
};

describe('scroll helper', () => {
  it('defaults to the spec duration of 500 ms', () => {
    expect(SCROLL_DURATION_MS).toBe(500);
  });

  // Each step moves the clock by `ms` and runs one frame; the page is then at `top`.
  it.each([
    {
      name: 'takes the default duration when the caller gives none',
      duration: undefined,
      steps: [
        { ms: 250, top: 500 },
        { ms: 200, top: 20 },
        { ms: 50, top: 0 },
      ],
    },
    {
      name: 'takes a longer duration when the caller gives one',
      duration: 800,
      steps: [
        { ms: 500, top: 281 },
        { ms: 220, top: 20 },
        { ms: 80, top: 0 },
      ],
    },
  ])('$name', ({ duration, steps }) => {
    const { page, deps, tick } = fakePage(1000);
    scrollToTop(duration, deps);
    for (const { ms, top } of steps) {
      tick(ms);
      expect(page.top).toBe(top);
    }
    expect(page.frames).toHaveLength(0);
  });

  it('scrolls down to a target as well as up', () => {
    const { page, deps, tick } = fakePage(100);
    scrollPageTo(700, undefined, deps);
    tick(250);
    expect(page.top).toBe(400);
    tick(250);
    expect(page.top).toBe(700);
  });

  it('does nothing when the page is already there', () => {
    const { page, deps } = fakePage(0);
    scrollToTop(undefined, deps);
    expect(page.frames).toHaveLength(0);
  });
});
