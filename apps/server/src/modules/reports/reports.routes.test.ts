import { reportsEndpoints as e, type ReportScheduleSave } from '@cpm/contracts';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf, refusalOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { jobs } from '../jobs/jobs.table';
import { operationLogs } from '../oplog/oplog.table';
import { reportSchedules } from './reports.table';

const schedule = (over: Partial<ReportScheduleSave> = {}): ReportScheduleSave => ({
  name: 'Weekly alerts',
  email: 'ops@example.test',
  frequency: 'weekly',
  hour: 7,
  weekday: 1,
  timeZone: 'Europe/Berlin',
  language: 'en',
  sections: ['alerts', 'tasks'],
  ...over,
});

type FieldErrors = { errors: { field: string; message: string; messageEn: string }[] };

describe('scheduled report routes', () => {
  const t = useTestApp({ jobs: { run: false } });
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let viewer: { id: string; token: string };
  let id = '';

  const count = async () => (await t.database.db.select().from(reportSchedules)).length;

  beforeAll(async () => {
    const all = await createRole(
      t,
      { code: 'reports_all', name: '报表', nameEn: 'Reports' },
      'data:report:%',
    );
    const view = await createRole(
      t,
      { code: 'reports_view', name: '报表查看', nameEn: 'Reports view' },
      'data:report:view',
    );
    a = await createAccount(t, { username: 'reports_a', roleId: all });
    b = await createAccount(t, { username: 'reports_b', roleId: all });
    viewer = await createAccount(t, { username: 'reports_v', roleId: view });
    const made = await clientOf(t, a.token).call(e.save, schedule());
    expect(made.body.code, made.body.messageEn).toBe(1);
    id = made.body.result.id;
  });

  it('creates, edits, pauses and deletes, each recorded in the operation log', async () => {
    const api = clientOf(t, a.token);
    const made = await api.call(
      e.save,
      schedule({ name: 'Monthly fleet', frequency: 'monthly', monthDay: 3 }),
    );
    const mine = made.body.result.id;
    await api.call(
      e.save,
      schedule({ id: mine, name: 'Monthly fleet 2', frequency: 'monthly', monthDay: 4 }),
    );
    await api.call(e.pause, { id: mine, paused: true });
    const page = await api.call(e.page, { current: 1, size: 10 });
    expect(page.body.result.records.find((r) => r.id === mine)).toMatchObject({
      name: 'Monthly fleet 2',
      monthDay: 4,
      weekday: null,
      paused: true,
      nextRunAt: null,
      ownerName: 'reports_a',
    });
    await api.call(e.remove, { id: mine });
    const logged = await t.database.db
      .select({ action: operationLogs.action, name: operationLogs.objectName })
      .from(operationLogs)
      .where(eq(operationLogs.objectId, mine));
    expect(logged.map((l) => l.action).sort()).toEqual([
      'report.create',
      'report.delete',
      'report.update',
      'report.update',
    ]);
    expect(await t.database.db.select().from(reportSchedules).where(eq(reportSchedules.id, mine))).toEqual(
      [],
    );
  });

  it('refuses bad input with both languages per field and saves nothing', async () => {
    const before = await count();
    const api = clientOf(t, a.token);
    const noDay = await api.send(e.save, schedule({ weekday: null }));
    expect(noDay.body.code).toBe(400);
    expect(refusalOf<FieldErrors>(noDay).errors).toContainEqual({
      field: 'body.weekday',
      message: '每周报表须选择星期几',
      messageEn: 'A weekly report needs its day of the week',
    });
    const zone = await api.send(e.save, schedule({ timeZone: 'Mars/Olympus' }));
    expect(refusalOf<FieldErrors>(zone).errors).toContainEqual({
      field: 'body.timeZone',
      message: '未知的时区',
      messageEn: 'Unknown time zone',
    });
    const rest = await api.send(e.save, { ...schedule(), hour: 24, email: 'not-mail', sections: [] });
    expect(refusalOf<FieldErrors>(rest).errors).toEqual(
      expect.arrayContaining([
        { field: 'body.hour', message: '不能大于 23', messageEn: 'Must be at most 23' },
        { field: 'body.email', message: '邮箱格式不正确', messageEn: 'Not a valid email address' },
        { field: 'body.sections', message: '至少需要 1 项', messageEn: 'Needs at least 1 items' },
      ]),
    );
    const twice = await api.send(e.save, schedule({ sections: ['alerts', 'alerts'] }));
    expect(refusalOf<FieldErrors>(twice).errors[0]).toMatchObject({
      field: 'body.sections',
      message: '报表内容不能重复',
      messageEn: 'A section is chosen twice',
    });
    expect(await count()).toBe(before);
  });

  it('shows another account none of them and answers not found in both languages', async () => {
    const theirs = clientOf(t, b.token);
    expect((await theirs.call(e.page, { current: 1, size: 10 })).body.result.total).toBe(0);
    for (const answer of [
      await theirs.call(e.save, schedule({ id })),
      await theirs.call(e.pause, { id, paused: true }),
      await theirs.call(e.sendNow, { id }),
      await theirs.call(e.remove, { id }),
    ])
      expect(answer.body).toMatchObject({
        code: 404,
        message: '定时报表不存在或不在您的数据范围内',
        messageEn: 'The scheduled report does not exist or is outside your data scope',
      });
    const [row] = await t.database.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(row).toMatchObject({ name: 'Weekly alerts', paused: false });
  });

  it('403s each button the caller lacks', async () => {
    const v = clientOf(t, viewer.token);
    expect((await v.call(e.page, { current: 1, size: 10 })).status).toBe(200);
    expect((await v.send(e.save, schedule())).status).toBe(403);
    expect((await v.send(e.save, schedule({ id }))).status).toBe(403);
    expect((await v.send(e.pause, { id, paused: true })).status).toBe(403);
    expect((await v.send(e.sendNow, { id })).status).toBe(403);
    expect((await v.send(e.remove, { id })).status).toBe(403);
  });

  it('queues a send job for the caller on send now, paused or not', async () => {
    const api = clientOf(t, a.token);
    await api.call(e.pause, { id, paused: true });
    const sent = await api.call(e.sendNow, { id });
    expect(sent.body.code).toBe(1);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [sent.body.result.jobId]));
    expect(job).toMatchObject({
      kind: 'reports.send',
      userId: a.id,
      payload: { scheduleId: id, periodEnd: t.clock.now().toISOString(), manual: true },
    });
  });
});
