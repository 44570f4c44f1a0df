import type { TerminalFilter } from '@cpm/contracts';
import { useState } from 'react';

/** The list's filter and page, kept together so a new filter starts at page 1. */
export const useTerminalFilters = (size = 14) => {
  const [filter, setFilterState] = useState<TerminalFilter>({});
  const [page, setPage] = useState({ current: 1, size });
  return {
    filter,
    page,
    setFilter: (next: TerminalFilter) => {
      setFilterState(next);
      setPage((p) => ({ ...p, current: 1 }));
    },
    setPage: (current: number, pageSize: number) => setPage({ current, size: pageSize }),
  };
};
