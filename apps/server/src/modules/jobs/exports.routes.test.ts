import { EXPORT_JOB_THRESHOLD, EXPORT_RETENTION_DAYS, type ExportResult, type JobVo } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { callAs } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { badHeaders, tableOf } from '../../test-support/workbook';

let t: TestApp;
let admin: ReturnType<typeof callAs>;
let adminId: string;
let adminToken: string;
const TERMINALS = EXPORT_JOB_THRESHOLD + 1;

beforeAll(async () => {
  t = await createTestApp();
  const login = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  admin = callAs(t, login.token);
  adminToken = login.token;
  adminId = login.userId;
  await t.database.db.execute(sql`insert into terminals (sn, name, owner_id)
    select 'EXP' || lpad(i::text, 6, '0'), 'Till ' || i, ${adminId}::uuid from generate_series(1, ${TERMINALS}) i`);
  await t.database.db.execute(
    sql`update terminals set last_seen_at = '2026-01-01T00:00:00Z' where sn = 'EXP000001'`,
  );
});
afterAll(async () => {
  await t?.close();
});

/** Starts an export as the console does, with its language and time zone headers. */
const startAs = async (body: object, headers: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/upms/v1/upms/export/start',
    headers: { satoken: adminToken, ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { code: number; result: never } };
};

/** Runs due jobs until the job has ended (the app's own runner may take it first). */
const finished = async (jobId: string): Promise<JobVo> => {
  for (;;) {
    await t.jobs.runDue();
    const { body } = await admin('GET', `/upms/v1/upms/job/getById?id=${jobId}`);
    const job = body.result as JobVo;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    // Polls for an end that will come; the pause lets file I/O of the job complete meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Follows the notice's link as a browser would: the export link redirects to a signed blob link. */
const download = async (url: string) => {
  const first = await t.app.inject({ method: 'GET', url });
  expect(first.statusCode).toBe(302);
  const file = await t.app.inject({ method: 'GET', url: first.headers.location as string });
  expect(file.statusCode).toBe(200);
  return file;
};

describe('exports as jobs', () => {
  it('answers direct for a small list and refuses callers without the list export permission', async () => {
    const small = await admin('POST', '/upms/v1/upms/export/start', {
      list: 'terminals',
      filter: { sn: 'EXP000001' },
    });
    expect(small.body.result).toEqual({ mode: 'direct', total: 1 });

    // Sales staff may export terminals (only those of their own account tree) but not users.
    const sales = await createAccount(t, { username: 'exportsales', roleCode: 'sales' });
    const asSales = callAs(t, sales.token);
    const scoped = await asSales('POST', '/upms/v1/upms/export/start', { list: 'terminals', filter: {} });
    expect(scoped.body.result).toEqual({ mode: 'direct', total: 0 });
    const denied = await asSales('POST', '/upms/v1/upms/export/start', { list: 'users', format: 'csv' });
    expect(denied.status).toBe(403);
    expect((await asSales('GET', '/upms/v1/upms/job/getPage?current=1&size=5')).body.result).toMatchObject({
      total: 0,
    });
    const bad = await admin('POST', '/upms/v1/upms/export/start', { list: 'users', format: 'pdf' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.messageEn).toBeTruthy();
  });

  it('exports a list past the threshold as an XLSX job, with a bell notice and a working link', async () => {
    // The file is written later, by a worker, in the language and time zone of the request that asked.
    const started = await startAs(
      { list: 'terminals', filter: { sn: 'exp' } },
      { 'accept-language': 'zh-CN', timezone: 'Asia/Shanghai' },
    );
    const answer = started.body.result as { mode: string; total: number; jobId: string };
    expect(answer).toMatchObject({ mode: 'job', total: TERMINALS });

    const job = await finished(answer.jobId);
    expect(job).toMatchObject({ status: 'succeeded', percent: 100, kind: 'export' });
    const result = job.result as ExportResult;
    expect(result).toMatchObject({ format: 'xlsx', rows: TERMINALS });
    expect(result.fileName).toMatch(/^terminals-\d{8}-\d{4}\.xlsx$/);

    const file = await download(result.downloadUrl);
    expect(Number(file.headers['content-length'] ?? file.rawPayload.length)).toBe(result.bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(TERMINALS + 1);
    const { headers, rows } = tableOf(sheet);
    expect(headers.slice(0, 4)).toEqual(['序列号', '终端名称', '在线状态', '状态']);
    expect(badHeaders(headers, 'zh')).toEqual([]);
    expect(rows.find((r) => r.序列号 === 'EXP000001')).toMatchObject({
      在线状态: '离线超过 72 小时',
      状态: '已入库',
      最后在线: '2026-01-01 08:00:00',
    });
    expect(rows.find((r) => r.序列号 === 'EXP000002')).toMatchObject({ 在线状态: '离线', 最后在线: null });

    const box = await admin('GET', '/upms/v1/upms/sysMsgUser/findPageList?current=1&size=5');
    const notice = (
      box.body.result as { records: { id: string; title: string; content: string; notice: unknown }[] }
    ).records.find((m) => m.id === answer.jobId);
    expect(notice?.title).toBe('导出完成：终端列表 / Export ready: Terminals');
    expect(notice?.content).toContain(`href="${result.downloadUrl}"`);
    // Each reader reads it in their own language: the console renders it from its key and values.
    expect(notice?.notice).toEqual({
      key: 'exportReady',
      params: {
        list: 'terminals',
        rows: TERMINALS,
        format: 'XLSX',
        days: EXPORT_RETENTION_DAYS,
        fileName: result.fileName,
        url: result.downloadUrl,
      },
    });

    const forged = await t.app.inject({
      method: 'GET',
      url: `/upms/v1/upms/export/download?id=${answer.jobId}&token=${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().messageEn).toMatch(/expired/);
  });

  it('writes CSV when asked, even for a short list', async () => {
    const started = await startAs(
      { list: 'users', filter: { username: 'admin' }, format: 'csv' },
      { 'accept-language': 'en', timezone: 'Asia/Shanghai' },
    );
    const answer = started.body.result as { mode: string; jobId: string };
    expect(answer.mode).toBe('job');
    const job = await finished(answer.jobId);
    const result = job.result as ExportResult;
    expect(result).toMatchObject({ format: 'csv', rows: 1 });
    const text = (await download(result.downloadUrl)).body;
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFUsername,Full name,Email,Phone,Roles,Status,Superior account,Store scope,Company,' +
        'Hardware fault SMS,Geofence mail,International user,Location,Created',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith('admin,')).toBe(true);
    expect(lines[1]).toMatch(/,Enabled,/);
    expect(lines[1]).toMatch(/,(Yes|No),(Yes|No),(Yes|No),\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('lists only your own jobs', async () => {
    const other = await createAccount(t, { username: 'otherjobs', roleCode: 'enterprise_admin' });
    const page = await callAs(t, other.token)('GET', '/upms/v1/upms/job/getPage?current=1&size=10');
    expect((page.body.result as { total: number }).total).toBe(0);
    const mine = await admin('GET', '/upms/v1/upms/job/getPage?current=1&size=10&kind=export');
    expect((mine.body.result as { total: number }).total).toBe(2);
  });
});
