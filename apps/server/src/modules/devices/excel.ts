import ExcelJS from 'exceljs';
import { readSheetRows, SHEET_LIMITS } from '../../shared/sheet-reader';

/** Most rows one import may carry; bigger lists are split by the user. */
export const IMPORT_MAX_ROWS = 10_000;

/** A column of an import template: header in both languages and the key a row is read into. */
export type ExcelColumn = { key: string; zh: string; en: string; width?: number };

/** The terminal's SN and model, the first columns of the templates that create terminals. */
export const SN_COLUMN: ExcelColumn = { key: 'sn', zh: '序列号', en: 'SN' };
export const MODEL_COLUMN: ExcelColumn = { key: 'model', zh: '型号', en: 'Model' };

/**
 * A template's header names the column in both languages (once when they are the same): an import
 * reads columns by position, so one template serves readers of either language.
 */
export const templateHeader = (c: ExcelColumn) => (c.zh === c.en ? c.zh : `${c.zh} / ${c.en}`);

/** An empty workbook with the columns' headers and an example row, as a buffer. */
export const buildTemplate = async (sheetName: string, columns: ExcelColumn[], example: string[]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: templateHeader(c), key: c.key, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/**
 * Reads the first sheet of an uploaded .xlsx into objects keyed by column key. Row numbers
 * are the sheet's own (the header is row 1), so the import report points at what the user sees.
 * The workbook's sizes are checked before parsing and parsing runs off the event loop
 * (`shared/sheet-reader`).
 */
export const readSheet = async (bytes: Buffer, columns: ExcelColumn[]) => {
  const rows = await readSheetRows(bytes, columns.length, { ...SHEET_LIMITS, maxRows: IMPORT_MAX_ROWS });
  return rows.map(({ row, values }) => ({
    row,
    values: Object.fromEntries(columns.map((c, i) => [c.key, values[i] ?? ''])) as Record<string, string>,
  }));
};
