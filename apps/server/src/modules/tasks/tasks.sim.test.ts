import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startFleet } from '../../../../pos-sim/src/fleet';
import { callApi, createAccount } from '../../test-support/accounts';
import { rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { onlineCount, startSimApp, startSimFleet } from '../../test-support/sim-app';
import type { TestApp } from '../../test-support/test-app';
import { makeZip, postFileForm } from '../sysfiles/testing';
import { insertGroups, insertTerminals } from './task-fixtures';

const until = async (
  check: () => Promise<boolean>,
  what: string,
  show?: () => Promise<unknown>,
  ms = 30_000,
) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${show ? `: ${JSON.stringify(await show())}` : ''}`);
};

describe('pos-sim terminals run remote tasks against the real server', () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let t: TestApp;
  let ent: { id: string; token: string };
  let key: string;
  let groupId: string;
  const fleets: ReturnType<typeof startFleet>[] = [];

  const fleet = (prefix: string, count: number, tasks: { failureRate?: number; paymentRate?: number }) => {
    const f = startSimFleet(sim, { count, prefix, enrollmentKey: key, heartbeatSec: 2, tasks });
    fleets.push(f);
    return f;
  };
  /** Registers `${prefix}000001`... as the fleet names them. */
  const register = (prefix: string, count: number) =>
    insertTerminals(t.database.db, { prefix: `${prefix}0`, count, ownerId: ent.id, groupId });
  const results = async (taskId: string) =>
    (await callApi(t, ent.token, 'GET', `/task/v1/task/remoteTask/results?taskId=${taskId}&size=50`)).body
      .result.records as { sn: string; state: string; message: string | null; deferReason: string | null }[];
  const create = async (body: Record<string, unknown>) => {
    const res = await callApi(t, ent.token, 'POST', '/task/v1/task/remoteTask/create', {
      platform: 'android',
      timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
      ...body,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    return res.body.result as { id: string };
  };

  beforeAll(async () => {
    sim = await startSimApp('tasks');
    t = sim.t;
    ent = await createAccount(t, { username: 'sim_ent' });
    groupId = (await insertGroups(t.database.db, ent.id, 'SIM')).group.id;
    key = await rotateEnrollmentKey(t, ent.token);
  });
  afterAll(async () => {
    for (const f of fleets) await f.stop(false);
    await sim.close();
  });

  it('runs a file task and a shell command on every terminal; an offline one gets them on reconnecting', async () => {
    await register('SIMT', 3);
    const f = fleet('SIMT', 3, {});
    await until(async () => f.stats.connected === 3, 'three terminals connected');
    // Online as the server records it (the heartbeat writer's next batch), so the fan-out nudges them.
    await until(async () => (await onlineCount(t, 'SIMT')) === 3, 'three terminals online');
    // Terminal 3 goes away before the tasks exist.
    await f.terminals[2].stop(false);

    const menu = makeZip([{ name: 'menu.json', data: Buffer.alloc(40_000, 9) }]);
    const up = await postFileForm(t, ent.token, '/file/v1/file/sysFile/upload', {
      fields: { version: '2.0', type: '2' },
      name: 'menu.zip',
      bytes: menu,
    });
    const file = up.json().result as { id: string };
    const push = await create({
      name: 'Menu',
      type: 'file_push',
      params: { fileId: file.id, path: '/sdcard/menu' },
      targets: { groupIds: [groupId] },
    });
    const cmd = await create({
      name: 'Packages',
      type: 'command',
      params: { command: 'pm list packages | grep cashier' },
      targets: { sns: ['SIMT000001', 'SIMT000002', 'SIMT000003'] },
      password: 'Acct#Pass1',
    });
    const show = async () => ({
      stats: f.taskStats,
      sim: f.stats,
      nudges: t.tasks.nudgeStats(),
      push: (await results(push.id)).map((r) => r.state),
      cmd: (await results(cmd.id)).map((r) => r.state),
    });
    await until(
      async () => (await results(push.id)).filter((r) => r.state === 'success').length === 2,
      'two files pushed',
      show,
    );
    await until(
      async () => (await results(cmd.id)).filter((r) => r.state === 'success').length === 2,
      'two commands run',
      show,
    );
    expect((await results(push.id)).find((r) => r.sn === 'SIMT000003')?.state).toBe('waiting');
    expect((await results(cmd.id)).find((r) => r.sn === 'SIMT000001')?.message).toBe(
      'package:com.example.cashier',
    );
    expect((await results(push.id)).find((r) => r.sn === 'SIMT000001')?.message).toMatch(
      /^saved \/sdcard\/menu\/menu\.zip \(\d+ bytes, sha256 ok\)$/,
    );

    await f.terminals[2].start();
    await until(
      async () => (await results(push.id)).every((r) => r.state === 'success'),
      'the late one pushed',
    );
    await until(async () => (await results(cmd.id)).every((r) => r.state === 'success'), 'the late one ran');
    await until(
      async () =>
        (await callApi(t, ent.token, 'GET', `/task/v1/task/remoteTask/getById?id=${push.id}`)).body.result
          .status === 'complete',
      'the task complete',
    );
    expect(f.taskStats.downloads).toBe(3);
  }, 90_000);

  it('defers a payment-aware task while a sale is in progress, counting why', async () => {
    await register('SIMP', 1);
    const f = fleet('SIMP', 1, { paymentRate: 1 });
    await until(async () => (await onlineCount(t, 'SIMP')) === 1, 'the terminal online');
    const task = await create({
      name: 'Quiet reboot',
      type: 'reboot',
      targets: { sns: ['SIMP000001'] },
      conditions: { idle: true },
    });
    await until(async () => (await results(task.id))[0]?.deferReason === 'inTransaction', 'a deferral').catch(
      (err) => {
        throw new Error(`${err.message}: ${JSON.stringify(f.taskStats)} ${JSON.stringify(f.stats)}`);
      },
    );
    const d = (await callApi(t, ent.token, 'GET', `/task/v1/task/remoteTask/getById?id=${task.id}`)).body
      .result;
    expect(d.counts.deferred.inTransaction).toBe(1);
  }, 60_000);
});
