// The Linux agent's remote desktop of a real X screen against pos-sim's drawn till, in the same run
// through the same real server: one session each, viewed by a client that acknowledges every frame as
// it arrives (as a console does once it painted it). Both screens are 800x480 and change all the time:
// the agent's Xvfb raises one of two whole-screen windows of different colours BENCH_CHANGES (20) times a second, the simulator's till
// takes a tap on a menu item as often. Measures frames a second, capture-to-arrival latency (p50,
// p95) and the CPU each terminal process spends. `npm run bench:agent-remote -w @cpm/bench`;
// BENCH_SECONDS (20) is the measured time, BENCH_FPS (10) the session's frame rate.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RemoteTicket, relayUrlFor } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { startAgentProcess } from '../../apps/agent/src/testing/agent-process';
import { freePort } from '../../apps/agent/src/testing/gps';
import { startXvfb } from '../../apps/agent/src/testing/xvfb';
import { type RelayClient, relayClient } from '../../apps/server/src/modules/remote/relay-client.testing';
import { sha256 } from '../../apps/server/src/shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../apps/server/src/test-support/test-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FPS = Number(process.env.BENCH_FPS ?? 10);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const TICK = 100; // clock ticks a second (Linux USER_HZ)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
};

const port = await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-agent-remote-'));
const t = await createTestApp({
  broker: true,
  clock: { now: () => new Date(), advance: () => undefined },
  env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0', PUBLIC_URL: `http://127.0.0.1:${port}` },
});
await t.app.listen({ port, host: '127.0.0.1' });
const server = `http://127.0.0.1:${port}`;
const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
await t.database.db.execute(sql`
  insert into terminals (sn, name, owner_id, status, secret_hash, platform)
  values ('BENCHRD01', 'agent', ${admin.userId}::uuid, 'registered', ${sha256('x')}, 'linux'),
         ('BENCHRDSIM000001', 'sim', ${admin.userId}::uuid, 'registered', ${sha256('x')}, 'android')`);
const api = async (url: string, body?: unknown) =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: admin.token },
      ...(body ? { payload: body as Record<string, unknown> } : {}),
    })
  ).json();
const key = (await api('/device/v1/device/terminal/rotateEnrollmentKey')).result.enrollmentKey as string;

const x = await startXvfb(800, 480);
// Two whole-screen windows of different colours, raised in turn: the whole screen changes each time.
for (const [title, colour] of [
  ['bench-a', '#204080'],
  ['bench-b', '#806020'],
])
  x.open('xlogo', ['-title', title, '-geometry', '800x480+0+0', '-bg', colour]);
const windows = await Promise.all(
  ['bench-a', 'bench-b'].map(async (title) =>
    (await x.run('xdotool', ['search', '--sync', '--name', `^${title}$`])).trim(),
  ),
);
const agent = await startAgentProcess({
  server,
  sn: 'BENCHRD01',
  key,
  config: { gpsd: null, heartbeatSec: 30 },
  env: { DISPLAY: x.display },
});
const sim: ChildProcess = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, '../../apps/pos-sim/src/main.ts'),
    ...['--count', '1', '--server', server, '--prefix', 'BENCHRDSIM', '--key', key],
    ...['--ramp', '0', '--fault-rate', '0', '--reboot-rate', '0', '--remote-answer', 'accept'],
  ],
  { stdio: 'ignore' },
);

/** Opens a session on `sn` as the console does and answers the viewer once the terminal streams. */
const watch = async (sn: string, answer: () => Promise<void>) => {
  let ticket: RemoteTicket | null = null;
  for (let i = 0; i < 600 && !ticket; i++) {
    const r = await api('/remote/v1/remote/session/open', { sn, mode: 'control', password: ADMIN_PASSWORD });
    if (r.code === 1) ticket = r.result as RemoteTicket;
    else await sleep(100);
  }
  if (!ticket) throw new Error(`${sn} never came online`);
  const viewer = await relayClient(
    relayUrlFor({ protocol: 'http:', hostname: '127.0.0.1', host: `127.0.0.1:${port}` }, ticket.relay, {
      session: ticket.sessionId,
      token: ticket.token,
    }),
  );
  await answer();
  await viewer.json('state', (d) => d.state === 'active');
  viewer.send({ t: 'settings', settings: { quality: 60, fps: FPS } });
  return viewer;
};

const agentViewer = await watch('BENCHRD01', async () => {
  const dialog = (await x.run('xdotool', ['search', '--sync', '--name', '^Remote support$'])).trim();
  await x.run('xdotool', ['windowfocus', '--sync', dialog, 'key', 'Return']);
});
const simViewer = await watch('BENCHRDSIM000001', async () => undefined);

/** Counts frames and latencies inside the measured time; acknowledges each as it arrives. */
const measure = (viewer: RelayClient) => {
  const m = { frames: 0, latencies: [] as number[], from: 0, until: 0 };
  viewer.ws.on('message', (data: Buffer, isBinary) => {
    if (!isBinary) return;
    const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const seq = v.getUint32(2);
    const at = Date.now();
    viewer.send({ t: 'ack', seq });
    if (at < m.from || at >= m.until) return;
    m.frames++;
    m.latencies.push(at - v.getFloat64(6));
  });
  return m;
};
const results = { agent: measure(agentViewer), sim: measure(simViewer) };

// Both screens change CHANGES times a second for the whole run.
let n = 0;
const changer = setInterval(() => {
  n++;
  void x.run('xdotool', ['windowraise', windows[n % 2]]).catch(() => undefined);
  simViewer.send({ t: 'input', input: { kind: 'tap', x: 0.1 + (n % 3) * 0.2, y: 0.35 } });
}, 1000 / CHANGES);

await sleep(3000);
const from = Date.now();
for (const r of Object.values(results)) Object.assign(r, { from, until: from + SECONDS * 1000 });
const pids = { agent: agent.pid() as number, sim: sim.pid as number };
const cpuBefore = { agent: cpuSeconds(pids.agent), sim: cpuSeconds(pids.sim) };
await sleep(SECONDS * 1000);
const cpuAfter = { agent: cpuSeconds(pids.agent), sim: cpuSeconds(pids.sim) };
clearInterval(changer);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`remote desktop over ${SECONDS} s at fps ${FPS}, screens changing ${CHANGES}/s (load ${load})`);
for (const name of ['agent', 'sim'] as const) {
  const r = results[name];
  const cpu = ((cpuAfter[name] - cpuBefore[name]) / SECONDS) * 100;
  console.log(
    `${name === 'agent' ? 'cpm-agent (Xvfb)' : 'pos-sim (drawn) '}: ${(r.frames / SECONDS).toFixed(2)} fps, latency p50 ${pct(r.latencies, 50)} ms, p95 ${pct(r.latencies, 95)} ms, CPU ${cpu.toFixed(1)} % of a core`,
  );
}
agentViewer.close();
simViewer.close();
sim.kill('SIGTERM');
await agent.close();
await x.close();
await t.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
