import { describe, expect, it } from 'vitest';
import { PAGE_SCROLL_MS, SHARED_PAGINATION, TABLE_PAGINATION } from './pagination';

describe('pagination defaults', () => {
  it('match the spec', () => {
    expect(SHARED_PAGINATION).toEqual({ current: 1, size: 10, sizes: [10, 20, 50, 100, 500] });
    expect(TABLE_PAGINATION).toEqual({ current: 1, size: 14, sizes: [14, 20, 30, 40, 50, 60, 70, 80] });
    expect(PAGE_SCROLL_MS).toBe(800);
  });
});
