import { z } from 'zod';

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

/** Query of every paged list. */
export const PageQuerySchema = z.object({
  /** Page number, from 1. */
  current: z.coerce.number().int().min(1).default(PAGING.defaultCurrent),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(PAGING.maxSize).default(PAGING.defaultSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Answer of every paged list. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    /** Rows of this page. */
    records: z.array(item),
    /** Rows matching the filter in all pages. */
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });
export type Page<T> = { records: T[]; total: number; current: number; size: number };
