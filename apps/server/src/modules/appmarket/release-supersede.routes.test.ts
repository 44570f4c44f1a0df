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
import { postFileForm } from '../sysfiles/testing';
import { fixture } from './apk-fixtures';
import { AUTO_UPDATE_JOB_KIND } from './appmarket.module';

type Detail = { versions: { id: string; versionCode: number; releaseStatus: string }[] };

describe('an official release while an earlier version is in gray release', () => {
  let t: TestApp;
  let dataDir: string;
  let pub: ReturnType<typeof callAs>;
  let appId: string;
  const v: Record<string, string> = {};

  const installTasksOf = async (versionId: string) =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from tasks where type = 'app_install' and params->>'versionId' = ${versionId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
  const statusOf = async (versionId: string) =>
    ((await pub('GET', `/app/v1/app/app/getById?id=${appId}`)).body.result as Detail).versions.find(
      (x) => x.id === versionId,
    )?.releaseStatus;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-market-supersede-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' },
      jobs: { run: false },
      tasks: { monitorMs: false, catchUpMs: 0 },
    });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const ent = await createAccount(t, { username: 'sup_ent', superiorId: admin.userId });
    pub = callAs(t, ent.token);
    const rev = callAs(t, admin.token);
    const fleet = await createFleetFixtures(t, ent.id);
    const sn = 'MKSUP001';
    const { secrets } = await enrolledTerminals(t, ent, [{ sn, name: sn, mac: '00:00:00:00:0e:01' }], fleet);
    await t.app.inject({
      method: 'POST',
      url: '/device/v1/agent/hello',
      headers: deviceAuth(sn, secrets.get(sn) as string),
      payload: {
        model: 'P2',
        osVersion: '11',
        apps: [{ packageName: 'com.cpm.demo', versionCode: 1, versionName: '1.0.0' }],
      },
    });
    await t.agent.flush();
    for (const [name, key] of [
      ['demo-v1.apk', 'v1'],
      ['demo-v2.apk', 'v2'],
    ] as const) {
      const res = await postFileForm(t, ent.token, '/app/v1/app/app/upload', {
        fields: { name: 'DemoPay' },
        name,
        bytes: fixture(name),
      });
      expect(res.json().code, res.body).toBe(1);
      const made = res.json().result as { id: string; versions: { id: string; versionCode: number }[] };
      appId = made.id;
      v[key] = made.versions.find((x) => x.versionCode === (key === 'v1' ? 1 : 2))?.id as string;
      await pub('POST', '/app/v1/app/version/submit', { id: v[key] });
      await rev('POST', '/app/v1/app/audit/audit', { id: v[key], approved: true });
    }
    const gray = await pub('POST', '/app/v1/app/version/release', { id: v.v1, action: 'gray', sns: sn });
    expect(gray.body.result).toMatchObject({ releaseStatus: 'gray', outcome: { pushed: 1 } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with auto update off pushes nothing and says so, and ends the earlier gray release with a record', async () => {
    const official = await pub('POST', '/app/v1/app/version/release', { id: v.v2, action: 'official' });
    expect(official.body.result).toMatchObject({
      releaseStatus: 'official',
      outcome: { pushed: 0, taskId: null, notPushed: 'autoUpdateOff', superseded: ['1.0.0'] },
    });
    expect(await installTasksOf(v.v2)).toBe(0);
    expect(await statusOf(v.v1)).toBe('superseded');
    const records = await pub('GET', '/app/v1/app/record/getPage?kind=supersede');
    expect((records.body.result as { records: unknown[] }).records).toEqual([
      expect.objectContaining({ versionName: '1.0.0', actorName: 'sup_ent', actorKind: 'user' }),
    ]);
    // Its gray release is over: it can no longer be paused (nor watched by the health gate).
    expect((await pub('POST', '/app/v1/app/version/release', { id: v.v1, action: 'pause' })).status).toBe(
      409,
    );
  });

  it('turning auto update on later sends the version to the terminals running an older one', async () => {
    const edited = await pub('POST', '/app/v1/app/version/update', { id: v.v2, autoUpdate: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const { id } = await t.jobs.enqueueJob({ kind: AUTO_UPDATE_JOB_KIND });
    for (;;) {
      await t.jobs.runDue();
      const job = await t.jobs.findJob(id);
      if (job?.status === 'succeeded' || job?.status === 'failed') {
        expect(job.result).toEqual({ tasks: 1, terminals: 1 });
        break;
      }
    }
    expect(await installTasksOf(v.v2)).toBe(1);
    const records = await pub('GET', '/app/v1/app/record/getPage?kind=autoUpdate');
    expect((records.body.result as { records: unknown[] }).records).toEqual([
      expect.objectContaining({ versionName: '1.1.0', actorKind: 'system' }),
    ]);
  });
});
