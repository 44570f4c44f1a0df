import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFullscreen } from './useFullscreen';

describe('full-screen toggle', () => {
  let element: Element | null = null;
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  const enter = vi.fn(async () => {
    element = document.documentElement;
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  const exit = vi.fn(async () => {
    element = null;
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  document.documentElement.requestFullscreen = enter;
  document.exitFullscreen = exit;
  afterEach(() => {
    element = null;
    vi.clearAllMocks();
  });

  it('puts the whole page in full screen and takes it out again, following the browser', async () => {
    const { result } = renderHook(() => useFullscreen());
    expect(result.current.active).toBe(false);
    await act(async () => result.current.toggle());
    expect(enter).toHaveBeenCalledTimes(1);
    expect(result.current.active).toBe(true);
    await act(async () => result.current.toggle());
    expect(exit).toHaveBeenCalledTimes(1);
    expect(result.current.active).toBe(false);
  });

  it('stays usable when the browser refuses full screen', async () => {
    enter.mockImplementationOnce(() => Promise.reject(new Error('not allowed')));
    const { result } = renderHook(() => useFullscreen());
    await act(async () => result.current.toggle());
    expect(result.current.active).toBe(false);
  });
});
