import { describe, expect, it } from 'vitest';
import { inBatches, pageOffset, toPage } from './paging';

describe('paging', () => {
  it('places a page and wraps its rows', () => {
    expect(pageOffset({ current: 3, size: 20 })).toBe(40);
    expect(toPage(['a'], 41, { current: 3, size: 20 })).toEqual({
      records: ['a'],
      total: 41,
      current: 3,
      size: 20,
    });
  });

  it('reads every row in batches, stopping at the first short one', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const reads: number[] = [];
    const batches: number[][] = [];
    for await (const batch of inBatches(async (offset, limit) => {
      reads.push(offset);
      return rows.slice(offset, offset + limit);
    }, 2))
      batches.push(batch);
    expect(batches).toEqual([[0, 1], [2, 3], [4]]);
    expect(reads).toEqual([0, 2, 4]);
  });

  it('reads once more after a full last batch and yields nothing for it', async () => {
    const batches: number[][] = [];
    for await (const batch of inBatches(async (offset) => (offset === 0 ? [1, 2] : []), 2))
      batches.push(batch);
    expect(batches).toEqual([[1, 2]]);
  });
});
