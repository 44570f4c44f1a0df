import ExcelJS from 'exceljs';

/** The first sheet of a downloaded .xlsx answer, after checking it is one. */
export const firstSheetOf = async (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  if (!String(res.headers['content-type']).includes('spreadsheetml'))
    throw new Error(`not a workbook: ${String(res.headers['content-type'])}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0];
};
