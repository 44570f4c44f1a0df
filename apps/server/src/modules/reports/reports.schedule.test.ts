import { reportsEndpoints as e } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalGroups } from '../../db/schema';
import { XLSX_TYPE } from '../../shared/xlsx';
import { createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createFleetFixtures, registerTerminal } from '../../test-support/fleet-fixtures';
import { mimeParts } from '../../test-support/mime-parts';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import { createTestApp, createTestClock, type TestApp } from '../../test-support/test-app';
import { reportSchedules } from './reports.table';

describe('a scheduled report on the test clock', () => {
  // 16:00 in Shanghai; the schedule's 09:00 there is 01:00 UTC the next day.
  const clock = createTestClock(new Date('2026-06-01T08:00:00Z'));
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let scheduleId = '';

  /** Runs the due jobs round after round, as the runner would, until nothing due is left. */
  const runJobs = async () => {
    for (let round = 0; round < 10; round++) await t.jobs.runDue();
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ clock, env: { SMTP_URL: smtp.url }, jobs: { run: false } });
    // Starting writes the cron schedules; the rounds below are driven by hand.
    await t.jobs.start();
    await t.jobs.stop();
    const zh = await createAccount(t, { username: 'report_zh', email: 'zh@example.test' });
    const other = await createAccount(t, { username: 'report_other' });
    const mine = await createFleetFixtures(t, zh.id);
    await registerTerminal(t, zh.token, mine, { sn: 'RPT0000001', mac: '00:11:22:33:55:01' });
    await registerTerminal(t, zh.token, mine, { sn: 'RPT0000002', mac: '00:11:22:33:55:02' });
    const [group] = await t.database.db
      .insert(terminalGroups)
      .values({ name: 'Other store', number: 'S900', ownerId: other.id })
      .returning();
    const theirs = { model: mine.model, group };
    await registerTerminal(t, other.token, theirs, { sn: 'OTH0000001', mac: '00:11:22:33:55:03' });
    const made = await clientOf(t, zh.token).call(e.save, {
      name: '每日设备报表',
      email: 'zh@example.test',
      frequency: 'daily',
      hour: 9,
      timeZone: 'Asia/Shanghai',
      language: 'zh',
      sections: ['fleet', 'offline', 'alerts', 'tasks', 'compliance'],
    });
    expect(made.body.code, made.body.messageEn).toBe(1);
    scheduleId = made.body.result.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails nothing before its hour', async () => {
    clock.advance(Date.parse('2026-06-02T00:59:00Z') - clock.now().getTime());
    await runJobs();
    expect(smtp.lastTo('zh@example.test')).toBeUndefined();
  });

  it('mails the report once at its hour, with a Chinese workbook of what the owner sees', async () => {
    clock.advance(60_000);
    await runJobs();
    clock.advance(60_000);
    await runJobs();
    const mails = smtp.mails.filter((m) => m.to.includes('zh@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('定时报表：每日设备报表');
    const parts = mimeParts(mails[0].raw);
    const html = parts.find((p) => p.contentType === 'text/html')?.content.toString('utf8') ?? '';
    expect(html).toContain('设备概况');
    expect(html).toContain('离线终端：2');
    const file = parts.find((p) => p.filename?.endsWith('.xlsx'));
    expect(file?.contentType).toBe(XLSX_TYPE);
    expect(file?.filename).toBe('report-20260602.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file?.content as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      '设备概况',
      '离线终端',
      '周期内告警',
      '任务结果',
      '策略合规',
    ]);
    const offline = book.getWorksheet('离线终端');
    expect(offline?.getRow(1).values).toEqual([
      undefined,
      '序列号',
      '终端名称',
      '状态',
      '型号',
      '企业',
      '终端分组',
      '门店名称',
      '最后在线',
    ]);
    const sns = (offline?.getColumn(1).values ?? []).slice(2);
    expect([...sns].sort()).toEqual(['RPT0000001', 'RPT0000002']);
    expect(book.getWorksheet('设备概况')?.getRow(2).values).toEqual([undefined, '终端总数', 2]);
  });

  it('moves the schedule to its next day and records when it went out', async () => {
    const [row] = await t.database.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, scheduleId));
    expect(row.nextRunAt).toEqual(new Date('2026-06-03T01:00:00Z'));
    expect(row.lastSentAt).toEqual(new Date('2026-06-02T01:00:00Z'));
  });
});
