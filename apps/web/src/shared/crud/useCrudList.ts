import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTablePaging } from '../table/DataTable';
import {
  type ListFilter,
  type ListSort,
  type ListState,
  type ListStateOptions,
  readListState,
  writeListState,
} from './listState';

/** What a list endpoint answers: a page of rows and how many match. */
export type ListPage<T> = { records: T[]; total: number };

export type ListRequest<F extends ListFilter> = F & {
  current: number;
  size: number;
  sort: ListSort | null;
};

export type CrudListOptions<
  T,
  F extends ListFilter,
  P extends ListPage<T> = ListPage<T>,
> = ListStateOptions<F> & {
  /** The domain's key from `queryKeys`; the list's state is appended to it. */
  queryKey: QueryKey;
  fetchPage: (request: ListRequest<F>) => Promise<P>;
  enabled?: boolean;
  /**
   * Live events read the list again: the table shows loading only for its first page, not on every
   * refresh an event causes.
   */
  live?: boolean;
};

/** One list's paging, sort and filters, read from and written to the address. */
export const useListState = <F extends ListFilter = ListFilter>({
  filterKeys,
  defaultSize,
  prefix,
  defaults,
}: ListStateOptions<F>) => {
  const [params, setParams] = useSearchParams();
  // Callers write the key list inline; its content decides when the options change.
  const keyList = filterKeys.join(',');
  const defaultList = defaults ? JSON.stringify(defaults) : '';
  const stateOptions = useMemo(
    () => ({
      filterKeys: keyList.split(',').filter(Boolean) as (keyof F & string)[],
      defaultSize,
      prefix,
      defaults: defaultList ? (JSON.parse(defaultList) as Partial<F>) : undefined,
    }),
    [keyList, defaultSize, prefix, defaultList],
  );
  const state = useMemo(() => readListState<F>(params, stateOptions), [params, stateOptions]);
  const update = useCallback(
    (change: (s: ListState<F>) => ListState<F>, replace = false) =>
      setParams(
        (current) => writeListState(current, change(readListState<F>(current, stateOptions)), stateOptions),
        { replace },
      ),
    [setParams, stateOptions],
  );
  return {
    state,
    update,
    /** New filters go back to page 1. */
    applyFilter: (filter: F) => update((s) => ({ ...s, filter, current: 1 })),
    resetFilter: () => update((s) => ({ ...s, filter: {} as F, current: 1, sort: null })),
  };
};

/**
 * A server-paged list whose paging, sort and filters live in the address, so a reload, the back
 * button and a shared link show the same rows.
 */
export const useCrudList = <T, F extends ListFilter = ListFilter, P extends ListPage<T> = ListPage<T>>(
  options: CrudListOptions<T, F, P>,
) => {
  const queryClient = useQueryClient();
  const { queryKey, fetchPage, enabled, live } = options;
  const { state, update, applyFilter, resetFilter } = useListState<F>(options);

  const query = useQuery({
    queryKey: [...queryKey, 'page', state],
    queryFn: () => fetchPage({ ...state.filter, current: state.current, size: state.size, sort: state.sort }),
    placeholderData: keepPreviousData,
    enabled,
  });

  const paging: DataTablePaging = {
    current: state.current,
    size: state.size,
    total: query.data?.total ?? 0,
    onChange: (current, size) => update((s) => ({ ...s, current: size !== s.size ? 1 : current, size })),
  };

  /** antd Table `onChange`: follows the clicked column's sort. */
  const onTableChange: NonNullable<TableProps<T>['onChange']> = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = sorter.columnKey ?? sorter.field;
    const sort: ListSort | null =
      sorter.order && field !== undefined
        ? { field: String(field), order: sorter.order === 'ascend' ? 'asc' : 'desc' }
        : null;
    update((s) => ({ ...s, sort, current: 1 }));
  };

  return {
    state,
    filter: state.filter,
    sort: state.sort,
    rows: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    loading: live ? query.isLoading : query.isFetching,
    /** The whole answer of the last read, for what a list's server says beside its rows. */
    page: query.data,
    /** Why the last read failed, null when it did not: what the table holds may be out of date. */
    error: query.error,
    paging,
    onTableChange,
    /** antd column `sortOrder` for a column key, so the header shows the address's sort. */
    sortOrderOf: (key: string) =>
      state.sort?.field === key ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null,
    applyFilter,
    resetFilter,
    setSort: (sort: ListSort | null) => update((s) => ({ ...s, sort, current: 1 })),
    refetch: () => void query.refetch(),
    /** Refreshes every list and detail of the domain. */
    invalidate: () => queryClient.invalidateQueries({ queryKey }),
    query,
  };
};

export type CrudList<T, F extends ListFilter = ListFilter, P extends ListPage<T> = ListPage<T>> = ReturnType<
  typeof useCrudList<T, F, P>
>;
