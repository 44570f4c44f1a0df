import type { Page, PageQuery } from '@cpm/contracts';

/** Offset of a page (pages start at 1). */
export const pageOffset = (q: PageQuery) => (q.current - 1) * q.size;

/** Wraps rows and a total into the paged answer. */
export const toPage = <T>(records: T[], total: number, q: PageQuery): Page<T> => ({
  records,
  total,
  current: q.current,
  size: q.size,
});
