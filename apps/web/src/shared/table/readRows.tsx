import type { ReactNode } from 'react';
import { TableLoadError } from './TableLoadError';

/**
 * The rows and empty text of a plain table that reads its rows with a query: once the read failed, no
 * rows (none that may be out of date) and the load error with a retry, instead of "No data".
 */
export const readRows = <T,>(
  rows: readonly T[] | undefined,
  query: { isError: boolean; error?: unknown; refetch: () => unknown },
  emptyText?: ReactNode,
) => ({
  dataSource: query.isError ? [] : (rows ?? []),
  locale: {
    emptyText: query.isError ? (
      <TableLoadError onRetry={() => void query.refetch()} error={query.error} />
    ) : (
      emptyText
    ),
  },
});

/** A `DataTable`'s loading state, load error and refresh, bound to the query that reads its rows. */
export const queryTableState = (query: { isFetching: boolean; error: unknown; refetch: () => unknown }) => ({
  loading: query.isFetching,
  loadError: query.error,
  onRefresh: () => void query.refetch(),
});

/** The paging of a plain table that reads one page at a time of a fixed size (no size changer). */
export const fixedPaging = (
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
) => ({ current, pageSize, total: total ?? 0, showSizeChanger: false, onChange });
