import { PAGING } from '@cpm/contracts';

/**
 * Spec section 9: after a page change the shared pagination scrolls to the top in 800 ms, longer
 * than the scroll helper's own 500 ms default.
 */
export const PAGE_SCROLL_MS = 800;

/** Defaults of the shared pagination helper: page 1, size 10, sizes 10 / 20 / 50 / 100 / 500. */
export const SHARED_PAGINATION = {
  current: PAGING.defaultCurrent,
  size: PAGING.defaultSize,
  sizes: PAGING.sharedSizes,
} as const;

/** Defaults of table pagination: size 14 with sizes 14 to 80. */
export const TABLE_PAGINATION = {
  current: PAGING.defaultCurrent,
  size: PAGING.tableSize,
  sizes: PAGING.tableSizes,
} as const;
