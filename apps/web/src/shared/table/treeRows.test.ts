import { describe, expect, it } from 'vitest';
import { pruneEmptyChildren } from './treeRows';

type Node = { id: string; children?: Node[] };

describe('pruneEmptyChildren', () => {
  it('drops empty child lists at every depth and keeps the rest', () => {
    const rows: Node[] = [
      { id: 'north', children: [{ id: 'store-1', children: [] }] },
      { id: 'lone', children: [] },
    ];
    expect(pruneEmptyChildren(rows, 'children')).toEqual([
      { id: 'north', children: [{ id: 'store-1' }] },
      { id: 'lone' },
    ]);
    // The caller's rows stay as they were.
    expect(rows[1]).toEqual({ id: 'lone', children: [] });
  });

  it('hands back the same list and rows when nothing is empty', () => {
    const leaf = { id: 'store-1' };
    const rows: Node[] = [{ id: 'north', children: [leaf] }, { id: 'flat' }];
    const pruned = pruneEmptyChildren(rows, 'children');
    expect(pruned).toBe(rows);
    expect(pruned[0].children?.[0]).toBe(leaf);
  });

  it('reads the child list under the name the table uses', () => {
    const rows = [{ id: 'a', items: [] as unknown[] }];
    expect(pruneEmptyChildren(rows, 'items')).toEqual([{ id: 'a' }]);
  });
});
