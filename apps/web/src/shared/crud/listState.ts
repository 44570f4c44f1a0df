import { PAGING } from '@cpm/contracts';

export type SortOrder = 'asc' | 'desc';
export type ListSort = { field: string; order: SortOrder };
/** Filters as the address holds them: text values, absent when empty. */
export type ListFilter = Record<string, string | undefined>;

export type ListState<F extends ListFilter> = {
  current: number;
  size: number;
  sort: ListSort | null;
  filter: F;
};

export type ListStateOptions<F extends ListFilter> = {
  /** The filter fields this list keeps in the address. */
  filterKeys: readonly (keyof F & string)[];
  /** Rows per page when the address does not say (the table default, 14). */
  defaultSize?: number;
  /** Parameter prefix, for a second list on the same page (e.g. `items.`). */
  prefix?: string;
  /** Filters in force when the address names none, e.g. pending reviews; a cleared field goes back to its default. */
  defaults?: Partial<F>;
};

const positiveInt = (raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
};

/** `name.asc` / `name.desc` to a sort, anything else to none. */
export const parseSort = (raw: string | null): ListSort | null => {
  const match = raw ? /^([A-Za-z0-9_]+)\.(asc|desc)$/.exec(raw) : null;
  return match ? { field: match[1], order: match[2] as SortOrder } : null;
};

/** Reads paging, sort and filters of one list from the address; unreadable values fall back to defaults. */
export const readListState = <F extends ListFilter>(
  params: URLSearchParams,
  options: ListStateOptions<F>,
): ListState<F> => {
  const p = options.prefix ?? '';
  const filter: ListFilter = {};
  for (const key of options.filterKeys) {
    const value = params.get(p + key);
    if (value !== null && value !== '') filter[key] = value;
    else if (options.defaults?.[key] !== undefined) filter[key] = options.defaults[key];
  }
  return {
    current: positiveInt(params.get(`${p}page`), PAGING.defaultCurrent),
    size: positiveInt(params.get(`${p}size`), options.defaultSize ?? PAGING.tableSize, PAGING.maxSize),
    sort: parseSort(params.get(`${p}sort`)),
    filter: filter as F,
  };
};

/**
 * Writes one list's state into the address, keeping every other parameter; defaults are left out so a
 * plain list has a plain address.
 */
export const writeListState = <F extends ListFilter>(
  params: URLSearchParams,
  state: ListState<F>,
  options: ListStateOptions<F>,
): URLSearchParams => {
  const p = options.prefix ?? '';
  const own = ['page', 'size', 'sort', ...options.filterKeys].map((key) => p + key);
  // Other parameters first, then this list's in a fixed order, so one state has one address.
  const next = new URLSearchParams([...params].filter(([key]) => !own.includes(key)));
  const set = (key: string, value: string | null) => {
    if (value !== null && value !== '') next.set(p + key, value);
  };
  set('page', state.current === PAGING.defaultCurrent ? null : String(state.current));
  set('size', state.size === (options.defaultSize ?? PAGING.tableSize) ? null : String(state.size));
  set('sort', state.sort ? `${state.sort.field}.${state.sort.order}` : null);
  for (const key of options.filterKeys)
    set(key, state.filter[key] === options.defaults?.[key] ? null : (state.filter[key] ?? null));
  return next;
};

/** Drops empty values and turns the rest into text, as filters in the address are kept. */
export const compactFilter = <F extends ListFilter>(values: Record<string, unknown>): F =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ) as F;

/** Sorts the rows of one page in the browser, for lists whose server does not sort. */
export const sortRows = <T>(rows: readonly T[], sort: ListSort | null): T[] => {
  if (!sort) return [...rows];
  const dir = sort.order === 'asc' ? 1 : -1;
  const value = (row: T) => (row as Record<string, unknown>)[sort.field];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return String(x).localeCompare(String(y)) * dir;
  });
};
