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
    const { page, deps, tick } = fakePage(1000);
    scrollToTop(undefined, deps);
    tick(250);
    expect(page.top).toBe(500);
    tick(200);
    expect(page.top).toBe(20);
    tick(50);
    expect(page.top).toBe(0);
    expect(page.frames).toHaveLength(0);
  });

  it('takes a longer duration when the caller gives one', () => {
    const { page, deps, tick } = fakePage(1000);
    scrollToTop(800, deps);
    tick(500);
    expect(page.top).toBe(281);
    tick(220);
    expect(page.top).toBe(20);
    tick(80);
    expect(page.top).toBe(0);
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
