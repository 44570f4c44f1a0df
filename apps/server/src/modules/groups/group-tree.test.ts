import { describe, expect, it } from 'vitest';
import { buildGroupTree, filterTree, subtreeIds } from './group-tree';

const row = (id: string, parentId: string | null, name = id) => ({
  id,
  parentId,
  name,
  number: id,
  type: 'store',
  areaCode: null,
  address: null,
  contact: null,
  phone: null,
  timeZone: null,
  ownerId: 'o',
  sort: 0,
});

describe('group tree helpers', () => {
  const rows = [row('a', null), row('b', 'a'), row('c', 'b'), row('d', null), row('e', 'missing')];

  it('nests children and makes orphans roots', () => {
    const tree = buildGroupTree(rows);
    expect(tree.map((n) => n.id)).toEqual(['a', 'd', 'e']);
    expect(tree[0].children[0].children[0].id).toBe('c');
  });

  it('collects a subtree', () => {
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect([...subtreeIds(rows, 'd')]).toEqual(['d']);
  });

  it('filters keeping the path to a match', () => {
    const tree = filterTree(buildGroupTree(rows), (n) => n.id === 'c');
    expect(tree).toHaveLength(1);
    expect(tree[0].children[0].children[0].id).toBe('c');
  });
});
