import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListFilter } from './listState';
import { useListState } from './useCrudList';

export type CrudTreeOptions<T, F extends ListFilter> = {
  /** The domain's key from `queryKeys`; the filter is appended to it. */
  queryKey: QueryKey;
  /** Filter fields kept in the address, like a list's. */
  filterKeys?: readonly (keyof F & string)[];
  fetchTree: (filter: F) => Promise<T[]>;
};

/** One empty tree while loading, so pages that derive from the rows do not recompute each render. */
const NO_ROWS: never[] = [];

/**
 * A tree read whole (groups, menus), shaped like a kit list without pages, so the kit's list view
 * shows it with the same filter bar, retry and refresh.
 */
export const useCrudTree = <T, F extends ListFilter = ListFilter>({
  queryKey,
  filterKeys = [],
  fetchTree,
}: CrudTreeOptions<T, F>) => {
  const queryClient = useQueryClient();
  const { state, applyFilter, resetFilter } = useListState<F>({ filterKeys });
  const query = useQuery({ queryKey: [...queryKey, state.filter], queryFn: () => fetchTree(state.filter) });
  return {
    filter: state.filter,
    rows: query.data ?? NO_ROWS,
    loading: query.isFetching,
    error: query.error,
    applyFilter,
    resetFilter,
    refetch: () => void query.refetch(),
    /** Refreshes every list and detail of the domain. */
    invalidate: () => queryClient.invalidateQueries({ queryKey }),
  };
};
