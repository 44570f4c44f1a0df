import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRouteHook } from '../../test/routeHook';
import { type ListRequest, useCrudList } from './useCrudList';

type Row = { id: string; name: string };
type F = { name?: string; kind?: string };

/** A list "server": 45 rows named r1..r45, filtered by a name prefix; records every request. */
const makeServer = () => {
  const requests: ListRequest<F>[] = [];
  const all = Array.from({ length: 45 }, (_, i) => ({ id: String(i + 1), name: `r${i + 1}` }));
  const fetchPage = async (q: ListRequest<F>) => {
    requests.push(q);
    const rows = all.filter((r) => !q.name || r.name.startsWith(q.name));
    return { records: rows.slice((q.current - 1) * q.size, q.current * q.size), total: rows.length };
  };
  return { requests, fetchPage };
};

const renderList = (initial: string) => {
  const server = makeServer();
  const { view, router } = renderRouteHook(
    () =>
      useCrudList<Row, F>({
        queryKey: ['test-models'],
        filterKeys: ['name', 'kind'],
        fetchPage: server.fetchPage,
      }),
    '/models',
    initial,
  );
  return { server, view, router };
};

describe('useCrudList', () => {
  it('starts from the address: a shared link or a reload shows the same page and filter', async () => {
    const { server, view } = renderList('/models?name=r1&page=2&size=5');
    await waitFor(() =>
      expect(view.result.current.rows.map((r) => r.name)).toEqual(['r14', 'r15', 'r16', 'r17', 'r18']),
    );
    expect(server.requests.at(-1)).toEqual({ name: 'r1', current: 2, size: 5, sort: null });
    expect(view.result.current.total).toBe(11);
    expect(view.result.current.paging).toMatchObject({ current: 2, size: 5, total: 11 });
  });

  it('writes a new filter into the address, back on page 1, and the back button restores the old one', async () => {
    const { view, router } = renderList('/models?page=3');
    await waitFor(() => expect(view.result.current.rows[0]?.name).toBe('r29'));
    act(() => view.result.current.applyFilter({ name: 'r4' }));
    await waitFor(() =>
      expect(view.result.current.rows.map((r) => r.name)).toEqual([
        'r4',
        'r40',
        'r41',
        'r42',
        'r43',
        'r44',
        'r45',
      ]),
    );
    expect(router().state.location.search).toBe('?name=r4');
    await act(() => router().navigate(-1));
    await waitFor(() => expect(view.result.current.rows[0]?.name).toBe('r29'));
    expect(view.result.current.filter).toEqual({});
    expect(view.result.current.paging.current).toBe(3);
  });

  it('pages, sorts and resets through the address', async () => {
    const { server, view, router } = renderList('/models?kind=usb');
    await waitFor(() => expect(view.result.current.rows).toHaveLength(14));
    act(() => view.result.current.paging.onChange(2, 14));
    await waitFor(() => expect(view.result.current.rows[0]?.name).toBe('r15'));
    expect(router().state.location.search).toBe('?page=2&kind=usb');
    act(() => view.result.current.paging.onChange(2, 20));
    await waitFor(() => expect(server.requests.at(-1)).toMatchObject({ current: 1, size: 20 }));
    act(() => view.result.current.setSort({ field: 'name', order: 'desc' }));
    await waitFor(() => expect(router().state.location.search).toBe('?size=20&sort=name.desc&kind=usb'));
    expect(view.result.current.sortOrderOf('name')).toBe('descend');
    act(() => view.result.current.resetFilter());
    await waitFor(() => expect(router().state.location.search).toBe('?size=20'));
    expect(server.requests.at(-1)).toEqual({ current: 1, size: 20, sort: null });
  });
});
