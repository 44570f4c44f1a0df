import type { Readable } from 'node:stream';
import type { DictBundle } from '@cpm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportColumn } from './export-columns';
import { streamExport } from './export-writer';
import { localeOf } from './request-locale';

/** Content type of .xlsx files. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sets the download headers of a workbook named `fileName` on the reply. */
const attachXlsx = (reply: Pick<FastifyReply, 'header'>, fileName: string) => {
  reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
};

/** Rows page by page from an offset until a short page. */
const pages = async function* <T>(fetch: (offset: number, limit: number) => Promise<T[]>, batch: number) {
  for (let offset = 0; ; offset += batch) {
    const rows = await fetch(offset, batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
};

/**
 * The batches with the first one already read: a filter the list refuses (an unknown task, a record
 * out of the caller's reach) throws here, before any byte of the file is sent, and becomes the usual
 * error answer instead of a download cut off halfway.
 */
const firstBatchRead = async <T>(batches: AsyncIterable<T[]>): Promise<AsyncIterable<T[]>> => {
  const it = batches[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    },
  };
};

/** The request an export answers: its language and time zone, its log and its reply. */
type XlsxCall = {
  request: Pick<FastifyRequest, 'headers' | 'log'>;
  reply: Pick<FastifyReply, 'header'>;
};

/** What an export writes: the file's name, its one sheet, the columns and the rows. */
export type XlsxExport<T> = {
  fileName: string;
  sheet: string;
  columns: readonly ExportColumn<T>[];
  /** The dictionaries, when a column shows dictionary labels. */
  dicts?: () => Promise<DictBundle>;
  /** The rows in batches; or `fetch`, rows from an offset (a short answer ends the file). */
  rows: AsyncIterable<T[]> | ((offset: number, limit: number) => Promise<T[]>);
  batch?: number;
};

/**
 * Streams a list's export as a one-sheet workbook written for the caller: headers and labels in the
 * language of the request (`Accept-Language`), times in its `Timezone`. Rows are fetched batch by
 * batch and written as they come, so a long export never sits in memory. The first batch is read
 * before the answer starts, so a refused filter is an error answer, never a broken file. Sets the
 * download headers and returns the body stream.
 */
export const streamXlsx = async <T>(opts: XlsxExport<T> & XlsxCall): Promise<Readable> => {
  const batches = await firstBatchRead(
    typeof opts.rows === 'function' ? pages(opts.rows, opts.batch ?? 500) : opts.rows,
  );
  attachXlsx(opts.reply, opts.fileName);
  return streamExport({
    format: 'xlsx',
    sheet: opts.sheet,
    columns: opts.columns,
    locale: localeOf(opts.request.headers),
    dicts: opts.dicts,
    batches,
    onError: (err) => opts.request.log.error({ err }, `export ${opts.fileName} failed`),
  });
};

/**
 * An endpoint handler answering with a workbook: `file` names it, its sheet, columns and dictionaries;
 * `rows` reads the caller's rows from the call (see `streamXlsx`).
 */
export const xlsxExport =
  <C extends XlsxCall, T>(
    file: Pick<XlsxExport<T>, 'fileName' | 'sheet' | 'columns' | 'dicts'>,
    rows: (ctx: C) => XlsxExport<T>['rows'],
  ) =>
  (ctx: C): Promise<Readable> =>
    streamXlsx({ request: ctx.request, reply: ctx.reply, ...file, rows: rows(ctx) });

/** `xlsxExport` reading the rows page by page: `page` answers the caller's rows from an offset. */
export const xlsxPagedExport = <C extends XlsxCall, T>(
  file: Parameters<typeof xlsxExport<C, T>>[0],
  page: (ctx: C, offset: number, limit: number) => Promise<T[]>,
) => xlsxExport(file, (ctx: C) => (offset: number, limit: number) => page(ctx, offset, limit));
