import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type XlsxColumn<T> = { header: string; width?: number; value: (row: T) => string | number | null };

/**
 * Streams a one-sheet workbook: rows are fetched page by page and written as they come, so a long
 * export never sits in memory. Sets the download headers on the reply and returns the body stream.
 */
export const streamXlsx = <T>(opts: {
  reply: FastifyReply;
  fileName: string;
  sheet: string;
  columns: XlsxColumn<T>[];
  /** Fetches rows from an offset; an empty answer ends the file. */
  fetch: (offset: number, limit: number) => Promise<T[]>;
  batch?: number;
}): Readable => {
  const out = new PassThrough();
  const batch = opts.batch ?? 500;
  opts.reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="${opts.fileName}"; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`,
    );
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet(opts.sheet);
    sheet.columns = opts.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
    for (let offset = 0; ; offset += batch) {
      const rows = await opts.fetch(offset, batch);
      for (const row of rows) sheet.addRow(opts.columns.map((c) => c.value(row))).commit();
      if (rows.length < batch) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
};
