import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, useReducedMotion } from './reducedMotion';

/** A media query list whose answer the test changes, as the system setting would. */
const systemSetting = (reduce: boolean) => {
  const listeners = new Set<() => void>();
  const list = {
    matches: reduce,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-reduced-motion: reduce)');
    return list;
  });
  return {
    change: (next: boolean) => {
      list.matches = next;
      for (const fn of listeners) fn();
    },
  };
};

describe('reduced motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system setting, also when it changes', () => {
    const setting = systemSetting(false);
    expect(prefersReducedMotion()).toBe(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.change(true));
    expect(result.current).toBe(true);
    expect(prefersReducedMotion()).toBe(true);
  });
});
