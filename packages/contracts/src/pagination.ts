import { z } from 'zod';
import { PAGING } from './paging';

/** Query of every paged list. */
export const PageQuerySchema = z.object({
  /** Page number, from 1. */
  current: z.coerce.number().int().min(1).default(PAGING.defaultCurrent),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(PAGING.maxSize).default(PAGING.defaultSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Answer of every paged list. */
/* @__NO_SIDE_EFFECTS__ */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    /** Rows of this page. */
    records: z.array(item),
    /** Rows matching the filter in all pages. */
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });
