import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportFormat } from '@cpm/contracts';
import ExcelJS from 'exceljs';

/** A column of an export file: its header (both languages) and how a row gives its cell. */
export type ExportColumn<T> = { header: string; width?: number; value: (row: T) => unknown };

/** A CSV cell: quoted when it holds a separator, quote or line break; formulas are defused. */
export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const cellOf = (value: unknown): string | number | Date | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return value;
  return String(value);
};

/**
 * Writes rows into an XLSX (exceljs' streaming writer, one sheet) or a CSV (UTF-8 with a BOM so
 * Excel reads it) as they come, with backpressure: a batch is written only when the reader has
 * taken the last. Answers the readable file at once and a promise of the row count once written;
 * the file stream fails when the rows do.
 */
export const writeExport = <T>(opts: {
  format: ExportFormat;
  sheet: string;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  /** Called after each batch with the rows written so far. */
  onRows?: (written: number) => Promise<void>;
}): { file: Readable; done: Promise<number> } => {
  const file = new PassThrough();
  const write = async (chunk: string) => {
    if (!file.write(chunk)) await once(file, 'drain');
  };
  const run = async () => {
    let written = 0;
    if (opts.format === 'csv') {
      await write(`\uFEFF${opts.columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
      for await (const batch of opts.batches) {
        await write(
          batch.map((row) => `${opts.columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`).join(''),
        );
        written += batch.length;
        await opts.onRows?.(written);
      }
      file.end();
      return written;
    }
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(opts.sheet);
    sheet.columns = opts.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 20 }));
    for await (const batch of opts.batches) {
      for (const row of batch) sheet.addRow(opts.columns.map((c) => cellOf(c.value(row)))).commit();
      written += batch.length;
      // The zip stream buffers what the reader has not taken yet; wait for it before the next batch.
      if (file.writableNeedDrain) await once(file, 'drain');
      await opts.onRows?.(written);
    }
    sheet.commit();
    await book.commit();
    return written;
  };
  const done = run().catch((err: unknown) => {
    file.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  return { file, done };
};
