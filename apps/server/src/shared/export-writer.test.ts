import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from './export-columns';
import { csvCell, writeExport } from './export-writer';

type Row = { sn: string; status: string; at: string };

const COLUMNS: ExportColumn<Row>[] = [
  { key: 'sn', label: { zh: '序列号', en: 'SN' } },
  { key: 'status', label: { zh: '状态', en: 'Status' }, format: { dict: 'terminal_status' } },
  { key: 'at', label: { zh: '最后在线', en: 'Last seen' }, format: 'dateTime' },
];

const batches = async function* () {
  yield [{ sn: 'P1', status: 'shipped', at: '2026-01-01T00:00:00Z' }];
  yield [{ sn: '=cmd', status: 'warehoused', at: '2026-01-01T12:30:05Z' }];
};

const read = async (file: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const dicts = async () => ({
  terminal_status: [
    { value: 'shipped', label: '已发货', englishName: 'Shipped' },
    { value: 'warehoused', label: '已入库', englishName: 'Warehoused' },
  ],
});

/** The test rows written as `format` for a reader of `lang` in Shanghai. */
const shanghaiExport = (format: 'csv' | 'xlsx', lang: 'en' | 'zh') =>
  writeExport({
    format,
    sheet: 's',
    columns: COLUMNS,
    locale: { lang, timeZone: 'Asia/Shanghai' },
    dicts,
    batches: batches(),
  });

describe('export writer', () => {
  it('writes a CSV for its reader: their headers and labels, their time zone, formulas defused', async () => {
    const { file, done } = shanghaiExport('csv', 'en');
    const [bytes, rows] = await Promise.all([read(file), done]);
    expect(rows).toBe(2);
    expect(bytes.toString('utf8').split('\r\n')).toEqual([
      '\uFEFFSN,Status,Last seen',
      'P1,Shipped,2026-01-01 08:00:00',
      "'=cmd,Warehoused,2026-01-01 20:30:05",
      '',
    ]);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });

  it('writes an XLSX in Chinese the same way', async () => {
    const { file, done } = shanghaiExport('xlsx', 'zh');
    const [bytes] = await Promise.all([read(file), done]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(values.map((r) => r.slice(1))).toEqual([
      ['序列号', '状态', '最后在线'],
      ['P1', '已发货', '2026-01-01 08:00:00'],
      ['=cmd', '已入库', '2026-01-01 20:30:05'],
    ]);
  });

  it('fails the file when the rows fail', async () => {
    const failing = async function* (): AsyncIterable<Row[]> {
      yield [];
      throw new Error('gone');
    };
    const { file, done } = writeExport({
      format: 'csv',
      sheet: 's',
      columns: COLUMNS,
      locale: { lang: 'en', timeZone: 'UTC' },
      batches: failing(),
    });
    const failed = new Promise((resolve) => file.on('error', resolve));
    await expect(done).rejects.toThrow('gone');
    expect(((await failed) as Error).message).toBe('gone');
  });
});
