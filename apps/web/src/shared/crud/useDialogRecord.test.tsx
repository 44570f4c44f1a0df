import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDialogRecord } from './useDialogRecord';

describe('useDialogRecord', () => {
  it('holds the record shown and forgets it on close without reloading', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useDialogRecord<{ id: string }>(reload));
    act(() => result.current.show({ id: 'a' }));
    expect(result.current.record).toEqual({ id: 'a' });
    act(() => result.current.close());
    expect(result.current.record).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('closes and reloads once saved', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useDialogRecord<{ id: string }>(reload));
    act(() => result.current.show({ id: 'a' }));
    act(() => result.current.saved());
    expect(result.current.record).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
