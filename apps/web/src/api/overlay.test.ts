import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOverlay } from './overlay';

describe('createOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only after the delay and hides when the last request ends', () => {
    const setVisible = vi.fn();
    const overlay = createOverlay(setVisible, 300);
    overlay.start();
    overlay.start();
    vi.advanceTimersByTime(299);
    expect(setVisible).not.toHaveBeenCalledWith(true);
    vi.advanceTimersByTime(1);
    expect(setVisible).toHaveBeenLastCalledWith(true);
    overlay.stop();
    expect(setVisible).toHaveBeenLastCalledWith(true);
    overlay.stop();
    expect(setVisible).toHaveBeenLastCalledWith(false);
  });

  it('never shows for a request faster than the delay', () => {
    const setVisible = vi.fn();
    const overlay = createOverlay(setVisible, 300);
    overlay.start();
    vi.advanceTimersByTime(100);
    overlay.stop();
    vi.advanceTimersByTime(1000);
    expect(setVisible).not.toHaveBeenCalledWith(true);
  });
});
