import type { RemoteConsentPolicy } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { effectivePolicy, type PolicyGroup } from './remote.service';

const groups = (list: PolicyGroup[]) => new Map(list.map((g) => [g.id, g]));
const own = (entries: [string, RemoteConsentPolicy][]) => new Map(entries);

describe('effectivePolicy', () => {
  const tree = groups([
    { id: 'root', name: 'Root', parentId: null },
    { id: 'store', name: 'Store', parentId: 'root' },
    { id: 'till', name: 'Till', parentId: 'store' },
  ]);

  it('asks when no group up the tree has a policy, or the terminal has no group', () => {
    expect(effectivePolicy('till', tree, own([]))).toBe('ask');
    expect(effectivePolicy(null, tree, own([['root', 'deny']]))).toBe('ask');
  });

  it('takes the nearest policy up the tree', () => {
    expect(effectivePolicy('till', tree, own([['root', 'deny']]))).toBe('deny');
    expect(
      effectivePolicy(
        'till',
        tree,
        own([
          ['root', 'deny'],
          ['store', 'auto'],
        ]),
      ),
    ).toBe('auto');
  });

  it('stops at a cycle in the parents instead of looping', () => {
    const cyclic = groups([
      { id: 'a', name: 'A', parentId: 'b' },
      { id: 'b', name: 'B', parentId: 'a' },
    ]);
    expect(effectivePolicy('a', cyclic, own([]))).toBe('ask');
  });
});
