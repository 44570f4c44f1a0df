import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '../modules/devices/excel';
import { rejectionKeyOf } from '../test-support/error-keys';
import { bombOf, IMPORT_COLUMNS as COLUMNS } from '../test-support/xlsx-bombs';
import { readSheetRows, SHEET_LIMITS } from './sheet-reader';

describe('readSheetRows', () => {
  it('reads the data rows by position, with the sheet row numbers', async () => {
    const xlsx = await buildTemplate('Terminals', COLUMNS, ['SN1', 'one']);
    expect(await readSheetRows(xlsx, 2)).toEqual([{ row: 2, values: ['SN1', 'one'] }]);
  });

  it('takes back rows in chunks, all of them in order', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['SN', 'Name']);
    for (let i = 0; i < 1234; i++) sheet.addRow([`SN${i}`, `n${i}`]);
    const rows = await readSheetRows(Buffer.from(await book.xlsx.writeBuffer()), 2);
    expect(rows).toHaveLength(1234);
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: 1234 }, (_, i) => i + 2));
    expect(rows[1233].values).toEqual(['SN1233', 'n1233']);
  });

  it('refuses a small file declaring millions of shared strings before parsing it', async () => {
    // About 20 MB of shared strings in a file of a few dozen KB; the same shape with 15 million
    // (the benchmark's) packs 255 MB into a few hundred KB.
    const bomb = await bombOf(1_200_000);
    expect(bomb.length).toBeLessThan(256 * 1024);
    expect(await rejectionKeyOf(readSheetRows(bomb, 2))).toBe('excelTooLarge');
  });

  it('refuses a workbook whose parts unpack to more than they declare, in the worker and not on the event loop', async () => {
    // Declared sizes pass the directory check; the worker meets the real size within its heap.
    const liar = await bombOf(1_500_000, {
      distinct: true,
      declare: (name, size) => (name === 'xl/sharedStrings.xml' ? 1000 : size),
    });
    const limits = { ...SHEET_LIMITS, workerHeapMb: 64, concurrency: 3 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const answers = await Promise.all([1, 2, 3].map(() => rejectionKeyOf(readSheetRows(liar, 2, limits))));
    clearInterval(timer);
    for (const a of answers) expect(['excelTooLarge', 'excelUnreadable']).toContain(a);
    // The timer kept firing while three workers parsed: the event loop was never held.
    expect(ticks).toBeGreaterThan(3);
  });

  it('stops at the first row past the cap', async () => {
    const book = await buildTemplate('Terminals', COLUMNS, ['SN1', 'one']);
    expect(await rejectionKeyOf(readSheetRows(book, 2, { ...SHEET_LIMITS, maxRows: 0 }))).toBe(
      'excelTooManyRows',
    );
  });

  it('tells a caller beyond the waiting line to try again, and serves the rest', async () => {
    const xlsx = await buildTemplate('Terminals', COLUMNS, ['SN1', 'one']);
    const limits = { ...SHEET_LIMITS, concurrency: 1, queue: 1 };
    const answers = await Promise.all([1, 2, 3].map(() => rejectionKeyOf(readSheetRows(xlsx, 2, limits))));
    expect(answers.sort()).toEqual(['importBusy', 'read', 'read']);
  });

  it('refuses what is not a workbook', async () => {
    expect(await rejectionKeyOf(readSheetRows(Buffer.from('not a zip at all'), 2))).toBe('excelUnreadable');
  });
});
