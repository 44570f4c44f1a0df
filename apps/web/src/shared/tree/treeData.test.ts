import type { GroupNode } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { parentGroupIds, toTreeSelect } from './treeData';

const group = (id: string, children: GroupNode[] = []): GroupNode => ({
  id,
  parentId: null,
  name: id,
  number: id.toUpperCase(),
  type: 'store',
  areaCode: null,
  address: null,
  contact: null,
  phone: null,
  timeZone: null,
  ownerId: 'o',
  sort: 0,
  children,
});

describe('group tree options', () => {
  it('disables a group and its subtree so it cannot be moved below itself', () => {
    const options = toTreeSelect([group('a', [group('b', [group('c')])]), group('d')], 'b');
    expect(options[0]).toMatchObject({ value: 'a', title: 'a (A)', disabled: false });
    expect(options[0].children[0].disabled).toBe(true);
    expect(options[0].children[0].children[0].disabled).toBe(true);
    expect(options[1].disabled).toBe(false);
  });

  it('names the groups with sub-groups, at every depth', () => {
    expect(parentGroupIds([group('a', [group('b', [group('c')]), group('e')]), group('d')])).toEqual([
      'a',
      'b',
    ]);
  });
});
