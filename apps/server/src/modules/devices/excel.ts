import ExcelJS from 'exceljs';
import { AppError } from '../../shared/app-error';

/** Most rows one import may carry; bigger lists are split by the user. */
export const IMPORT_MAX_ROWS = 10_000;

/** A column of an import template: header in both languages and the key a row is read into. */
export type ExcelColumn = { key: string; zh: string; en: string; width?: number };

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
 */
export const readSheet = async (bytes: Buffer, columns: ExcelColumn[]) => {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('excelUnreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError('excelUnreadable');
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      const v = cell.value;
      values[c.key] =
        v === null || v === undefined
          ? ''
          : v instanceof Date
            ? v.toISOString().slice(0, 10)
            : cell.text.trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: rowNumber, values });
  });
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('excelTooManyRows');
  return rows;
};
