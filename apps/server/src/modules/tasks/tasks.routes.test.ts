import { randomUUID } from 'node:crypto';
import { ENDPOINTS, ERRORS, type TaskPullAnswer, type TaskReportAnswer } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf, refusalOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { answerTable, badHeaders } from '../../test-support/workbook';
import { operationLogs } from '../oplog/oplog.table';
import { makeZip, sysFileForm } from '../sysfiles/testing';
import { basicAuth, insertGroups, insertTerminals, moveTerminals } from './task-fixtures';
import { taskDeliveries, tasks } from './tasks.table';

type Caller = { id: string; token: string };

describe('remote tasks', () => {
  const t = useTestApp({ jobs: { run: false }, tasks: { monitorMs: false, catchUpMs: 0 } });
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
  const as = (token = ent.token) => clientOf(t, token);
  const create = (token: string, body: Record<string, unknown>) =>
    as(token).send(ENDPOINTS.tasks.create, body);
  /** Creates a task of `ent` from `base` and answers its row. */
  const make = async (over: Record<string, unknown>) => (await create(ent.token, base(over))).body.result;
  const results = async (query: { taskId: string; state?: string; sn?: string; runId?: string }) =>
    (await as().call(ENDPOINTS.tasks.results, query)).body.result.records;
  const deliveryCount = async (taskId: string) =>
    (await t.database.db.select().from(taskDeliveries).where(eq(taskDeliveries.taskId, taskId))).length;
  const taskCount = async () => (await t.database.db.select({ id: tasks.id }).from(tasks)).length;
  const detail = async (id: string, token = ent.token) =>
    (await as(token).call(ENDPOINTS.tasks.detail, { id })).body.result;
  const pull = async (sn: string) => {
    const res = await clientOf(t, null).request(ENDPOINTS.taskAgent.pull, { headers: basicAuth(sn) });
    expect(res.json().code, res.body).toBe(1);
    return res.json().result as TaskPullAnswer;
  };
  const report = async (sn: string, results: Record<string, unknown>[]) => {
    const res = await clientOf(t, null).request(ENDPOINTS.taskAgent.report, {
      headers: basicAuth(sn),
      body: { results },
    });
    expect(res.json().code, res.body).toBe(1);
    return (res.json().result as TaskReportAnswer).results;
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
    const a = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    admin = { id: a.userId, token: a.token };
    ent = await createAccount(t, { username: 'task_ent' });
    other = await createAccount(t, { username: 'task_other' });
    const db = t.database.db;
    fx = await insertGroups(db, ent.id, 'A');
    otherFx = await insertGroups(db, other.id, 'B');
    const group = fx.group.id;
    snsA = await insertTerminals(db, {
      prefix: 'TA',
      count: 6,
      ownerId: ent.id,
      groupId: group,
      modelId: fx.model.id,
      online: true,
    });
    snsSub = await insertTerminals(db, { prefix: 'TS', count: 4, ownerId: ent.id, groupId: fx.sub.id });
    await insertTerminals(db, {
      prefix: 'TW',
      count: 2,
      ownerId: ent.id,
      groupId: group,
      platform: 'windows',
    });
    snsB = await insertTerminals(db, {
      prefix: 'TB',
      count: 3,
      ownerId: other.id,
      groupId: otherFx.group.id,
    });
    const upload = async (name: string, type: string) => {
      const form = sysFileForm(
        { version: '1.0', type },
        name,
        makeZip([{ name: 'a.bin', data: Buffer.alloc(500) }]),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: ENDPOINTS.sysFiles.upload.path,
        headers: { satoken: ent.token, ...form.headers },
        payload: form.payload,
      });
      expect(res.json().code, res.body).toBe(1);
      return res.json().result as { id: string };
    };
    fileId = (await upload('prices.zip', '2')).id;
    otaId = (await upload('ota.zip', '1')).id;
  });

  it('answers the types this server runs, with install from the app market', async () => {
    const types = (await as().call(ENDPOINTS.tasks.types)).body.result;
    expect(types.find((x: { type: string }) => x.type === 'app_install')?.platforms).toEqual([
      'android',
      'windows',
    ]);
  });

  it('previews the reach of groups with their sub-groups, on the platform only', async () => {
    const res = await as().call(ENDPOINTS.tasks.preview, {
      platform: 'android',
      type: 'command',
      targets: { groupIds: [fx.group.id], sns: ['NOSUCH01', snsB[0]] },
    });
    expect(res.body.result).toMatchObject({ reach: 10, online: 6, approvalRequired: true });
    expect(res.body.result.missingSns.sort()).toEqual(['NOSUCH01', snsB[0]].sort());
  });

  it('creates a file task, writes its deliveries in the background and follows every result', async () => {
    const task = await make({ targets: { sns: [snsA[0], snsA[1]], groupIds: [fx.sub.id] } });
    expect(task.status).toBe('creating');
    await fanOut();
    expect(await detail(task.id)).toMatchObject({ status: 'normal', counts: { total: 6, waiting: 6 } });

    // The heartbeat says there is work; the pull hands it over.
    const hb = await clientOf(t, null).request(ENDPOINTS.agent.heartbeat, {
      headers: basicAuth(snsA[0]),
      body: { battery: 80 },
    });
    expect(hb.json().result.pending).toBe(1);
    const work = await pull(snsA[0]);
    expect(work.tasks).toHaveLength(1);
    const item = work.tasks[0];
    expect(item).toMatchObject({ type: 'file_push', attempt: 1 });
    const answer = (state: string, accepted: boolean) => [{ deliveryId: item.deliveryId, accepted, state }];
    expect(await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'executed' }])).toEqual(
      answer('executed', true),
    );
    await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'success', message: 'saved' }]);
    // A late or repeated report never takes a delivery back; another terminal cannot report for it.
    expect(await report(snsA[0], [{ deliveryId: item.deliveryId, attempt: 1, state: 'executed' }])).toEqual(
      answer('success', false),
    );
    const foreign = await report(snsA[1], [{ deliveryId: item.deliveryId, attempt: 1, state: 'failure' }]);
    expect(foreign[0]).toMatchObject({ accepted: false, state: null });

    // A terminal in a sale defers: counted by its reason, found by the results filter.
    const w1 = (await pull(snsA[1])).tasks[0];
    const deferral = { deliveryId: w1.deliveryId, attempt: 1, deferReason: 'inTransaction' };
    await report(snsA[1], [{ ...deferral, state: 'deferred' }]);
    const d = await detail(task.id);
    expect(d.counts).toMatchObject({ success: 1, pulled: 1, waiting: 4 });
    expect(d.counts.deferred.inTransaction).toBe(1);
    expect((await results({ taskId: task.id, state: 'deferred' })).map((r) => r.sn)).toEqual([snsA[1]]);
    await report(snsA[1], [
      { deliveryId: w1.deliveryId, attempt: 1, state: 'failure', message: 'disk full' },
    ]);

    // The rest finish; the monitor completes the task.
    for (const sn of snsSub) {
      const w = (await pull(sn)).tasks[0];
      await report(sn, [{ deliveryId: w.deliveryId, attempt: 1, state: 'success' }]);
    }
    await t.tasks.tick();
    expect(await detail(task.id)).toMatchObject({
      status: 'complete',
      counts: { total: 6, success: 5, failure: 1 },
    });
    expect((await results({ taskId: task.id, state: 'failure' }))[0]).toMatchObject({
      sn: snsA[1],
      message: 'disk full',
      attempt: 1,
    });

    // Retrying the failed one offers it again as attempt 2; a report naming the old attempt changes nothing.
    expect((await as().call(ENDPOINTS.tasks.retryFailed, { id: task.id })).body.result).toEqual({
      retried: 1,
    });
    expect((await detail(task.id)).status).toBe('normal');
    const again = (await pull(snsA[1])).tasks[0];
    expect(again.attempt).toBe(2);
    const old = await report(snsA[1], [{ deliveryId: again.deliveryId, attempt: 1, state: 'success' }]);
    expect(old[0].accepted).toBe(false);
    await report(snsA[1], [{ deliveryId: again.deliveryId, attempt: 2, state: 'success' }]);
    await t.tasks.tick();
    expect((await detail(task.id)).status).toBe('complete');

    // The device page's plan tab lists it for the terminal.
    const plan = await as().call(ENDPOINTS.tasks.byTerminal, { sn: snsA[1].toLowerCase() });
    expect(plan.body.result.records[0]).toMatchObject({ taskId: task.id, state: 'success', attempt: 2 });

    // Lists and exports carry the counts, in the caller's language and time zone (labels: export-labels.test.ts).
    const page = await as().call(ENDPOINTS.tasks.page, { name: 'price' });
    expect(page.body.result.records[0].counts.success).toBe(6);
    const listed = page.body.result.records[0] as { name: string; createdAt: string };
    const inShanghai = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const exportIn = async (
      endpoint: typeof ENDPOINTS.tasks.export | typeof ENDPOINTS.tasks.resultsExport,
      query: Record<string, string>,
      language: 'zh' | 'en',
    ) => {
      const res = await as().request(endpoint, {
        query,
        headers: { timezone: 'Asia/Shanghai', 'accept-language': language === 'zh' ? 'zh-CN' : 'en' },
      });
      const table = await answerTable(res);
      expect(badHeaders(table.headers, language)).toEqual([]);
      return table;
    };
    const tasksZh = await exportIn(ENDPOINTS.tasks.export, { name: 'price' }, 'zh');
    expect(tasksZh.rows[0]).toMatchObject({
      任务名称: listed.name,
      成功: 6,
      创建时间: inShanghai(listed.createdAt),
    });
    expect(tasksZh.rows[0].状态).toMatch(/[\u3400-\u9fff]/);
    const resultsEn = await exportIn(ENDPOINTS.tasks.resultsExport, { taskId: task.id }, 'en');
    expect(resultsEn.headers.slice(0, 3)).toEqual(['SN', 'Terminal', 'Result']);
    expect(resultsEn.rows.map((r) => r.Result)).toContain('Success');
    expect(resultsEn.rows.every((r) => !['success', 'failure', 'waiting'].includes(String(r.Result)))).toBe(
      true,
    );
  });

  // The contract's own tests hold each refusal; here the answer's fields and languages, with nothing written.
  const hiddenReboot = { type: 'command', params: { command: 'ls; re""boot' } };
  const registryOnAndroid = { type: 'registry', params: { key: 'HKLM', name: 'a', value: '1' } };
  it.each([
    ['a shell command hiding a reboot', hiddenReboot, 'body.params.command'],
    ['a registry task for Android', registryOnAndroid, 'body.type'],
  ])('refuses %s in both languages and creates nothing', async (_name, over, field) => {
    const before = await taskCount();
    const res = await create(ent.token, base(over));
    expect(res.status).toBe(400);
    const { errors } = refusalOf<{ errors: { field: string; message: string; messageEn: string }[] }>(res);
    expect(errors.map((e) => e.field)).toContain(field);
    for (const e of errors) expect(e.message).not.toBe(e.messageEn);
    expect(await taskCount()).toBe(before);
  });

  it('answers a refused task with the catalogue’s texts and what was out of scope, creating nothing', async () => {
    const before = await taskCount();
    const unknown = await create(ent.token, base({ params: { fileId: randomUUID(), path: '/sdcard' } }));
    const e = ERRORS.taskFileUnknown;
    expect(unknown.body).toMatchObject({ code: e.code, message: e.zh, messageEn: e.en });
    const scope = await create(ent.token, base({ targets: { sns: [snsB[0], 'NOSUCH99'] } }));
    expect(scope.body.messageEn).toBe(ERRORS.taskTargetsOutOfScope.en);
    expect(refusalOf<{ sns: string[] }>(scope).sns.sort()).toEqual(['NOSUCH99', snsB[0]].sort());
    const group = await create(ent.token, base({ targets: { groupIds: [otherFx.group.id] } }));
    expect(refusalOf<{ groupIds: string[] }>(group).groupIds).toEqual([otherFx.group.id]);
    expect(await taskCount()).toBe(before);
  });

  it('keeps tasks inside the data scope', async () => {
    const made = await make({ name: 'Scoped' });
    expect((await as(other.token).call(ENDPOINTS.tasks.page, { name: 'Scoped' })).body.result.total).toBe(0);
    expect((await as(other.token).call(ENDPOINTS.tasks.detail, { id: made.id })).status).toBe(404);
    expect((await as(other.token).call(ENDPOINTS.tasks.stop, { id: made.id })).status).toBe(404);
    expect((await detail(made.id, admin.token)).name).toBe('Scoped');
    await fanOut();
  });

  it('stops an active task (cancelling open work) and restarts it as a new attempt', async () => {
    const made = await make({ name: 'Stop me', type: 'reboot', params: {} });
    await fanOut();
    await pull(snsA[2]);
    const stopped = await as().call(ENDPOINTS.tasks.stop, { id: made.id });
    expect(stopped.body.result).toMatchObject({
      status: 'stopped',
      counts: { cancelled: 3, waiting: 0, pulled: 0 },
    });
    expect((await pull(snsA[2])).tasks.find((x) => x.type === 'reboot')).toBeUndefined();
    const restarted = await as().call(ENDPOINTS.tasks.restart, { id: made.id });
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
    expect((await create(ent.token, { ...body, password: 'Nope#1234' })).body.messageEn).toMatch(
      /Wrong password/,
    );
    const made = (await create(ent.token, { ...body, password: ACCOUNT_PASSWORD })).body.result;
    expect(made).toMatchObject({ status: 'pendingApproval', approvalRequired: true });
    expect(await deliveryCount(made.id)).toBe(0);

    // Whoever may approve it hears of it (the platform administrator here), never the creator.
    const inbox = async (token: string) =>
      (await as(token).call(ENDPOINTS.messages.myPage, { current: '1', size: '20' })).body.result.records;
    // The notice is a catalogue key with its values, rendered in each reader's language, from nobody.
    expect(await inbox(admin.token)).toContainEqual(
      expect.objectContaining({
        notice: {
          key: 'taskAwaitsApproval',
          params: { task: 'Clear cache', user: 'task_ent', type: 'command', reach: 10 },
        },
        publisherName: '',
      }),
    );
    expect(JSON.stringify(await inbox(ent.token))).not.toMatch(/awaits approval|taskAwaitsApproval/);
    const approve = (password: string, token = admin.token) =>
      as(token).call(ENDPOINTS.tasks.approve, { id: made.id, password });
    expect((await approve(ACCOUNT_PASSWORD, ent.token)).status).toBe(403);
    expect((await approve('x')).body.messageEn).toMatch(/Wrong password/);
    expect((await approve(ADMIN_PASSWORD)).body.result.status).toBe('creating');
    await fanOut();
    expect(await detail(made.id)).toMatchObject({
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
  });

  it('holds later waves back, brakes on failures and releases the rest on resume', async () => {
    const rollout = { waves: [20, 100], maxFailurePercent: 10 };
    const made = await make({ name: 'Waves', targets: { groupIds: [fx.group.id] }, rollout });
    await fanOut();
    let d = await detail(made.id);
    expect(d.waves.map((w: { size: number; released: boolean }) => [w.size, w.released])).toEqual([
      [2, true],
      [8, false],
    ]);
    expect(d.counts).toMatchObject({ waiting: 2, held: 8 });
    for (const [i, r] of (await results({ taskId: made.id, state: 'waiting' })).entries()) {
      await pull(r.sn);
      await report(r.sn, [{ deliveryId: r.id, attempt: 1, state: i === 0 ? 'success' : 'failure' }]);
    }
    await t.tasks.tick();
    expect((await detail(made.id)).status).toBe('paused');
    expect((await as().call(ENDPOINTS.tasks.resume, { id: made.id })).body.result.status).toBe('normal');
    d = await detail(made.id);
    expect(d.counts).toMatchObject({ held: 0, waiting: 8 });
  });

  it('gives an active task to terminals that join a targeted group, and expires what is left', async () => {
    const made = await make({
      name: 'Joiners',
      targets: { groupIds: [fx.sub.id] },
      timing: { expireAt: expireIn(2) },
    });
    await fanOut();
    expect((await detail(made.id)).counts.total).toBe(4);
    const joiners = await insertTerminals(t.database.db, { prefix: 'TJ', count: 2, ownerId: ent.id });
    await moveTerminals(t.database.db, joiners, fx.sub.id);
    await t.tasks.tick();
    expect((await detail(made.id)).counts.total).toBe(6);
    expect((await pull(joiners[0])).tasks.some((x) => x.type === 'file_push')).toBe(true);
    await travel(3 * 3_600_000);
    await t.tasks.tick();
    expect(await detail(made.id)).toMatchObject({ status: 'overdue', counts: { expired: 6 } });
    // A finished task can be deleted with its results.
    expect((await as().call(ENDPOINTS.tasks.remove, { id: made.id })).body.code).toBe(1);
    expect(await deliveryCount(made.id)).toBe(0);
  });

  it('runs a repeated task once per occurrence, each run open for its time range', async () => {
    const schedule = { kind: 'interval', everyMinutes: 60, windowMinutes: 30 };
    const made = await make({
      name: 'Hourly',
      type: 'reboot',
      params: {},
      targets: { sns: [snsA[5]] },
      timing: { expireAt: expireIn(5), schedule },
    });
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
    expect((await results({ taskId: made.id, runId: d.runs[1].id }))[0].state).toBe('expired');
  });

  it('narrows a task to a whitelist in the caller’s scope', async () => {
    const save = (body: { name: string; sns?: string[] }) => as().call(ENDPOINTS.taskWhitelist.save, body);
    const wl = (await save({ name: 'Pilot', sns: [snsA[3].toLowerCase(), snsSub[0]] })).body.result;
    expect(wl).toMatchObject({ name: 'Pilot', size: 2 });
    expect((await save({ name: 'pilot' })).status).toBe(409);
    const targets = { groupIds: [fx.group.id], whitelistId: wl.id };
    expect(
      (await as().call(ENDPOINTS.tasks.preview, { platform: 'android', targets })).body.result.reach,
    ).toBe(2);
    const entries = await as().call(ENDPOINTS.taskWhitelist.entries, { id: wl.id });
    expect(entries.body.result.records.map((e: { sn: string }) => e.sn)).toEqual([snsA[3], snsSub[0]].sort());
    expect((await as(other.token).call(ENDPOINTS.taskWhitelist.entries, { id: wl.id })).status).toBe(404);
    const made = await make({ name: 'Pilot push', targets });
    expect((await as().call(ENDPOINTS.taskWhitelist.remove, { id: wl.id })).status).toBe(409);
    await fanOut();
    expect((await detail(made.id)).counts.total).toBe(2);
  });

  it('refuses deleting a system file an active task pushes, naming the task', async () => {
    const made = await make({ name: 'OTA now', type: 'ota', params: { fileId: otaId } });
    const res = await as().call(ENDPOINTS.sysFiles.remove, { id: otaId });
    expect(res.status).toBe(409);
    expect(refusalOf<{ tasks: unknown[] }>(res).tasks).toEqual([{ taskId: made.id, taskName: 'OTA now' }]);
    await fanOut();
    expect(await deliveryCount(made.id)).toBe(3);
  });

  it('answers an export of an unknown task’s results with the error, not a download cut off halfway', async () => {
    const res = await as().request(ENDPOINTS.tasks.resultsExport, { query: { taskId: randomUUID() } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ messageEn: 'No such task in your data scope' });
  });

  it('lists the apps installed in the caller’s scope by package or name, most installed first', async () => {
    const db = t.database.db;
    const cashier = { packageName: 'com.acme.till', name: 'Acme Till' };
    await insertTerminals(db, { prefix: 'PK', count: 3, ownerId: ent.id, apps: [cashier] });
    await insertTerminals(db, {
      prefix: 'PW',
      count: 1,
      ownerId: ent.id,
      platform: 'windows',
      apps: [{ packageName: 'AcmeBackOffice', name: 'Acme Back Office' }],
    });
    await insertTerminals(db, {
      prefix: 'PO',
      count: 5,
      ownerId: other.id,
      apps: [{ packageName: 'com.acme.hidden', name: 'Acme Hidden' }],
    });
    const packages = async (
      query: { keyword?: string; platform?: 'android' | 'windows' },
      token = ent.token,
    ) => (await as(token).call(ENDPOINTS.tasks.packages, query)).body.result;
    expect(await packages({ keyword: 'ACME', platform: 'android' })).toEqual([
      { ...cashier, marketName: null, terminals: 3 },
    ]);
    expect(await packages({ keyword: 'back office' })).toEqual([
      { packageName: 'AcmeBackOffice', name: 'Acme Back Office', marketName: null, terminals: 1 },
    ]);
    expect((await packages({ keyword: 'acme' }, admin.token)).map((p) => p.packageName)).toEqual([
      'com.acme.hidden',
      'com.acme.till',
      'AcmeBackOffice',
    ]);
    expect(await packages({ keyword: '100%' })).toEqual([]);
  });
});
