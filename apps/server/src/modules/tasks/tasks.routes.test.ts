import { randomUUID } from 'node:crypto';
import { ENDPOINTS } from '@cpm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf, refusalOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { badHeaders, firstSheetOf, tableOf } from '../../test-support/workbook';
import { jobs } from '../jobs/jobs.table';
import { operationLogs } from '../oplog/oplog.table';
import { makeZip, sysFileForm } from '../sysfiles/testing';
import { basicAuth, insertGroups, insertTerminals, moveTerminals } from './task-fixtures';
import { taskDeliveries, taskRuns, tasks } from './tasks.table';

type Caller = { id: string; token: string };

describe('remote tasks', () => {
  let t: TestApp;
  let admin: Caller;
  let ent: Caller;
  let other: Caller;
  let fx: Awaited<ReturnType<typeof insertGroups>>;
  let otherFx: Awaited<ReturnType<typeof insertGroups>>;
  let snsA: string[];
  let snsSub: string[];
  let snsB: string[];
  let fileId: string;
  let otaId: string;

  const expireIn = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();
  const base = (over: Record<string, unknown> = {}) => ({
    name: 'Push price list',
    platform: 'android',
    type: 'file_push',
    params: { fileId, path: '/sdcard/Download' },
    targets: { sns: snsA.slice(0, 3) },
    timing: { expireAt: expireIn(24) },
    ...over,
  });
  const create = (token: string, body: Record<string, unknown>) =>
    clientOf(t, token).send(ENDPOINTS.tasks.create, body);
  const taskCount = async () => (await t.database.db.select({ id: tasks.id }).from(tasks)).length;
  const detail = async (id: string, token = ent.token) =>
    (await clientOf(t, token).call(ENDPOINTS.tasks.detail, { id })).body.result;
  const pull = async (sn: string) => {
    const res = await clientOf(t, null).request(ENDPOINTS.taskAgent.pull, { headers: basicAuth(sn) });
    expect(res.json().code, res.body).toBe(1);
    return res.json().result as {
      tasks: {
        deliveryId: string;
        attempt: number;
        type: string;
        file: { url: string; sha256: string } | null;
      }[];
    };
  };
  const report = async (sn: string, results: Record<string, unknown>[]) => {
    const res = await clientOf(t, null).request(ENDPOINTS.taskAgent.report, {
      headers: basicAuth(sn),
      body: { results },
    });
    expect(res.json().code, res.body).toBe(1);
    return res.json().result.results as { deliveryId: string; accepted: boolean; state: string }[];
  };
  const fanOut = () => t.jobs.runDue();
  /** Moves the clock on; sessions idle that long end, so everyone signs in again. */
  const travel = async (ms: number) => {
    t.clock.advance(ms);
    admin.token = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    ent.token = (await loginAs(t.app, 'task_ent', ACCOUNT_PASSWORD)).token;
    other.token = (await loginAs(t.app, 'task_other', ACCOUNT_PASSWORD)).token;
  };

  beforeAll(async () => {
    t = await createTestApp({ jobs: { run: false }, tasks: { monitorMs: false, catchUpMs: 0 } });
    const a = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    admin = { id: a.userId, token: a.token };
    ent = await createAccount(t, { username: 'task_ent' });
    other = await createAccount(t, { username: 'task_other' });
    fx = await insertGroups(t.database.db, ent.id, 'A');
    otherFx = await insertGroups(t.database.db, other.id, 'B');
    snsA = await insertTerminals(t.database.db, {
      prefix: 'TA',
      count: 6,
      ownerId: ent.id,
      groupId: fx.group.id,
      modelId: fx.model.id,
      online: true,
    });
    snsSub = await insertTerminals(t.database.db, {
      prefix: 'TS',
      count: 4,
      ownerId: ent.id,
      groupId: fx.sub.id,
    });
    await insertTerminals(t.database.db, {
      prefix: 'TW',
      count: 2,
      ownerId: ent.id,
      groupId: fx.group.id,
      platform: 'windows',
    });
    snsB = await insertTerminals(t.database.db, {
      prefix: 'TB',
      count: 3,
      ownerId: other.id,
      groupId: otherFx.group.id,
    });
    const upload = async (name: string, type: string) => {
      const form = sysFileForm(
        { version: '1.0', type },
        name,
        makeZip([{ name: 'a.bin', data: Buffer.alloc(500, 1) }]),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: ENDPOINTS.sysFiles.upload.path,
        headers: { satoken: ent.token, ...form.headers },
        payload: form.payload,
      });
      expect(res.json().code, res.body).toBe(1);
      return res.json().result as { id: string; sha256: string };
    };
    fileId = (await upload('prices.zip', '2')).id;
    otaId = (await upload('ota.zip', '1')).id;
  });
  afterAll(() => t.close());

  it('answers the types this server runs with their platforms (install comes from the app market)', async () => {
    const res = await clientOf(t, ent.token).call(ENDPOINTS.tasks.types);
    const types = res.body.result as { type: string; platforms: string[]; risky: boolean }[];
    expect(types.find((x) => x.type === 'app_install')?.platforms).toEqual(['android', 'windows']);
    expect(types.find((x) => x.type === 'registry')?.platforms).toEqual(['windows']);
    expect(types.find((x) => x.type === 'command')?.risky).toBe(true);
  });

  it('previews the reach of groups with their sub-groups, on the platform only', async () => {
    const res = await clientOf(t, ent.token).call(ENDPOINTS.tasks.preview, {
      platform: 'android',
      type: 'command',
      targets: { groupIds: [fx.group.id], sns: ['NOSUCH01', snsB[0]] },
    });
    expect(res.body.result).toMatchObject({ reach: 10, online: 6, approvalRequired: true });
    expect(res.body.result.missingSns.sort()).toEqual(['NOSUCH01', snsB[0]].sort());
  });

  it('creates a file task, writes its deliveries in the background and follows every result', async () => {
    const made = await create(
      ent.token,
      base({ targets: { sns: [snsA[0], snsA[1]], groupIds: [fx.sub.id] } }),
    );
    expect(made.body.code, JSON.stringify(made.body)).toBe(1);
    const task = made.body.result;
    expect(task.status).toBe('creating');
    await fanOut();
    let d = await detail(task.id);
    expect(d.status).toBe('normal');
    expect(d.counts).toMatchObject({ total: 6, waiting: 6 });

    // The heartbeat says there is work; the pull hands it over with the file to fetch.
    const hb = await clientOf(t, null).request(ENDPOINTS.agent.heartbeat, {
      headers: basicAuth(snsA[0]),
      body: { battery: 80 },
    });
    expect(hb.json().result.pending).toBe(1);
    const work = await pull(snsA[0]);
    expect(work.tasks).toHaveLength(1);
    const item = work.tasks[0];
    expect(item).toMatchObject({ type: 'file_push', attempt: 1 });
    expect(item.file?.url).toBe(`/device/v1/agent/sysFile/download?sha256=${item.file?.sha256}`);
    const dl = await t.app.inject({
      method: 'GET',
      url: item.file?.url as string,
      headers: basicAuth(snsA[0]),
    });
    expect(dl.statusCode).toBe(200);

    expect(await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'executed' }])).toEqual([
      { deliveryId: item.deliveryId, accepted: true, state: 'executed' },
    ]);
    await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'success', message: 'saved' }]);
    // A late or repeated report never takes a delivery back.
    expect(await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'executed' }])).toEqual([
      { deliveryId: item.deliveryId, accepted: false, state: 'success' },
    ]);
    // Another terminal cannot report for it.
    expect(
      (await report(snsA[1], [{ deliveryId: item.deliveryId, attempt: 1, state: 'failure' }]))[0],
    ).toMatchObject({
      accepted: false,
      state: null,
    });

    // A terminal in a sale defers: counted by its reason.
    const w1 = (await pull(snsA[1])).tasks[0];
    await report(snsA[1], [
      { deliveryId: w1.deliveryId, attempt: 1, state: 'deferred', deferReason: 'inTransaction' },
    ]);
    d = await detail(task.id);
    expect(d.counts).toMatchObject({ success: 1, pulled: 1, waiting: 4 });
    expect(d.counts.deferred.inTransaction).toBe(1);
    const deferred = await clientOf(t, ent.token).call(ENDPOINTS.tasks.results, {
      taskId: task.id,
      state: 'deferred',
    });
    expect(deferred.body.result.records.map((r: { sn: string }) => r.sn)).toEqual([snsA[1]]);
    await report(snsA[1], [
      { deliveryId: w1.deliveryId, attempt: 1, state: 'failure', message: 'disk full' },
    ]);

    // The rest finish; the monitor completes the task.
    for (const sn of snsSub) {
      const w = (await pull(sn)).tasks[0];
      await report(sn, [{ deliveryId: w.deliveryId, attempt: 1, state: 'success' }]);
    }
    await t.tasks.tick();
    d = await detail(task.id);
    expect(d.status).toBe('complete');
    expect(d.counts).toMatchObject({ total: 6, success: 5, failure: 1 });
    const failed = await clientOf(t, ent.token).call(ENDPOINTS.tasks.results, {
      taskId: task.id,
      state: 'failure',
    });
    expect(failed.body.result.records[0]).toMatchObject({ sn: snsA[1], message: 'disk full', attempt: 1 });

    // Stopping a finished task is refused.
    const stop = await clientOf(t, ent.token).call(ENDPOINTS.tasks.stop, { id: task.id });
    expect(stop.status).toBe(409);
    expect(stop.body.messageEn).toMatch(/already finished/);

    // Retrying the failed one offers it again as attempt 2 and makes the task active.
    const retry = await clientOf(t, ent.token).call(ENDPOINTS.tasks.retryFailed, { id: task.id });
    expect(retry.body.result).toEqual({ retried: 1 });
    expect((await detail(task.id)).status).toBe('normal');
    const again = (await pull(snsA[1])).tasks[0];
    expect(again.attempt).toBe(2);
    // A report naming the old attempt changes nothing.
    expect(
      (await report(snsA[1], [{ deliveryId: again.deliveryId, attempt: 1, state: 'success' }]))[0].accepted,
    ).toBe(false);
    await report(snsA[1], [{ deliveryId: again.deliveryId, attempt: 2, state: 'success' }]);
    await t.tasks.tick();
    expect((await detail(task.id)).status).toBe('complete');
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.retryFailed, { id: task.id })).status).toBe(
      409,
    );

    // The device page's plan tab lists it for the terminal.
    const plan = await clientOf(t, ent.token).call(ENDPOINTS.tasks.byTerminal, { sn: snsA[1].toLowerCase() });
    expect(plan.body.result.records[0]).toMatchObject({ taskId: task.id, state: 'success', attempt: 2 });

    // Lists and exports carry the counts.
    const page = await clientOf(t, ent.token).call(ENDPOINTS.tasks.page, { name: 'price' });
    expect(page.body.result.records[0].counts.success).toBe(6);
    const listed = page.body.result.records[0] as { name: string; createdAt: string };
    const inShanghai = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const exportIn = async (
      endpoint: typeof ENDPOINTS.tasks.export | typeof ENDPOINTS.tasks.resultsExport,
      query: Record<string, string>,
      language: string,
    ) =>
      tableOf(
        await firstSheetOf(
          await clientOf(t, ent.token).request(endpoint, {
            query,
            headers: { timezone: 'Asia/Shanghai', 'accept-language': language },
          }),
        ),
      );
    const tasksZh = await exportIn(ENDPOINTS.tasks.export, { name: 'price' }, 'zh-CN');
    expect(badHeaders(tasksZh.headers, 'zh')).toEqual([]);
    expect(tasksZh.rows[0]).toMatchObject({
      任务名称: listed.name,
      成功: 6,
      创建时间: inShanghai(listed.createdAt),
    });
    expect(tasksZh.rows[0].状态).toMatch(/[\u3400-\u9fff]/);
    const tasksEn = await exportIn(ENDPOINTS.tasks.export, { name: 'price' }, 'en');
    expect(badHeaders(tasksEn.headers, 'en')).toEqual([]);
    expect(tasksEn.rows[0]).toMatchObject({ 'Task name': listed.name, Success: 6, Platform: 'Android' });
    const results = await exportIn(ENDPOINTS.tasks.resultsExport, { taskId: task.id }, 'en');
    expect(results.headers.slice(0, 3)).toEqual(['SN', 'Terminal', 'Result']);
    expect(badHeaders(results.headers, 'en')).toEqual([]);
    expect(results.rows.map((r) => r.Result)).toContain('Success');
    expect(results.rows.every((r) => !['success', 'failure', 'waiting'].includes(String(r.Result)))).toBe(
      true,
    );
    const resultsZh = await exportIn(ENDPOINTS.tasks.resultsExport, { taskId: task.id }, 'zh-CN');
    expect(resultsZh.rows.map((r) => r.结果)).toContain('成功');
  });

  it.each([
    [
      'a shell command hiding a reboot',
      { type: 'command', params: { command: 'ls; re""boot' } },
      'body.params.command',
    ],
    [
      'a path ending with a backslash',
      { platform: 'windows', params: { fileId: 'x', path: 'C:\\POS\\' } },
      'body.params.fileId',
    ],
    [
      'an interval over 24 hours',
      { timing: { expireAt: '2099-01-01T00:00:00Z', schedule: { kind: 'interval', everyMinutes: 1500 } } },
      'body.timing.schedule.everyMinutes',
    ],
    [
      'a registry task for Android',
      {
        type: 'registry',
        params: { key: 'HKLM\\SOFTWARE\\POS', name: 'a', valueType: 'REG_SZ', value: '1' },
      },
      'body.type',
    ],
  ])('refuses %s in both languages and creates nothing', async (_name, over, field) => {
    const before = await taskCount();
    const res = await create(ent.token, base(over));
    expect(res.status).toBe(400);
    const { errors } = refusalOf<{ errors: { field: string; message: string; messageEn: string }[] }>(res);
    expect(errors.map((e) => e.field)).toContain(field);
    for (const e of errors) expect(e.message).not.toBe(e.messageEn);
    expect(await taskCount()).toBe(before);
  });

  it('refuses unknown files, packages and out-of-scope targets, creating nothing', async () => {
    const before = await taskCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ params: { fileId: crypto.randomUUID(), path: '/sdcard' } }, 'taskFileUnknown'],
      [{ type: 'ota', params: { fileId } }, 'taskFileUnknown'],
      [{ type: 'app_uninstall', params: { packageName: 'com.nobody.has' } }, 'taskPackageUnknown'],
      [{ targets: { sns: [snsB[0]] } }, 'taskTargetsOutOfScope'],
      [{ targets: { groupIds: [otherFx.group.id] } }, 'taskTargetsOutOfScope'],
      [{ targets: { ownerIds: [other.id] } }, 'taskTargetsOutOfScope'],
      [{ type: 'app_install', params: { appId: crypto.randomUUID() } }, 'appNotFound'],
      [{ timing: { expireAt: new Date(t.clock.now().getTime() - 1000).toISOString() } }, 'taskStartTooLate'],
      [
        {
          timing: {
            expireAt: expireIn(24),
            schedule: { kind: 'cron', expr: 'not a cron x', windowMinutes: 10 },
          },
        },
        'taskCronInvalid',
      ],
    ];
    const { ERRORS } = await import('@cpm/contracts');
    for (const [over, key] of cases) {
      const res = await create(ent.token, base(over));
      const e = ERRORS[key as keyof typeof ERRORS];
      expect(res.body, JSON.stringify(over)).toMatchObject({ code: e.code, message: e.zh, messageEn: e.en });
    }
    const scope = await create(ent.token, base({ targets: { sns: [snsB[0], 'NOSUCH99'] } }));
    expect(refusalOf<{ sns: string[] }>(scope).sns.sort()).toEqual(['NOSUCH99', snsB[0]].sort());
    expect(await taskCount()).toBe(before);
  });

  it('keeps tasks inside the data scope', async () => {
    const made = (await create(ent.token, base({ name: 'Scoped' }))).body.result;
    const page = await clientOf(t, other.token).call(ENDPOINTS.tasks.page, { name: 'Scoped' });
    expect(page.body.result.total).toBe(0);
    expect((await clientOf(t, other.token).call(ENDPOINTS.tasks.detail, { id: made.id })).status).toBe(404);
    expect((await clientOf(t, other.token).call(ENDPOINTS.tasks.stop, { id: made.id })).status).toBe(404);
    expect(
      (await clientOf(t, admin.token).call(ENDPOINTS.tasks.detail, { id: made.id })).body.result.name,
    ).toBe('Scoped');
    await fanOut();
  });

  it('stops an active task (cancelling open work) and restarts it as a new attempt', async () => {
    const made = (await create(ent.token, base({ name: 'Stop me', type: 'reboot', params: {} }))).body.result;
    await fanOut();
    await pull(snsA[2]);
    const stopped = await clientOf(t, ent.token).call(ENDPOINTS.tasks.stop, { id: made.id });
    expect(stopped.body.result.status).toBe('stopped');
    expect(stopped.body.result.counts).toMatchObject({ cancelled: 3, waiting: 0, pulled: 0 });
    expect((await pull(snsA[2])).tasks.find((x) => x.type === 'reboot')).toBeUndefined();
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.stop, { id: made.id })).status).toBe(409);
    const restarted = await clientOf(t, ent.token).call(ENDPOINTS.tasks.restart, { id: made.id });
    expect(restarted.body.result).toMatchObject({ status: 'normal', counts: { waiting: 3, cancelled: 0 } });
    expect((await pull(snsA[2])).tasks.find((x) => x.type === 'reboot')?.attempt).toBe(2);
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.objectId, made.id), eq(operationLogs.result, 'success')));
    expect(logs.map((l) => l.action).sort()).toEqual(['task.create', 'task.restart', 'task.stop']);
  });

  it('makes a risky wide task wait for a second person holding task:task:approve', async () => {
    const body = base({
      name: 'Clear cache',
      type: 'command',
      params: { command: 'pm trim-caches 1G' },
      targets: { groupIds: [fx.group.id] },
    });
    expect((await create(ent.token, body)).body.messageEn).toMatch(/password again/);
    const wrong = await create(ent.token, { ...body, password: 'Nope#1234' });
    expect(wrong.body.messageEn).toMatch(/Wrong password/);
    const made = (await create(ent.token, { ...body, password: ACCOUNT_PASSWORD })).body.result;
    expect(made).toMatchObject({ status: 'pendingApproval', approvalRequired: true });
    expect(
      await t.database.db.select().from(taskDeliveries).where(eq(taskDeliveries.taskId, made.id)),
    ).toHaveLength(0);

    // Whoever may approve it hears of it (the platform administrator here), never the creator.
    const adminInbox = await clientOf(t, admin.token).call(ENDPOINTS.messages.myPage, {
      current: '1',
      size: '5',
    });
    expect(JSON.stringify(adminInbox.body.result.records)).toMatch(/Task Clear cache awaits approval/);
    const ownInbox = await clientOf(t, ent.token).call(ENDPOINTS.messages.myPage, {
      current: '1',
      size: '20',
    });
    expect(JSON.stringify(ownInbox.body.result.records)).not.toMatch(/awaits approval/);
    const self = await clientOf(t, ent.token).call(ENDPOINTS.tasks.approve, {
      id: made.id,
      password: ACCOUNT_PASSWORD,
    });
    expect(self.status).toBe(403);
    expect(self.body.messageEn).toMatch(/cannot approve your own/);
    const badPw = await clientOf(t, admin.token).call(ENDPOINTS.tasks.approve, {
      id: made.id,
      password: 'x',
    });
    expect(badPw.body.messageEn).toMatch(/Wrong password/);
    const ok = await clientOf(t, admin.token).call(ENDPOINTS.tasks.approve, {
      id: made.id,
      password: ADMIN_PASSWORD,
    });
    expect(ok.body.result.status).toBe('creating');
    await fanOut();
    const d = await detail(made.id);
    expect(d).toMatchObject({
      status: 'normal',
      counts: { total: 10 },
      approval: { required: true, decidedByName: 'Administrator' },
    });
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.objectId, made.id));
    expect(logs.map((l) => `${l.action} ${l.result}`).sort()).toEqual([
      'task.approve failure',
      'task.approve success',
      'task.create success',
    ]);
    const refused = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.actorId, ent.id), eq(operationLogs.result, 'failure')));
    expect(refused.map((l) => `${l.action} ${l.detail}`)).toContain('task.create wrong password');

    // A small risky task needs the password but no second person.
    const small = await create(ent.token, {
      ...body,
      targets: { sns: [snsA[0]] },
      password: ACCOUNT_PASSWORD,
    });
    expect(small.body.result.status).toBe('creating');
    await fanOut();
    // Rejection tells the creator why.
    const again = (await create(ent.token, { ...body, password: ACCOUNT_PASSWORD })).body.result;
    const rej = await clientOf(t, admin.token).call(ENDPOINTS.tasks.reject, {
      id: again.id,
      reason: 'Not in store hours',
    });
    expect(rej.body.result).toMatchObject({
      status: 'rejected',
      statusReasonEn: 'Rejected: Not in store hours',
    });
  });

  it('rolls out in waves and brakes when a wave fails too often, telling the creator', async () => {
    const made = (
      await create(
        ent.token,
        base({
          name: 'Waves',
          targets: { groupIds: [fx.group.id] },
          rollout: { waves: [20, 100], maxFailurePercent: 10 },
        }),
      )
    ).body.result;
    await fanOut();
    let d = await detail(made.id);
    expect(d.waves.map((w: { size: number; released: boolean }) => [w.size, w.released])).toEqual([
      [2, true],
      [8, false],
    ]);
    expect(d.counts).toMatchObject({ waiting: 2, held: 8 });
    const first = await clientOf(t, ent.token).call(ENDPOINTS.tasks.results, {
      taskId: made.id,
      state: 'waiting',
    });
    const [a, b] = first.body.result.records as { sn: string }[];
    for (const [sn, state] of [
      [a.sn, 'success'],
      [b.sn, 'failure'],
    ]) {
      const w = (await pull(sn)).tasks.find((x) => x.type === 'file_push' && x.deliveryId);
      const mine = (await clientOf(t, ent.token).call(ENDPOINTS.tasks.results, { taskId: made.id, sn })).body
        .result.records[0];
      expect(w).toBeDefined();
      await report(sn, [{ deliveryId: mine.id, attempt: 1, state }]);
    }
    await t.tasks.tick();
    d = await detail(made.id);
    expect(d.status).toBe('paused');
    expect(d.statusReasonEn).toMatch(/Wave 1 failed on 50%/);
    const inbox = await clientOf(t, ent.token).call(ENDPOINTS.messages.myPage, { current: '1', size: '5' });
    expect(JSON.stringify(inbox.body.result.records)).toMatch(/Task Waves paused/);

    const resumed = await clientOf(t, ent.token).call(ENDPOINTS.tasks.resume, { id: made.id });
    expect(resumed.body.result.status).toBe('normal');
    d = await detail(made.id);
    expect(d.counts).toMatchObject({ held: 0, waiting: 8 });
  });

  it('gives an active task to terminals that join a targeted group, and expires what is left', async () => {
    const made = (
      await create(
        ent.token,
        base({ name: 'Joiners', targets: { groupIds: [fx.sub.id] }, timing: { expireAt: expireIn(2) } }),
      )
    ).body.result;
    await fanOut();
    expect((await detail(made.id)).counts.total).toBe(4);
    const joiners = await insertTerminals(t.database.db, { prefix: 'TJ', count: 2, ownerId: ent.id });
    await moveTerminals(t.database.db, joiners, fx.sub.id);
    await t.tasks.tick();
    expect((await detail(made.id)).counts.total).toBe(6);
    expect((await pull(joiners[0])).tasks.some((x) => x.type === 'file_push')).toBe(true);
    await travel(3 * 3_600_000);
    await t.tasks.tick();
    const d = await detail(made.id);
    expect(d.status).toBe('overdue');
    expect(d.counts.expired).toBe(6);
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.retryFailed, { id: made.id })).status).toBe(
      409,
    );
    // A finished task can be deleted with its results.
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.remove, { id: made.id })).body.code).toBe(1);
    expect(
      await t.database.db.select().from(taskDeliveries).where(eq(taskDeliveries.taskId, made.id)),
    ).toHaveLength(0);
  });

  it('runs a repeated task once per occurrence, each run open for its time range', async () => {
    const made = (
      await create(
        ent.token,
        base({
          name: 'Hourly',
          type: 'reboot',
          params: {},
          targets: { sns: [snsA[5]] },
          timing: {
            expireAt: expireIn(5),
            schedule: { kind: 'interval', everyMinutes: 60, windowMinutes: 30 },
          },
        }),
      )
    ).body.result;
    await fanOut();
    await travel(61 * 60_000);
    await t.tasks.tick();
    await fanOut();
    const d = await detail(made.id);
    expect(d.runs.map((r: { seq: number; status: string }) => [r.seq, r.status])).toEqual([
      [2, 'open'],
      [1, 'closed'],
    ]);
    expect(d.counts).toMatchObject({ total: 1, waiting: 1 });
    const first = await clientOf(t, ent.token).call(ENDPOINTS.tasks.results, {
      taskId: made.id,
      runId: d.runs[1].id,
    });
    expect(first.body.result.records[0].state).toBe('expired');
  });

  it('narrows a task to a whitelist', async () => {
    const wl = await clientOf(t, ent.token).call(ENDPOINTS.taskWhitelist.save, {
      name: 'Pilot',
      sns: [snsA[3].toLowerCase(), snsSub[0]],
    });
    expect(wl.body.result).toMatchObject({ name: 'Pilot', size: 2 });
    const dup = await clientOf(t, ent.token).call(ENDPOINTS.taskWhitelist.save, { name: 'pilot' });
    expect(dup.status).toBe(409);
    const preview = await clientOf(t, ent.token).call(ENDPOINTS.tasks.preview, {
      platform: 'android',
      targets: { groupIds: [fx.group.id], whitelistId: wl.body.result.id },
    });
    expect(preview.body.result.reach).toBe(2);
    const entries = await clientOf(t, ent.token).call(ENDPOINTS.taskWhitelist.entries, {
      id: wl.body.result.id,
    });
    expect(entries.body.result.records.map((e: { sn: string }) => e.sn)).toEqual([snsA[3], snsSub[0]].sort());
    expect(
      (await clientOf(t, other.token).call(ENDPOINTS.taskWhitelist.entries, { id: wl.body.result.id }))
        .status,
    ).toBe(404);
    const made = (
      await create(
        ent.token,
        base({ name: 'Pilot push', targets: { groupIds: [fx.group.id], whitelistId: wl.body.result.id } }),
      )
    ).body.result;
    expect(
      (await clientOf(t, ent.token).call(ENDPOINTS.taskWhitelist.remove, { id: wl.body.result.id })).status,
    ).toBe(409);
    await fanOut();
    expect((await detail(made.id)).counts.total).toBe(2);
  });

  it('refuses deleting a system file an active task pushes, naming the task', async () => {
    const made = (await create(ent.token, base({ name: 'OTA now', type: 'ota', params: { fileId: otaId } })))
      .body.result;
    const res = await clientOf(t, ent.token).call(ENDPOINTS.sysFiles.remove, { id: otaId });
    expect(res.status).toBe(409);
    expect(refusalOf<{ tasks: unknown[] }>(res).tasks).toEqual([{ taskId: made.id, taskName: 'OTA now' }]);
    await fanOut();
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from task_deliveries where task_id = ${made.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(3);
  });

  it('marks a task whose deliveries could not be written as creation failed, saying why, and tells its creator', async () => {
    const made = (await create(ent.token, base({ name: 'Cannot be written' }))).body.result;
    expect(made.status).toBe('creating');
    const [run] = await t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, made.id));
    // The fan-out gave up after its retries (the job system marks it failed with the last error).
    await t.database.db
      .update(jobs)
      .set({ status: 'failed', error: 'database unavailable' })
      .where(eq(jobs.id, run.fanoutJobId as string));
    await t.tasks.tick();
    const d = await detail(made.id);
    expect(d).toMatchObject({
      status: 'failed',
      statusReasonEn: 'Writing the deliveries failed: database unavailable',
    });
    expect(d.counts.total).toBe(0);
    const inbox = await clientOf(t, ent.token).call(ENDPOINTS.messages.myPage, { current: '1', size: '5' });
    expect(inbox.body.result.records.map((m: { title: string }) => m.title)).toContain(
      '任务 Cannot be written 创建失败 / Task Cannot be written could not be created',
    );
    // A failed task is finished: it cannot be stopped, only deleted.
    expect((await clientOf(t, ent.token).call(ENDPOINTS.tasks.stop, { id: made.id })).status).toBe(409);
  });

  it('answers an export of an unknown task’s results with the error, not a download cut off halfway', async () => {
    const res = await clientOf(t, ent.token).request(ENDPOINTS.tasks.resultsExport, {
      query: { taskId: randomUUID() },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ messageEn: 'No such task in your data scope' });
  });
});
