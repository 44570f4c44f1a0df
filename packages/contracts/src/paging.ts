/** Paging limits shared by server and console. */
export const PAGING = {
  defaultCurrent: 1,
  defaultSize: 10,
  maxSize: 500,
  /** Console tables. */
  tableSize: 14,
  tableSizes: [14, 20, 30, 40, 50, 60, 70, 80],
  /** The shared pagination helper. */
  sharedSizes: [10, 20, 50, 100, 500],
} as const;

export type Page<T> = { records: T[]; total: number; current: number; size: number };
