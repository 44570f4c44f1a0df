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

/** Every row of a paged read, `size` at a time, until a short batch shows there are no more (exports). */
export async function* inBatches<T>(read: (offset: number, limit: number) => Promise<T[]>, size: number) {
  for (let offset = 0; ; offset += size) {
    const rows = await read(offset, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
