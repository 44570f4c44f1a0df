import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { authOf } from '../../test-support/records';
import { gatherReport, type ReportData, type ReportSources } from './report-content';
import { reportMail } from './report-mail';
import { periodStartOf } from './report-schedule';
import { writeReportWorkbook } from './report-workbook';

const sources = (): { [K in keyof ReportSources]: ReturnType<typeof vi.fn> & ReportSources[K] } => ({
  fleet: vi.fn(async () => ({
    total: 3,
    online: 1,
    offline: 2,
    byStatus: [{ status: 'activated', count: 3 }],
  })),
  offline: vi.fn(async () => ({ rows: [], total: 0 })),
  alerts: vi.fn(async () => ({ rows: [], total: 0 })),
  tasks: vi.fn(async () => [
    { taskId: 't1', name: 'Push wallpaper', nameText: null, type: 'wallpaper', succeeded: 4, failed: 1 },
  ]),
  compliance: vi.fn(async () => [{ state: 'drift', severity: 'major', count: 2 }]),
});

const period = { from: new Date('2026-06-01T01:00:00Z'), to: new Date('2026-06-02T01:00:00Z') };

describe('report content', () => {
  it('covers the time since the previous occurrence, 23 hours across a spring-forward night', () => {
    const berlin = { frequency: 'daily', hour: 9, weekday: null, monthDay: null, timeZone: 'Europe/Berlin' };
    // 09:00 in Berlin is 08:00 UTC on 28 March 2026 (CET) and 07:00 UTC on 29 March (CEST).
    expect(periodStartOf(berlin, new Date('2026-03-29T07:00:00Z'), false)).toEqual(
      new Date('2026-03-28T08:00:00Z'),
    );
    const monthly = { ...berlin, frequency: 'monthly', monthDay: 1 };
    expect(periodStartOf(monthly, new Date('2026-04-01T07:00:00Z'), false)).toEqual(
      new Date('2026-03-01T08:00:00Z'),
    );
  });

  it('covers the frequency’s length up to now when sent at once', () => {
    const weekly = { frequency: 'weekly', hour: 9, weekday: 1, monthDay: null, timeZone: 'UTC' };
    expect(periodStartOf(weekly, new Date('2026-06-03T10:30:00Z'), true)).toEqual(
      new Date('2026-05-27T10:30:00Z'),
    );
  });

  it('leaves out, unread, the sections whose page the owner no longer holds', async () => {
    const s = sources();
    const owner = authOf({ permissions: ['device:terminal:view', 'task:task:view'] });
    const data = await gatherReport(s, owner, ['fleet', 'alerts', 'tasks', 'compliance'], period);
    expect(data.fleet?.total).toBe(3);
    expect(data.tasks).toHaveLength(1);
    expect(data.omitted).toEqual(['alerts', 'compliance']);
    expect(s.alerts).not.toHaveBeenCalled();
    expect(s.compliance).not.toHaveBeenCalled();
    expect(s.fleet).toHaveBeenCalledWith(owner);
  });

  it('writes a sheet per section with Chinese titles and labels for a Chinese reader', async () => {
    const data: ReportData = {
      period,
      fleet: { total: 3, online: 1, offline: 2, byStatus: [{ status: 'activated', count: 3 }] },
      compliance: [{ state: 'drift', severity: 'major', count: 2 }],
      omitted: [],
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await writeReportWorkbook(data, { lang: 'zh', timeZone: 'Asia/Shanghai' })) as unknown as ArrayBuffer,
    );
    expect(book.worksheets.map((w) => w.name)).toEqual(['设备概况', '策略合规']);
    const fleet = book.getWorksheet('设备概况');
    expect(fleet?.getRow(1).values).toEqual([undefined, '指标', '数量']);
    expect(fleet?.getRow(5).values).toEqual([undefined, '已激活', 3]);
    expect(book.getWorksheet('策略合规')?.getRow(2).values).toEqual([undefined, '偏离', '重要', 2]);
  });

  it('mails an HTML summary in the schedule’s language, escaped, with the workbook attached', () => {
    const data: ReportData = {
      period,
      tasks: [{ taskId: 't1', name: 'Push', nameText: null, type: 'wallpaper', succeeded: 4, failed: 1 }],
      omitted: ['alerts'],
    };
    const mail = reportMail(
      { name: '<Ops> weekly', email: 'ops@example.test', language: 'en', timeZone: 'Asia/Shanghai' },
      data,
      Buffer.from('xlsx'),
    );
    expect(mail.subject).toBe('Scheduled report: <Ops> weekly');
    expect(mail.html).toContain('&#60;Ops&#62; weekly');
    expect(mail.html).toContain('<li>succeeded: 4</li>');
    expect(mail.text).toContain('Period: 2026-06-01 09:00 – 2026-06-02 09:00 (Asia/Shanghai)');
    expect(mail.text).toContain(
      'Left out because the account no longer holds their pages: Alerts of the period',
    );
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'report-20260602.xlsx',
        contentBase64: Buffer.from('xlsx').toString('base64'),
      }),
    ]);
  });
});
