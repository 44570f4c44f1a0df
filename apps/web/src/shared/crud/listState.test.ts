import { describe, expect, it } from 'vitest';
import { compactFilter, parseSort, readListState, sortRows, writeListState } from './listState';

type F = { name?: string; kind?: string };
const options = { filterKeys: ['name', 'kind'] as const } as { filterKeys: readonly (keyof F & string)[] };

describe('list state in the address', () => {
  it('reads paging, sort and filters, with defaults for what is missing or unreadable', () => {
    expect(
      readListState<F>(new URLSearchParams('page=3&size=20&sort=name.desc&name=A%20B'), options),
    ).toEqual({
      current: 3,
      size: 20,
      sort: { field: 'name', order: 'desc' },
      filter: { name: 'A B' },
    });
    expect(readListState<F>(new URLSearchParams('page=0&size=9999&sort=name;drop&kind='), options)).toEqual({
      current: 1,
      size: 14,
      sort: null,
      filter: {},
    });
  });

  it('holds a default filter while the address names none, and leaves it out of the address', () => {
    const pending = { ...options, defaults: { kind: 'pending' } };
    expect(readListState<F>(new URLSearchParams(''), pending).filter).toEqual({ kind: 'pending' });
    expect(readListState<F>(new URLSearchParams('kind=done'), pending).filter).toEqual({ kind: 'done' });
    const state = { current: 1, size: 14, sort: null };
    expect(
      writeListState<F>(new URLSearchParams(), { ...state, filter: { kind: 'pending' } }, pending).toString(),
    ).toBe('');
    expect(
      writeListState<F>(new URLSearchParams(), { ...state, filter: { kind: 'done' } }, pending).toString(),
    ).toBe('kind=done');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const next = writeListState<F>(
      new URLSearchParams('tab=2&page=4&name=old'),
      { current: 1, size: 14, sort: { field: 'name', order: 'asc' }, filter: { kind: 'usb' } },
      options,
    );
    expect(next.toString()).toBe('tab=2&sort=name.asc&kind=usb');
  });

  it('round-trips through the address, also under a prefix beside another list', () => {
    const state = { current: 2, size: 30, sort: null, filter: { name: '中文 & more' } };
    const prefixed = { ...options, prefix: 'items.' };
    const params = writeListState<F>(new URLSearchParams('page=5'), state, prefixed);
    expect(params.get('page')).toBe('5');
    expect(readListState<F>(params, prefixed)).toEqual(state);
    expect(readListState<F>(params, options).current).toBe(5);
  });

  it('parses only field.asc and field.desc as a sort', () => {
    expect(parseSort('createdAt.asc')).toEqual({ field: 'createdAt', order: 'asc' });
    expect(parseSort('createdAt.up')).toBeNull();
    expect(parseSort(null)).toBeNull();
  });

  it('keeps filled filter values as text', () => {
    expect(compactFilter({ a: '', b: undefined, c: null, d: 0, e: 'x', f: false })).toEqual({
      d: '0',
      e: 'x',
      f: 'false',
    });
  });

  it('sorts a page in the browser, empty values last', () => {
    const rows = [
      { n: 'b', c: 2 },
      { n: null, c: 1 },
      { n: 'a', c: 10 },
    ];
    expect(sortRows(rows, { field: 'n', order: 'asc' }).map((r) => r.n)).toEqual(['a', 'b', null]);
    expect(sortRows(rows, { field: 'c', order: 'desc' }).map((r) => r.c)).toEqual([10, 2, 1]);
    expect(sortRows(rows, null)).toEqual(rows);
  });
});
