import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startFleet } from '../../../../pos-sim/src/fleet';
import { terminals } from '../../db/schema';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../test-support/accounts';
import { rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { onlineCount, startSimApp, startSimFleet } from '../../test-support/sim-app';
import { loginAs, type TestApp } from '../../test-support/test-app';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';

const until = async <T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 30_000,
): Promise<T> => {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    const r = await check();
    if (r) return r;
    last = r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`timed out waiting for ${what} (${JSON.stringify(last)})`);
};

type Detail = {
  id: string;
  op: string;
  counts: { total: number; open: number; success: number; failure: number };
  results: {
    sn: string;
    state: string;
    message: string | null;
    output: string;
    files: { blobId: string; kind: string; name: string; size: number; mediaType: string }[];
  }[];
};

// Each command is a real round trip through the broker and the simulated terminal: on a busy
// two-core machine three in one test can pass the default 30 s.
describe('remote commands run on pos-sim terminals through task delivery', { timeout: 120_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let t: TestApp;
  let ent: { id: string; token: string };
  let other: { id: string; token: string };
  let fleet: ReturnType<typeof startFleet>;
  const SN = 'CMDS000001';

  const run = (body: Record<string, unknown>, token = ent.token) =>
    callApi(t, token, 'POST', '/remote/v1/command/run', body);
  const detail = async (id: string) =>
    (await callApi(t, ent.token, 'GET', `/remote/v1/command/detail?id=${id}`)).body.result as Detail;
  /** Runs a command on the simulated terminal and waits for its final result. */
  const runAndWait = async (command: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await run({ sns: [SN], command, ...extra });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const id = res.body.result.id as string;
    return until(
      async () => {
        const d = await detail(id);
        return d.results[0] && ['success', 'failure'].includes(d.results[0].state) ? d : null;
      },
      `${String(command.op)} finished`,
    );
  };

  beforeAll(async () => {
    sim = await startSimApp('commands');
    t = sim.t;
    ent = await createAccount(t, { username: 'cmd_ent' });
    other = await createAccount(t, { username: 'cmd_other' });
    const groupId = (await insertGroups(t.database.db, ent.id, 'CMD')).group.id;
    await insertTerminals(t.database.db, { prefix: 'CMDS0', count: 1, ownerId: ent.id, groupId });
    await insertTerminals(t.database.db, { prefix: 'CMDOFF0', count: 1, ownerId: ent.id, groupId });
    const key = await rotateEnrollmentKey(t, ent.token);
    fleet = startSimFleet(sim, { count: 1, prefix: 'CMDS', enrollmentKey: key, heartbeatSec: 1 });
    await until(async () => (await onlineCount(t, 'CMDS')) === 1, 'the terminal online');
  });
  afterAll(async () => {
    await fleet?.stop(false);
    await sim.close();
  });

  it('reads device properties, streaming them as output', async () => {
    const d = await runAndWait({ op: 'device_props' });
    const r = d.results[0];
    expect(r.state).toBe('success');
    expect(r.output).toContain(`[ro.serialno]: [${SN}]`);
    expect(r.message).toMatch(/^\d+ properties$/);
    expect(d.counts).toMatchObject({ total: 1, success: 1, failure: 0, open: 0 });
  });

  it('answers a terminal’s reported configuration, and "SN has no configuration information" for one that never reported it', async () => {
    const config = await callApi(
      t,
      ent.token,
      'GET',
      `/remote/v1/command/terminal/config?sn=${SN.toLowerCase()}`,
    );
    expect(config.body.code).toBe(1);
    expect(config.body.result.sn).toBe(SN);
    expect(config.body.result.properties).toContainEqual({ key: 'ro.serialno', value: SN });
    const none = await callApi(t, ent.token, 'GET', '/remote/v1/command/terminal/config?sn=CMDOFF000001');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      code: 404,
      message: '该SN没有配置信息',
      messageEn: 'SN has no configuration information',
    });
    const foreign = await callApi(t, other.token, 'GET', `/remote/v1/command/terminal/config?sn=${SN}`);
    expect(foreign.body.code).toBe(404);
    expect(foreign.body.messageEn).not.toBe('SN has no configuration information');
  });

  it('takes a screenshot: a real JPEG of the simulated screen, listed with the terminal and downloadable', async () => {
    const d = await runAndWait({ op: 'screenshot' });
    const r = d.results[0];
    expect(r.state, r.message ?? '').toBe('success');
    expect(r.files).toHaveLength(1);
    expect(r.files[0]).toMatchObject({ kind: 'screenshot', mediaType: 'image/jpeg' });
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/file/v1/file/blob/download?id=${r.files[0].blobId}`,
      headers: { satoken: ent.token },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.rawPayload.length).toBe(r.files[0].size);
    const files = await callApi(t, ent.token, 'GET', `/remote/v1/command/terminal/files?sn=${SN}`);
    expect(files.body.result.map((f: { blobId: string }) => f.blobId)).toContain(r.files[0].blobId);
    // Someone else's terminal has no files for them.
    const foreign = await callApi(t, other.token, 'GET', `/remote/v1/command/terminal/files?sn=${SN}`);
    expect(foreign.body.code).toBe(404);
  });

  it('uploads the log of a time range as a gzipped text file of the terminal journal', async () => {
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const d = await runAndWait({ op: 'upload_logs', from, to });
    const r = d.results[0];
    expect(r.state, r.message ?? '').toBe('success');
    expect(r.files[0]).toMatchObject({ kind: 'log' });
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/file/v1/file/blob/download?id=${r.files[0].blobId}`,
      headers: { satoken: ent.token },
    });
    const text = gunzipSync(bytes.rawPayload).toString('utf8');
    expect(text).toContain(`log of ${SN}`);
    expect(text).toMatch(/ I Heartbeat: battery \d+%/);
  });

  it('pings and looks up localhost for real, with timings in the output', async () => {
    const ping = await runAndWait({ op: 'ping', host: 'localhost', count: 2 });
    expect(ping.results[0].state, ping.results[0].message ?? '').toBe('success');
    expect(ping.results[0].output).toMatch(/reply from \S+: seq=1 time=\d+\.\d{3} ms/);
    expect(ping.results[0].message).toContain('2 packets transmitted, 2 received, 0% packet loss');
    const dns = await runAndWait({ op: 'dns', host: 'localhost' });
    expect(dns.results[0].state).toBe('success');
    expect(dns.results[0].output).toMatch(/Address: (127\.0\.0\.1|::1)/);
  });

  it('clears and stops an installed app, and fails clearly for one not installed', async () => {
    const stop = await runAndWait({ op: 'stop_app', packageName: 'com.example.cashier' });
    expect(stop.results[0]).toMatchObject({ state: 'success', message: 'com.example.cashier stopped' });
    const missing = await runAndWait({ op: 'clear_cache', packageName: 'com.nowhere.app' });
    expect(missing.results[0]).toMatchObject({
      state: 'failure',
      message: 'Unknown package: com.nowhere.app',
    });
  });

  it('launches an installed app; a launch the terminal fails reads "failed to launch APP" in both languages', async () => {
    const launched = await runAndWait({ op: 'launch_app', packageName: 'com.example.cashier' });
    expect(launched.results[0]).toMatchObject({
      state: 'success',
      message: 'Starting: com.example.cashier',
      failure: null,
    });
    const failed = await runAndWait({ op: 'launch_app', packageName: 'com.nowhere.app' });
    expect(failed.results[0]).toMatchObject({
      state: 'failure',
      message: 'Error: Activity not started, unable to resolve Intent for com.nowhere.app',
      failure: { zh: '启动APP失败', en: 'Failed to launch APP' },
    });
    // Other commands keep the terminal's message alone.
    const missing = await runAndWait({ op: 'stop_app', packageName: 'com.nowhere.app' });
    expect(missing.results[0]).toMatchObject({ state: 'failure', failure: null });
  });

  it('locks, unlocks and syncs the clock', async () => {
    expect((await runAndWait({ op: 'lock_screen' })).results[0].message).toBe('screen locked');
    expect((await runAndWait({ op: 'unlock_screen' })).results[0].message).toBe('screen unlocked');
    const sync = await runAndWait({ op: 'sync_time' });
    expect(sync.results[0].message).toMatch(/adjusted by -?\d+ ms/);
  });

  it('runs a shell line with the password and lists everything in the history', async () => {
    const d = await runAndWait(
      { op: 'shell', command: 'getprop ro.serialno' },
      { password: ACCOUNT_PASSWORD },
    );
    expect(d.results[0]).toMatchObject({ state: 'success', message: SN });
    expect(d.results[0].output).toBe(`${SN}\n`);
    const page = await callApi(t, ent.token, 'GET', `/remote/v1/command/getPage?size=50&sn=${SN}`);
    expect(page.body.result.total).toBeGreaterThanOrEqual(8);
    expect(page.body.result.records[0]).toMatchObject({ op: 'shell', createdByName: 'cmd_ent' });
    const shells = await callApi(t, ent.token, 'GET', '/remote/v1/command/getPage?op=shell');
    expect(shells.body.result.total).toBe(1);
    // Another enterprise sees none of it.
    const foreign = await callApi(t, other.token, 'GET', '/remote/v1/command/getPage');
    expect(foreign.body.result.total).toBe(0);
    const notTheirs = await callApi(t, other.token, 'GET', `/remote/v1/command/detail?id=${d.id}`);
    expect(notTheirs.body.code).toBe(404);
  });

  it('refuses shutdown or reboot hidden in a shell line, offline and foreign terminals, in both languages', async () => {
    const count = async () =>
      (await callApi(t, ent.token, 'GET', '/remote/v1/command/getPage?size=1')).body.result.total as number;
    const before = await count();
    const hidden = await run({
      sns: [SN],
      command: { op: 'shell', command: 'echo hi; /system/bin/reboot' },
      password: ACCOUNT_PASSWORD,
    });
    expect(hidden.status).toBe(400);
    expect(JSON.stringify(hidden.body)).toContain('must not contain shutdown or reboot');
    expect(JSON.stringify(hidden.body)).toContain('不能包含关机或重启');
    // The run above confirmed the password in ent's session; a new session must enter it.
    const newSession = await loginAs(t.app, 'cmd_ent', ACCOUNT_PASSWORD);
    const noPassword = await run({ sns: [SN], command: { op: 'shell', command: 'id' } }, newSession.token);
    expect(noPassword.body.code).toBe(400);

    const offline = await run({ sns: [SN, 'CMDOFF000001'], command: { op: 'screenshot' } });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toContain('终端离线');
    expect(offline.body.messageEn).toContain('offline');
    expect(offline.body.result.sns).toEqual(['CMDOFF000001']);

    const foreign = await run({ sns: [SN], command: { op: 'device_props' } }, other.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.messageEn).toContain('outside your data scope');
    expect(foreign.body.result.sns).toEqual([SN]);

    const badHost = await run({ sns: [SN], command: { op: 'ping', host: 'bad host!' } });
    expect(badHost.status).toBe(400);
    const badRange = await run({
      sns: [SN],
      command: { op: 'upload_logs', from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(badRange.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('queues a command for an offline terminal when asked', async () => {
    const res = await run({ sns: ['CMDOFF000001'], command: { op: 'sync_time' }, queueOffline: true });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.result.counts).toMatchObject({ total: 1, open: 1 });
  });

  it('saves, lists and deletes command templates', async () => {
    const add = (name: string, command: Record<string, unknown>) =>
      callApi(t, ent.token, 'POST', '/remote/v1/command/template/add', { name, command });
    const a = await add('Ping gateway', { op: 'ping', host: '10.0.0.1', count: 3 });
    expect(a.body.code, JSON.stringify(a.body)).toBe(1);
    expect((await add('Ping gateway', { op: 'dns', host: 'example.com' })).status).toBe(409);
    expect((await add('Reboot via shell', { op: 'shell', command: 'reboot' })).status).toBe(400);
    const list = await callApi(t, ent.token, 'GET', '/remote/v1/command/template/list');
    expect(list.body.result).toEqual([
      expect.objectContaining({ name: 'Ping gateway', command: { op: 'ping', host: '10.0.0.1', count: 3 } }),
    ]);
    expect((await callApi(t, other.token, 'GET', '/remote/v1/command/template/list')).body.result).toEqual(
      [],
    );
    const gone = await callApi(
      t,
      other.token,
      'POST',
      `/remote/v1/command/template/delete?id=${a.body.result.id}`,
    );
    expect(gone.status).toBe(404);
    const del = await callApi(
      t,
      ent.token,
      'POST',
      `/remote/v1/command/template/delete?id=${a.body.result.id}`,
    );
    expect(del.body.code).toBe(1);
  });

  // Last in the file: the terminal restarts, which would disturb a command sent meanwhile.
  it('reboots a terminal through the reboot command, which a shell line may not do', async () => {
    const shell = await run({
      sns: [SN],
      command: { op: 'shell', command: 'reboot' },
      password: ACCOUNT_PASSWORD,
    });
    expect(shell.status).toBe(400);
    const d = await runAndWait({ op: 'reboot' });
    expect(d.results[0]).toMatchObject({ state: 'success', message: 'rebooted' });
    await until(
      async () =>
        (
          await t.database.db.select({ online: terminals.online }).from(terminals).where(eq(terminals.sn, SN))
        )[0]?.online,
      'the terminal back online',
    );
  });
});
