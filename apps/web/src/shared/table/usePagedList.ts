import { PAGING } from '@cpm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataTablePaging } from './DataTable';

type Page<T> = { records: T[]; total: number };

/** A server-paged list with filters: the query, the table paging and a way to apply filters. */
export const usePagedList = <T, F extends object>(
  key: string,
  fetchPage: (q: F & { current: number; size: number }) => Promise<Page<T>>,
  initialFilter: F,
) => {
  const [filter, setFilter] = useState<F>(initialFilter);
  const [paging, setPaging] = useState({ current: 1, size: PAGING.tableSize as number });
  const query = useQuery({
    queryKey: [key, filter, paging],
    queryFn: () => fetchPage({ ...filter, ...paging }),
    placeholderData: keepPreviousData,
  });
  const tablePaging: DataTablePaging = {
    current: paging.current,
    size: paging.size,
    total: query.data?.total ?? 0,
    onChange: (current, size) => setPaging({ current, size }),
  };
  return {
    rows: query.data?.records ?? [],
    loading: query.isFetching,
    /** Why the page could not be read, null when it was (the table says so instead of showing old or no rows). */
    error: query.error,
    paging: tablePaging,
    filter,
    applyFilter: (next: F) => {
      setFilter(next);
      setPaging((p) => ({ ...p, current: 1 }));
    },
    refetch: () => void query.refetch(),
  };
};

/** Drops empty strings so blank filter fields are not sent. */
export const compact = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;
