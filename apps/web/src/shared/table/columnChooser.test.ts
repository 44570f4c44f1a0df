import { describe, expect, it } from 'vitest';
import { orderColumns, toggleColumn } from './columnChooser';

describe('column chooser', () => {
  it('hides and shows columns', () => {
    expect(toggleColumn(['sn', 'name', 'status'], 'name')).toEqual(['sn', 'status']);
    expect(toggleColumn(['sn'], 'name')).toEqual(['sn', 'name']);
  });

  it('keeps at least one column', () => {
    expect(toggleColumn(['sn'], 'sn')).toEqual(['sn']);
  });

  it('restores the original order', () => {
    expect(orderColumns(['sn', 'name', 'status'], ['status', 'sn'])).toEqual(['sn', 'status']);
  });
});
