import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, postFileForm } from '../../server/src/modules/sysfiles/testing';
import { insertGroups, insertTerminals } from '../../server/src/modules/tasks/task-fixtures';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../server/src/test-support/sim-app';
import { waitFor } from '../../server/src/test-support/wait';
import { startAgentProcess } from './testing/agent-process';
import { cupsMissing, startPrivateCups } from './testing/cups';
import { startCutProxy } from './testing/cut-proxy';
import { freePort, gpsfakeMissing, replayTrack } from './testing/gps';
import { startXvfb, xvfbMissing } from './testing/xvfb';

type Detail = {
  platform: string;
  lat: number | null;
  lng: number | null;
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
  let cups: Awaited<ReturnType<typeof startPrivateCups>> | null = null;
  let gpsPort = 0;
  let x: Awaited<ReturnType<typeof startXvfb>> | null = null;
  const SN = 'LNXA000001';

  const detail = async () =>
    (await callApi(sim.t, ent.token, 'GET', `/device/v1/device/terminal/getBySn?sn=${SN}`)).body
      .result as Detail;
  /** Runs a shell line on the terminal from the console and answers its final result. */
  const shell = async (command: string) => {
    const run = await callApi(sim.t, ent.token, 'POST', '/remote/v1/command/run', {
      sns: [SN],
      command: { op: 'shell', command },
      password: ACCOUNT_PASSWORD,
    });
    expect(run.body.code, JSON.stringify(run.body)).toBe(1);
    return until(async () => {
      const r = (
        (await callApi(sim.t, ent.token, 'GET', `/remote/v1/command/detail?id=${run.body.result.id}`)).body
          .result as { results: { state: string; message: string | null; output: string }[] }
      ).results[0];
      return r && ['success', 'failure'].includes(r.state) ? r : null;
    }, command);
  };
  const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) =>
    waitFor(check, `${what}\n${agent?.output().slice(-3000)}`, { ms: 45_000, everyMs: 100 });

  beforeAll(async () => {
    sim = await startSimApp('agent');
    proxy = await startCutProxy({ host: '127.0.0.1', port: Number(new URL(sim.server).port) });
    ent = await createAccount(sim.t, { username: 'lnx_ent' });
    const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNX')).group.id;
    await insertTerminals(sim.t.database.db, {
      prefix: 'LNXA0',
      count: 2,
      ownerId: ent.id,
      groupId,
      platform: 'linux',
      apps: [],
    });
    const key = await rotateEnrollmentKey(sim.t, ent.token);
    if (!cupsMissing()) cups = await startPrivateCups();
    gpsPort = await freePort();
    if (!xvfbMissing()) x = await startXvfb();
    agent = await startAgentProcess({
      server: proxy.url,
      sn: SN,
      key,
      config: { gpsd: { host: '127.0.0.1', port: gpsPort }, locationEverySec: 1 },
      env: { ...(cups ? { CUPS_SERVER: cups.socket } : {}), ...(x ? { DISPLAY: x.display } : {}) },
    });
  });
  afterAll(async () => {
    await agent?.close();
    await cups?.close();
    await x?.close();
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

  it.skipIf(cupsMissing())(
    'shows a CUPS PDF printer as a peripheral, prints a test page to PDF, and warns when the queue stops',
    async () => {
      const printer = await until(
        async () => (await detail()).peripherals.find((p) => p.kind === 'printer'),
        'the printer',
      );
      expect(printer).toMatchObject({ name: 'Printer PDF', status: 'ok' });
      const pdfDir = path.join(os.homedir(), 'PDF');
      // cups-pdf names the file after the job's user and queue, and overwrites it: a fresh one is newer.
      const since = Date.now() - 1000;
      const printed = await shell('echo "cpm-agent test page" | lp -d PDF -t cpm-agent-test');
      expect(printed.state, printed.output).toBe('success');
      expect(printed.output).toMatch(/request id is PDF-\d+/);
      const pdf = await until(async () => {
        const fresh = (existsSync(pdfDir) ? readdirSync(pdfDir) : [])
          .map((f) => path.join(pdfDir, f))
          .filter((f) => f.endsWith('.pdf') && statSync(f).mtimeMs >= since);
        return fresh[0] ?? null;
      }, 'the PDF');
      const bytes = await until(async () => {
        const b = readFileSync(pdf);
        return b.includes('%%EOF') ? b : null;
      }, 'the whole PDF');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      rmSync(pdf, { force: true });

      cups?.cmd('cupsdisable', ['PDF']);
      await until(
        async () => (await detail()).peripherals.find((p) => p.kind === 'printer' && p.status === 'fault'),
        'the printer at fault',
      );
      const warnings = await until(async () => {
        const page = await callApi(
          sim.t,
          ent.token,
          'GET',
          '/device/v1/device/warning/getPage?kind=peripheralFault',
        );
        const records = (page.body.result as { records: { sn: string; detail: string | null }[] }).records;
        return records.filter((w) => w.sn === SN).length ? records.filter((w) => w.sn === SN) : null;
      }, 'the warning');
      expect(warnings[0].detail).toContain('Printer PDF');
    },
  );

  it.skipIf(gpsfakeMissing())('follows an NMEA track replayed by gpsfake through gpsd', async () => {
    const points = Array.from({ length: 16 }, (_, i) => ({ lat: 31.23 + i * 0.0009, lng: 121.47 }));
    const replay = replayTrack(gpsPort, points);
    try {
      const from = new Date(Date.now() - 60_000).toISOString();
      type Track = { points: { lat: number; lng: number }[] };
      const track = await until(async () => {
        const to = new Date(Date.now() + 60_000).toISOString();
        const t = (
          await callApi(
            sim.t,
            ent.token,
            'GET',
            `/device/v1/device/map/track?sn=${SN}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          )
        ).body.result as Track;
        return t.points.length >= 4 ? t : null;
      }, 'four positions on the track');
      const lats = track.points.map((p) => p.lat);
      expect([...lats].sort((a, b) => a - b)).toEqual(lats);
      expect(lats[lats.length - 1] - lats[0]).toBeGreaterThan(0.002);
      for (const p of track.points) {
        expect(p.lng).toBeCloseTo(121.47, 5);
        expect(p.lat).toBeGreaterThanOrEqual(31.23 - 1e-6);
        expect(p.lat).toBeLessThanOrEqual(31.23 + 15 * 0.0009 + 1e-6);
      }
      const d = await detail();
      expect(d.lat).toBeGreaterThan(31.23);
    } finally {
      await replay.close();
    }
  });

  it('falls back to HTTP while its broker cannot be reached, and pulls work its heartbeat answer announces', async () => {
    const SN2 = 'LNXA000002';
    const closed = await freePort();
    const key = await rotateEnrollmentKey(sim.t, ent.token);
    const second = await startAgentProcess({
      server: sim.server,
      sn: SN2,
      key,
      config: { mqttUrl: `ws://127.0.0.1:${closed}/mqtt`, httpFallbackAfterSec: 1 },
    });
    try {
      const d = await waitFor(
        async () => {
          const x = (await callApi(sim.t, ent.token, 'GET', `/device/v1/device/terminal/getBySn?sn=${SN2}`))
            .body.result as Detail;
          return x.online && x.hardware.memoryMb ? x : null;
        },
        `the second terminal online over HTTP\n${second.output()}`,
        { ms: 45_000, everyMs: 100 },
      );
      expect(d.platform).toBe('linux');
      expect(second.output()).toContain('using the HTTP fallback');
      const run = await callApi(sim.t, ent.token, 'POST', '/remote/v1/command/run', {
        sns: [SN2],
        command: { op: 'shell', command: 'echo over-http' },
        password: ACCOUNT_PASSWORD,
      });
      expect(run.body.code, JSON.stringify(run.body)).toBe(1);
      const r = await waitFor(
        async () => {
          const x = (
            (await callApi(sim.t, ent.token, 'GET', `/remote/v1/command/detail?id=${run.body.result.id}`))
              .body.result as { results: { state: string; output: string }[] }
          ).results[0];
          return x?.state === 'success' ? x : null;
        },
        `the command over HTTP\n${second.output()}`,
        { ms: 45_000, everyMs: 100 },
      );
      expect(r.output).toBe('over-http\n');
      expect(second.output()).not.toContain('connected over mqtt');
    } finally {
      await second.close();
    }
  });

  it.skipIf(xvfbMissing())('takes a screenshot of its X screen and uploads it for the console', async () => {
    await until(async () => (await detail()).online, 'the terminal online');
    const run = await callApi(sim.t, ent.token, 'POST', '/remote/v1/command/run', {
      sns: [SN],
      command: { op: 'screenshot' },
    });
    expect(run.body.code, JSON.stringify(run.body)).toBe(1);
    type Files = {
      results: { state: string; message: string | null; files: { blobId: string; mediaType: string }[] }[];
    };
    const r = await until(async () => {
      const d = (await callApi(sim.t, ent.token, 'GET', `/remote/v1/command/detail?id=${run.body.result.id}`))
        .body.result as Files;
      return d.results[0] && ['success', 'failure'].includes(d.results[0].state) ? d.results[0] : null;
    }, 'the screenshot');
    expect(r.state, r.message ?? '').toBe('success');
    expect(r.message).toMatch(/^screenshot-\d+\.jpg 320x240, \d+ bytes$/);
    expect(r.files[0].mediaType).toBe('image/jpeg');
    const bytes = await sim.t.app.inject({
      method: 'GET',
      url: `/file/v1/file/blob/download?id=${r.files[0].blobId}`,
      headers: { satoken: ent.token },
    });
    const img = jpeg.decode(bytes.rawPayload);
    expect([img.width, img.height]).toEqual([320, 240]);
  });
});
