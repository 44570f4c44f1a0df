import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { DictBundle, ExportFormat } from '@cpm/contracts';
import ExcelJS from 'exceljs';
import { dictCodesOf, type ExportColumn, type ExportLocale, presentColumns } from './export-columns';

/** A CSV cell: quoted when it holds a separator, quote or line break; formulas are defused. */
export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** What every export file is written from: the rows, their columns and whom the file is for. */
export type ExportSpec<T> = {
  format: ExportFormat;
  sheet: string;
  columns: readonly ExportColumn<T>[];
  /** The reader's language (headers and labels) and time zone (times). */
  locale: ExportLocale;
  /** Read once before the first row, when a column shows dictionary labels. */
  dicts?: () => Promise<DictBundle>;
  batches: AsyncIterable<T[]>;
  /** Called after each batch with the rows written so far. */
  onRows?: (written: number) => Promise<void>;
};

/**
 * Writes rows into an XLSX (exceljs' streaming writer, one sheet) or a CSV (UTF-8 with a BOM so
 * Excel reads it) as they come, with backpressure: a batch is written only when the reader has
 * taken the last. Headers, labels and times follow the spec's locale. Answers the readable file at
 * once and a promise of the row count once written; the file stream fails when the rows do.
 */
export const writeExport = <T>(spec: ExportSpec<T>): { file: Readable; done: Promise<number> } => {
  const file = new PassThrough();
  const write = async (chunk: string) => {
    if (!file.write(chunk)) await once(file, 'drain');
  };
  const run = async () => {
    const needsDicts = dictCodesOf(spec.columns as readonly ExportColumn<never>[]).length > 0;
    const dicts = needsDicts && spec.dicts ? await spec.dicts() : {};
    const columns = presentColumns(spec.columns, spec.locale, dicts);
    let written = 0;
    if (spec.format === 'csv') {
      await write(`\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
      for await (const batch of spec.batches) {
        await write(batch.map((row) => `${columns.map((c) => csvCell(c.cell(row))).join(',')}\r\n`).join(''));
        written += batch.length;
        await spec.onRows?.(written);
      }
      file.end();
      return written;
    }
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(spec.sheet);
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    for await (const batch of spec.batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => c.cell(row))).commit();
      written += batch.length;
      // The zip stream buffers what the reader has not taken yet; wait for it before the next batch.
      if (file.writableNeedDrain) await once(file, 'drain');
      await spec.onRows?.(written);
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

/**
 * An export answered at once (a download): the file stream; a failure while writing ends the stream
 * and goes to `onError` (the caller's log), since the answer has already started.
 */
export const streamExport = <T>(
  spec: Omit<ExportSpec<T>, 'onRows'> & { onError: (err: unknown) => void },
): Readable => {
  const { file, done } = writeExport(spec);
  done.catch(spec.onError);
  return file;
};
