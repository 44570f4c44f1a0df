import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRouteHook } from '../../test/routeHook';
import { useCrudTree } from './useCrudTree';

type Node = { id: string; name: string; children?: Node[] };
type F = { keyword?: string };

const TREE: Node[] = [{ id: '1', name: 'north', children: [{ id: '2', name: 'north-store' }] }];

const renderTree = (initial: string) => {
  const asked: F[] = [];
  const { view, router } = renderRouteHook(
    () =>
      useCrudTree<Node, F>({
        queryKey: ['test-groups'],
        filterKeys: ['keyword'],
        fetchTree: async (filter) => {
          asked.push(filter);
          return TREE;
        },
      }),
    '/groups',
    initial,
  );
  return { asked, view, router };
};

describe('useCrudTree', () => {
  it('reads the whole tree with the filter the address holds', async () => {
    const { asked, view } = renderTree('/groups?keyword=north');
    await waitFor(() => expect(view.result.current.rows).toEqual(TREE));
    expect(asked).toEqual([{ keyword: 'north' }]);
    expect(view.result.current.filter).toEqual({ keyword: 'north' });
  });

  it('writes a new filter to the address and reads the tree again', async () => {
    const { asked, view, router } = renderTree('/groups');
    await waitFor(() => expect(view.result.current.rows).toEqual(TREE));
    act(() => view.result.current.applyFilter({ keyword: 'store' }));
    await waitFor(() => expect(asked).toContainEqual({ keyword: 'store' }));
    expect(router().state.location.search).toBe('?keyword=store');
  });
});
