import { describe, expect, it } from 'vitest';
import { PAGE_SCROLL_MS, SHARED_PAGINATION, scrollToTop, TABLE_PAGINATION } from './pagination';

describe('pagination defaults', () => {
  it('match the spec', () => {
    expect(SHARED_PAGINATION).toEqual({ current: 1, size: 10, sizes: [10, 20, 50, 100, 500] });
    expect(TABLE_PAGINATION).toEqual({ current: 1, size: 14, sizes: [14, 20, 30, 40, 50, 60, 70, 80] });
    expect(PAGE_SCROLL_MS).toBe(800);
  });
});

describe('scrollToTop', () => {
  it('reaches the top after the duration, not before', () => {
    let clock = 0;
    let top = 1000;
    const frames: (() => void)[] = [];
    const deps = {
      getTop: () => top,
      scrollTo: (value: number) => {
        top = value;
      },
      now: () => clock,
      frame: (callback: () => void) => frames.push(callback),
    };
    scrollToTop(800, deps);
    const tick = (ms: number) => {
      clock += ms;
      frames.shift()?.();
    };
    tick(400);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(1000);
    tick(300);
    expect(top).toBeGreaterThan(0);
    tick(100);
    expect(top).toBe(0);
    expect(frames).toHaveLength(0);
  });

  it('does nothing at the top already', () => {
    const frames: (() => void)[] = [];
    scrollToTop(800, { getTop: () => 0, scrollTo: () => {}, now: () => 0, frame: (cb) => frames.push(cb) });
    expect(frames).toHaveLength(0);
  });
});
