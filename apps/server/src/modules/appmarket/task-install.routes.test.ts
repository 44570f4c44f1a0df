import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import {
  callAs,
  createFleetFixtures,
  deviceAuth,
  enrolledTerminals,
} from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { answerTable, readerHeaders } from '../../test-support/workbook';
import { postFileForm } from '../sysfiles/testing';
import { fixture, fixtureSigners } from './apk-fixtures';
import { AUTO_UPDATE_JOB_KIND } from './appmarket.module';

type Pulled = {
  tasks: {
    deliveryId: string;
    attempt: number;
    type: string;
    params: Record<string, unknown>;
    file: { url: string; sha256: string; app?: Record<string, unknown> } | null;
  }[];
};

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('app market installs through remote tasks', () => {
  let t: TestApp;
  let dataDir: string;
  let pub: ReturnType<typeof callAs>;
  let rev: ReturnType<typeof callAs>;
  const secrets: Record<string, string> = {};
  const v: Record<string, string> = {};
  let appId: string;

  const pull = async (sn: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/device/v1/agent/tasks',
        headers: deviceAuth(sn, secrets[sn]),
      })
    ).json().result as Pulled;
  const report = (sn: string, results: Record<string, unknown>[]) =>
    t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/tasks/report',
      headers: deviceAuth(sn, secrets[sn]),
      payload: { results },
    });
  const upload = async (token: string, name: string, fields: Record<string, string> = {}) => {
    const file = { fields, name, bytes: fixture(name) };
    const res = await postFileForm(t, token, '/app/v1/app/app/upload', file);
    expect(res.json().code, res.body).toBe(1);
    return res.json().result as { id: string; versions: { id: string; versionCode: number }[] };
  };

  let fleet: Awaited<ReturnType<typeof createFleetFixtures>>;
  let ent: { id: string; token: string };
  let terminals = 0;
  /** Registers a terminal of the enterprise, enrolls it and says hello with the apps it runs. */
  const enrollTerminal = async (sn: string, running: Record<string, unknown>[]) => {
    const mac = `00:00:00:00:0f:${String(terminals++).padStart(2, '0')}`;
    secrets[sn] = (await enrolledTerminals(t, ent, [{ sn, name: sn, mac }], fleet)).secrets.get(sn) as string;
    const hello = await t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/hello',
      headers: deviceAuth(sn, secrets[sn]),
      payload: { model: 'P2', osVersion: '11', apps: running },
    });
    await t.agent.flush();
    return hello.statusCode === 200;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-market-tasks-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' },
      jobs: { run: false },
      tasks: { monitorMs: false, catchUpMs: 0 },
    });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    ent = await createAccount(t, { username: 'mkt_ent', superiorId: admin.userId });
    pub = callAs(t, ent.token);
    rev = callAs(t, admin.token);
    fleet = await createFleetFixtures(t, ent.id);
    for (const sn of ['MKTASK01', 'MKTASK02'])
      await enrollTerminal(sn, [{ packageName: 'com.cpm.demo', versionCode: 1, versionName: '1.0.0' }]);
    await t.agent.flush();
    const first = await upload(ent.token, 'demo-v1.apk', { name: 'DemoPay' });
    appId = first.id;
    v.v1 = first.versions[0].id;
    // Version 2 updates terminals by itself; it stays unreleased until the auto-update test.
    v.v2 = (await upload(ent.token, 'demo-v2.apk', { autoUpdate: 'true' })).versions.find(
      (x) => x.versionCode === 2,
    )?.id as string;
    v.v3 = (await upload(ent.token, 'demo-v3.apk')).versions.find((x) => x.versionCode === 3)?.id as string;
    for (const id of [v.v1, v.v2, v.v3]) {
      await pub('POST', '/app/v1/app/version/submit', { id });
      await rev('POST', '/app/v1/app/audit/audit', { id, approved: true });
    }
    // Version 1 does not update by itself: its official release pushes nothing, and says so.
    const official = await pub('POST', '/app/v1/app/version/release', { id: v.v1, action: 'official' });
    expect(official.body.result).toMatchObject({
      releaseStatus: 'official',
      outcome: { pushed: 0, taskId: null, notPushed: 'autoUpdateOff', superseded: [] },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the uninstall and permission tasks’ app picker names a package by the market’s name, found by it', async () => {
    const picked = async (keyword: string) =>
      (await pub('GET', `/task/v1/task/remoteTask/packages?platform=android&keyword=${keyword}`)).body.result;
    const demo = { packageName: 'com.cpm.demo', name: null, marketName: 'DemoPay', terminals: 2 };
    expect(await picked('demopay')).toEqual([demo]);
    expect(await picked('cpm.demo')).toEqual([demo]);
  });

  it('a gray release creates an install task; the terminal gets the APK with what to check, installs and is recorded', async () => {
    const gray = await pub('POST', '/app/v1/app/version/release', {
      id: v.v3,
      action: 'gray',
      sns: 'MKTASK01',
    });
    expect(gray.body.result).toMatchObject({ releaseStatus: 'gray' });
    await t.jobs.runDue();
    expect((await pull('MKTASK02')).tasks).toEqual([]);
    const [task] = (await pull('MKTASK01')).tasks;
    expect(task).toMatchObject({
      type: 'app_install',
      params: { appId, versionId: v.v3 },
      file: {
        sha256: sha(fixture('demo-v3.apk')),
        app: {
          packageName: 'com.cpm.demo',
          versionCode: 3,
          versionName: '1.2.0',
          signerSha256: fixtureSigners()['demo-v1.apk'],
          downgrade: false,
        },
      },
    });
    // The signed link gives the very bytes, without a session.
    const file = await t.app.inject({ method: 'GET', url: task.file?.url as string });
    expect(sha(file.rawPayload)).toBe(sha(fixture('demo-v3.apk')));

    expect(
      (await report('MKTASK01', [{ deliveryId: task.deliveryId, attempt: 1, state: 'success' }])).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/event',
      headers: deviceAuth('MKTASK01', secrets.MKTASK01),
      payload: {
        type: 'appInstalled',
        app: { packageName: 'com.cpm.demo', versionCode: 3, versionName: '1.2.0' },
      },
    });
    // It ran version 1 before: an upgrade, caused by the publisher who released it.
    const records = await pub('GET', '/app/v1/app/record/getPage?sn=MKTASK01');
    const grayRecords = (await pub('GET', '/app/v1/app/record/getPage?kind=gray')).body.result as {
      records: { taskId: string | null }[];
    };
    const taskId = grayRecords.records[0].taskId;
    expect((records.body.result as { records: unknown[] }).records).toEqual([
      expect.objectContaining({
        kind: 'upgrade',
        versionName: '1.2.0',
        sn: 'MKTASK01',
        result: 'success',
        actorName: 'mkt_ent',
        actorKind: 'user',
        // Stored as values, rendered per reader: no English words in the record itself.
        detail: '',
        detailText: { key: 'versionChange', params: { before: 1, after: 3 } },
        taskId,
      }),
    ]);
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    const exported = async (language: string) =>
      (
        await answerTable(
          await t.app.inject({
            method: 'GET',
            url: '/app/v1/app/record/export?sn=MKTASK01',
            headers: { satoken: ent.token, ...readerHeaders(language) },
          }),
        )
      ).rows.map((r) => r.详情 ?? r.Detail);
    expect(await exported('zh-CN')).toEqual([`1 → 3，任务 ${taskId}`]);
    expect(await exported('en')).toEqual([`1 → 3, task ${taskId}`]);
    const stats = await pub('GET', `/app/v1/app/app/getById?id=${appId}`);
    expect((stats.body.result as { installStats: unknown[] }).installStats).toEqual([
      { versionCode: 3, versionName: '1.2.0', terminals: 1 },
      { versionCode: 1, versionName: '1.0.0', terminals: 1 },
    ]);
  });

  it('installing the version a terminal already runs is a reinstall, by whoever caused it, never by its SN', async () => {
    const installed = (sn: string, versionCode: number) =>
      t.app.inject({
        method: 'POST',
        url: '/device/v1/agent/event',
        headers: deviceAuth(sn, secrets[sn]),
        payload: {
          type: 'appInstalled',
          app: { packageName: 'com.cpm.demo', versionCode, versionName: `1.${versionCode - 1}.0` },
        },
      });
    const newest = async (sn: string) =>
      ((await pub('GET', `/app/v1/app/record/getPage?sn=${sn}`)).body.result as { records: unknown[] })
        .records[0];
    // The reviewer pushes version 3 again to the terminal that runs it, with a task made by hand.
    const expireAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const made = await rev('POST', '/task/v1/task/remoteTask/create', {
      name: 'Reinstall DemoPay',
      platform: 'android',
      type: 'app_install',
      params: { appId, versionId: v.v3 },
      targets: { sns: ['MKTASK01'] },
      timing: { expireAt },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await t.jobs.runDue();
    const [task] = (await pull('MKTASK01')).tasks;
    expect(task).toMatchObject({ type: 'app_install', params: { versionId: v.v3 } });
    await installed('MKTASK01', 3);
    expect(await newest('MKTASK01')).toMatchObject({
      kind: 'reinstall',
      versionName: '1.2.0',
      sn: 'MKTASK01',
      actorName: 'admin',
      actorKind: 'user',
    });
    await report('MKTASK01', [{ deliveryId: task.deliveryId, attempt: 1, state: 'success' }]);
    // Version 1 reinstalled on a terminal no task reached: the terminal did it itself.
    await installed('MKTASK02', 1);
    const own = await newest('MKTASK02');
    expect(own).toMatchObject({ kind: 'reinstall', versionName: '1.0.0', actorKind: 'terminal' });
    expect(own).not.toMatchObject({ actorName: 'MKTASK02' });
  });

  it('a rollback sends the terminals of the withdrawn version back to the previous one, as a downgrade', async () => {
    const rolled = await pub('POST', '/app/v1/app/version/release', { id: v.v3, action: 'rollback' });
    expect(rolled.body.result).toMatchObject({ releaseStatus: 'rolledBack' });
    await t.jobs.runDue();
    const [task] = (await pull('MKTASK01')).tasks;
    expect(task).toMatchObject({
      type: 'app_install',
      params: { appId, versionId: v.v1 },
      file: { app: { versionCode: 1, downgrade: true } },
    });
  });

  it('a task made by hand installs the newest official version; an unreleased version is refused', async () => {
    const expireAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const body = (params: Record<string, unknown>) => ({
      name: 'Install DemoPay',
      platform: 'android',
      type: 'app_install',
      params,
      targets: { sns: ['MKTASK02'] },
      timing: { expireAt },
    });
    const made = await pub('POST', '/task/v1/task/remoteTask/create', body({ appId }));
    expect(made.body.result).toMatchObject({ summary: 'DemoPay 1.0.0 (1)' });
    const refused = await pub('POST', '/task/v1/task/remoteTask/create', body({ appId, versionId: v.v3 }));
    expect(refused.status).toBe(409);
    expect(refused.body.messageEn).toMatch(/release state does not allow/);
  });

  it('auto-update reaches a terminal that appears after the release, once', async () => {
    const v2 = v.v2;
    expect((await pub('POST', '/app/v1/app/version/release', { id: v2, action: 'official' })).status).toBe(
      200,
    );
    await t.jobs.runDue();
    const aimedAt = async (sn: string) =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from tasks where type = 'app_install' and params->>'versionId' = ${v2}
            and targets->'sns' ? ${sn}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    // Registered after the release, running version 1.
    const late = await enrollTerminal('MKTASK03', [
      { packageName: 'com.cpm.demo', versionCode: 1, versionName: '1.0.0' },
    ]);
    expect(late).toBeTruthy();
    expect(await aimedAt('MKTASK03')).toBe(0);
    /** Runs due jobs until the sweep has finished (others may be due before it). */
    const sweep = async () => {
      const { id } = await t.jobs.enqueueJob({ kind: AUTO_UPDATE_JOB_KIND });
      for (;;) {
        await t.jobs.runDue();
        const job = await t.jobs.findJob(id);
        if (job?.status === 'succeeded' || job?.status === 'failed') return job.result;
      }
    };
    expect(await sweep()).toEqual({ tasks: 1, terminals: 1 });
    expect(await aimedAt('MKTASK03')).toBe(1);
    // Named by the market as a key and values, so each reader reads the name in their language.
    const named = (await t.database.db.execute(
      sql`select name_text from tasks where type = 'app_install' and targets->'sns' ? 'MKTASK03'`,
    )) as unknown as { rows: { name_text: unknown }[] };
    expect(named.rows[0].name_text).toEqual({
      key: 'appInstall',
      params: { app: 'DemoPay', version: expect.any(String), reason: 'autoUpdate' },
    });
    // The install task's deliveries are written by its own job.
    await t.jobs.runDue();
    const [task] = (await pull('MKTASK03')).tasks;
    expect(task).toMatchObject({ type: 'app_install', params: { appId, versionId: v2 } });
    // The terminal installs it: an upgrade the system caused, not the releaser nor the terminal.
    await t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/event',
      headers: deviceAuth('MKTASK03', secrets.MKTASK03),
      payload: {
        type: 'appInstalled',
        app: { packageName: 'com.cpm.demo', versionCode: 2, versionName: '1.1.0' },
      },
    });
    const records = await pub('GET', '/app/v1/app/record/getPage?sn=MKTASK03');
    expect((records.body.result as { records: unknown[] }).records[0]).toMatchObject({
      kind: 'upgrade',
      versionName: '1.1.0',
      actorKind: 'system',
    });
    // The next sweep offers it nothing again.
    expect(await sweep()).toEqual({ tasks: 0, terminals: 0 });
    expect(await aimedAt('MKTASK03')).toBe(1);
  });
});
