import ExcelJS from 'exceljs';

/** The first sheet of a downloaded .xlsx answer, after checking it is one. */
export const firstSheetOf = async (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  if (!String(res.headers['content-type']).includes('spreadsheetml'))
    throw new Error(`not a workbook: ${String(res.headers['content-type'])}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0];
};

/** A sheet as its header row and one record per further row, keyed by header. */
export const tableOf = (sheet: ExcelJS.Worksheet) => {
  const [header, ...rows] = (sheet.getSheetValues().slice(1) as unknown[][]).map((r) => (r ?? []).slice(1));
  const headers = (header ?? []).map(String);
  return {
    headers,
    rows: rows.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? null]))),
  };
};

/** Export headers that are glued from both languages: an English one with Chinese in it, or a word twice ("IP IP"). */
export const badHeaders = (headers: string[], lang: 'zh' | 'en') =>
  headers.filter((h) => /(^|\s)(\S+)\s+\2(\s|$)/.test(h) || (lang === 'en' && /[\u3400-\u9fff]/.test(h)));

/** An XLSX of one sheet holding these rows, as a user would upload it. */
export const xlsxOf = async (rows: string[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** The table of an XLSX answer's first sheet. */
export const answerTable = async (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
  tableOf(await firstSheetOf(res));

/** What the console sends with an export: the reader's time zone (Shanghai in the tests) and language. */
export const readerHeaders = (language: string) => ({
  timezone: 'Asia/Shanghai',
  'accept-language': language,
});
