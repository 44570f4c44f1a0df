import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, postFileForm } from '../../server/src/modules/sysfiles/testing';
import { insertGroups, insertTerminals } from '../../server/src/modules/tasks/task-fixtures';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../server/src/test-support/sim-app';
import { waitFor } from '../../server/src/test-support/wait';
import { startAgentProcess } from './testing/agent-process';
import { startCutProxy } from './testing/cut-proxy';

type Detail = {
  platform: string;
  online: boolean;
  osVersion: string | null;
  hardware: { cpu?: string; memoryMb?: number; mac?: string; cores?: number };
  peripherals: { kind: string; name: string; status: string }[];
};

/** The MAC of the interface holding the default route, as `ip` says. */
const defaultMac = () => {
  const dev = /dev (\S+)/.exec(execFileSync('ip', ['route', 'show', 'default'], { encoding: 'utf8' }))?.[1];
  const link = execFileSync('ip', ['-o', 'link', 'show', 'dev', dev ?? 'eth0'], { encoding: 'utf8' });
  return /link\/ether (\S+)/.exec(link)?.[1].toUpperCase();
};

describe('the Linux agent as a process against the real server', { timeout: 120_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let proxy: Awaited<ReturnType<typeof startCutProxy>>;
  let agent: Awaited<ReturnType<typeof startAgentProcess>>;
  let ent: { id: string; token: string };
  const SN = 'LNXA000001';

  const detail = async () =>
    (await callApi(sim.t, ent.token, 'GET', `/device/v1/device/terminal/getBySn?sn=${SN}`)).body
      .result as Detail;
  const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) =>
    waitFor(check, `${what}\n${agent?.output().slice(-3000)}`, { ms: 45_000, everyMs: 100 });

  beforeAll(async () => {
    sim = await startSimApp('agent');
    proxy = await startCutProxy({ host: '127.0.0.1', port: Number(new URL(sim.server).port) });
    ent = await createAccount(sim.t, { username: 'lnx_ent' });
    const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNX')).group.id;
    await insertTerminals(sim.t.database.db, {
      prefix: 'LNXA0',
      count: 1,
      ownerId: ent.id,
      groupId,
      platform: 'linux',
      apps: [],
    });
    const key = await rotateEnrollmentKey(sim.t, ent.token);
    agent = await startAgentProcess({ server: proxy.url, sn: SN, key });
  });
  afterAll(async () => {
    await agent?.close();
    await proxy?.close();
    await sim?.close();
  });

  it('enrols, keeps its secret to itself and shows this machine’s real facts in the console', async () => {
    expect(agent.enrolled).toContain(`enrolled ${SN}`);
    expect(statSync(path.join(agent.dir, 'state')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(agent.dir, 'state', 'identity.json')).mode & 0o777).toBe(0o600);
    const d = await until(async () => {
      const x = await detail();
      return x.online && x.hardware.memoryMb ? x : null;
    }, 'the hello');
    const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1]);
    const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1].trim();
    expect(d.platform).toBe('linux');
    expect(d.hardware.memoryMb).toBe(Math.round(memKb / 1024));
    if (cpu) expect(d.hardware.cpu).toBe(cpu);
    expect(d.hardware.cores).toBe(os.cpus().length);
    expect(d.hardware.mac).toBe(defaultMac());
    expect(d.osVersion).toContain(`Linux ${os.release()}`);
  });

  it('runs a shell command with its output streamed, and the server refuses a reboot through the shell', async () => {
    const run = await callApi(sim.t, ent.token, 'POST', '/remote/v1/command/run', {
      sns: [SN],
      command: { op: 'shell', command: 'echo first; sleep 2; echo second; uname -r' },
      password: ACCOUNT_PASSWORD,
    });
    expect(run.body.code, JSON.stringify(run.body)).toBe(1);
    const id = run.body.result.id as string;
    type Cmd = { results: { state: string; message: string | null; output: string }[] };
    const read = async () =>
      (await callApi(sim.t, ent.token, 'GET', `/remote/v1/command/detail?id=${id}`)).body.result as Cmd;
    // The first line arrives while the command still runs: the output is streamed, not sent at the end.
    const partial = await until(async () => {
      const r = (await read()).results[0];
      return r?.output.includes('first') ? r : null;
    }, 'the first line');
    expect(partial.state).not.toBe('success');
    const done = await until(async () => {
      const r = (await read()).results[0];
      return r?.state === 'success' ? r : null;
    }, 'the command done');
    expect(done.output).toBe(`first\nsecond\n${os.release()}\n`);
    expect(done.message).toBe(`first\nsecond\n${os.release()}\n`);

    const refused = await callApi(sim.t, ent.token, 'POST', '/remote/v1/command/run', {
      sns: [SN],
      command: { op: 'shell', command: 'sudo reboot' },
      password: ACCOUNT_PASSWORD,
    });
    expect(refused.body.code).not.toBe(1);
  });

  it('receives a pushed system file byte-identical after its connection was cut half-way', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const zip = makeZip([{ name: 'menu.bin', data: content }]);
    const up = await postFileForm(sim.t, ent.token, '/file/v1/file/sysFile/upload', {
      fields: { version: '2.0', type: '2' },
      name: 'menu.zip',
      bytes: zip,
    });
    expect(up.json().code, up.body).toBe(1);
    const target = path.join(agent.dir, 'files', 'menus');
    proxy.cutAfter(zip.length / 2);
    const cuts = proxy.state.cuts;
    const task = await callApi(sim.t, ent.token, 'POST', '/task/v1/task/remoteTask/create', {
      name: 'Menu',
      platform: 'linux',
      type: 'file_push',
      params: { fileId: up.json().result.id, path: target },
      targets: { sns: [SN] },
      timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(task.body.code, JSON.stringify(task.body)).toBe(1);
    const results = async () =>
      (
        await callApi(
          sim.t,
          ent.token,
          'GET',
          `/task/v1/task/remoteTask/results?taskId=${task.body.result.id}`,
        )
      ).body.result.records as { state: string; message: string | null }[];
    const r = await until(async () => {
      const x = (await results())[0];
      return x && ['success', 'failure'].includes(x.state) ? x : null;
    }, 'the file pushed');
    expect(r.state, r.message ?? '').toBe('success');
    expect(proxy.state.cuts).toBe(cuts + 1);
    expect(agent.output()).toMatch(/download attempt 1 broke off after \d+ bytes/);
    const saved = readFileSync(path.join(target, 'menu.zip'));
    expect(createHash('sha256').update(saved).digest('hex')).toBe(
      createHash('sha256').update(zip).digest('hex'),
    );
    expect(r.message).toBe(`saved ${path.join(target, 'menu.zip')} (${zip.length} bytes, sha256 ok)`);
  });
});
