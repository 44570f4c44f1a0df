// A fleet reconnecting over MQTT: BENCH_TERMINALS (10,000) pos-sim terminals, enrolled before, ramp in
// over BENCH_RAMP_SEC (10) and send heartbeats every BENCH_HEARTBEAT_SEC (5) for BENCH_STEADY_SEC (30).
// The same fleet, clients and payloads run first against a bare Aedes broker (nothing stored), then
// against the real server (its embedded broker, or BENCH_MQTT_URL: an external broker the server
// subscribes to), then against the bare broker again. Each broker and the fleet have their own
// process. Reported: time until all are online, heartbeats persisted per second against those
// offered, server CPU and RSS against the mean of the two bare runs and against a bare broker run side
// by side with it (embedded broker only), the console API's p95 idle, during the ramp and steady, and
// the shutdown with the fleet connected. `BENCH_DATABASE_URL=postgres://... nice -n 10 npm run bench:mqtt-storm -w @cpm/bench`.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 10_000);
const RAMP_SEC = Number(process.env.BENCH_RAMP_SEC ?? 10);
const HEARTBEAT_SEC = Number(process.env.BENCH_HEARTBEAT_SEC ?? 5);
const STEADY_SEC = Number(process.env.BENCH_STEADY_SEC ?? 30);
const IDLE_SEC = Number(process.env.BENCH_IDLE_SEC ?? 10);
const EXTERNAL = process.env.BENCH_MQTT_URL;
/**
 * A window after the steady one with the console user paused: the server then serves the same load as
 * the bare broker. It spans several full garbage collections of each process (the bare broker runs one
 * every 10-15 s, the server every 20-45 s), so where they fall does not decide the figure.
 */
const FLEET_ONLY_SEC = Number(process.env.BENCH_FLEET_ONLY_SEC ?? 120);
/**
 * A window after the fleet-alone one in which a bare broker with a fleet of its own runs beside the
 * server (embedded broker only; 0 leaves it out). The runs in turn are minutes apart, and this
 * machine's speed drifts by a quarter over minutes; side by side, both processes are measured over
 * the same seconds of the same machine, so its drift cannot enter their ratio. Five minutes hold one
 * whole round of the server's periodic work at this load (every terminal's identity read again after
 * its 4-5 minute TTL, a minute's sweeps and tallies, full garbage collections): a shorter window held
 * that round or missed it, and read 1.49-1.60 for the same code.
 */
const BESIDE_SEC = EXTERNAL ? 0 : Number(process.env.BENCH_BESIDE_SEC ?? 300);
const ONLINE_LIMIT_SEC = Number(process.env.BENCH_ONLINE_LIMIT_SEC ?? 180);
const HTTP_PORT = Number(process.env.BENCH_HTTP_PORT ?? 19_100);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 19_200);
const BARE_PORT = Number(process.env.BENCH_BARE_MQTT_PORT ?? 19_201);
const SECRET = 'storm-secret-0123456789';
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** Which window BENCH_CPU_PROF profiles: `fleet` (the fleet-alone window, default) or `ramp` (until all are online). */
const PROFILE_WINDOW = process.env.BENCH_CPU_PROF_WINDOW === 'ramp' ? 'ramp' : 'fleet';
/** Clock ticks per second in /proc (USER_HZ). */
const TICK = 100;

type Stats = Record<string, number | string | undefined> & { online?: number; persisted?: number };

/** A child process whose `STATS {...}` lines are kept as they come. */
const child = (script: string, env: Record<string, string>) => {
  // BENCH_SERVER_NODE_FLAGS: Node flags for the real server's process only (tuning trials).
  const flags =
    script === 'server.ts' ? (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(here, 'mqtt-storm', script)], {
    env: {
      ...process.env,
      STORM_SECRET: SECRET,
      STORM_TERMINALS: String(TERMINALS),
      // BENCH_CPU_PROF=<dir>: each broker's CPU profile of the fleet-alone window is written there.
      ...(PROFILE_DIR && script !== 'terminals.ts' ? { STORM_CPU_PROF: PROFILE_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let last: Stats = {};
  let seen = 0;
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    if (line.startsWith('STATS ')) {
      last = JSON.parse(line.slice(6)) as Stats;
      if (process.env.BENCH_VERBOSE && ++seen % 10 === 0) console.log(`${script} ${line}`);
    }
    for (const w of [...waiters])
      if (line.startsWith(w.prefix)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  };
  createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', onLine);
  createInterface({ input: proc.stderr as NodeJS.ReadableStream }).on('line', (l) =>
    lines.push(`stderr: ${l}`),
  );
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  return {
    proc,
    last: () => last,
    lines,
    exited,
    next: (prefix: string) => new Promise<string>((resolve) => waiters.push({ prefix, resolve })),
  };
};

/** CPU seconds used so far and resident memory (MB) of a process, from /proc. */
const usage = (proc: ChildProcess) => {
  const stat = readFileSync(`/proc/${proc.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSec = (Number(fields[11]) + Number(fields[12])) / TICK;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
  return { cpuSec, rssMb: rss ? Number(rss[1]) / 1024 : 0 };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p95 = (xs: number[]) => {
  if (!xs.length) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};

/** The console user: one terminal-list request after another, 200 ms apart, each given 10 s. */
const consoleProbe = (server: string, token: string) => {
  let phase = 'idle';
  let running = true;
  const samples: Record<string, { ms: number[]; failed: number }> = {};
  const loop = (async () => {
    while (running) {
      if (phase === 'paused') {
        await sleep(50);
        continue;
      }
      samples[phase] ??= { ms: [], failed: 0 };
      const bucket = samples[phase];
      const started = performance.now();
      try {
        const res = await fetch(`${server}/device/v1/device/terminal/getPage?current=1&size=20`, {
          headers: { satoken: token },
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { code: number };
        if (body.code !== 1) bucket.failed++;
        else bucket.ms.push(performance.now() - started);
      } catch {
        bucket.failed++;
      }
      await sleep(200);
    }
  })();
  return {
    phase: (p: string) => {
      phase = p;
    },
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
};

/** Ends the profile a broker process is taking and says where it was written. */
const profileWritten = async (name: string, broker: ReturnType<typeof child>, window: string) => {
  const written = broker.next('PROFILE ');
  broker.proc.kill('SIGUSR2');
  console.log(`${name} CPU profile of the ${window} window: ${(await written).slice(8)}`);
};

/** A fleet of TERMINALS terminals ramping onto `mqttUrl`, then sending heartbeats. */
const startFleet = (mqttUrl: string) =>
  child('terminals.ts', {
    STORM_MQTT_URL: mqttUrl,
    STORM_RAMP_SEC: String(RAMP_SEC),
    STORM_HEARTBEAT_SEC: String(HEARTBEAT_SEC),
  });

/** The baseline on BARE_PORT, once ready: bare Aedes, or with `external` a bare subscriber of that broker. */
const startBare = async (external = '') => {
  const bare = child('bare.ts', { STORM_MQTT_PORT: String(BARE_PORT), STORM_MQTT_URL: external });
  await bare.next('READY');
  return bare;
};

/** Ends a fleet at once and its broker as asked, and waits for both to exit. */
const stopBoth = async (fleet: ReturnType<typeof child>, broker: ReturnType<typeof child>) => {
  fleet.proc.kill('SIGKILL');
  broker.proc.kill('SIGTERM');
  await Promise.all([fleet.exited, broker.exited]);
};

/** Runs the fleet against a broker; answers what the report needs. */
const run = async (
  name: string,
  broker: ReturnType<typeof child>,
  mqttUrl: string,
  opts: {
    probe?: ReturnType<typeof consoleProbe>;
    /** Who knows how many are online: the broker (default), or (an external broker) the fleet itself. */
    onlineFrom?: 'broker' | 'fleet';
    /** Measures the broker side by side with a bare one (see BESIDE_SEC) before the fleet is hushed. */
    beside?: boolean;
  } = {},
) => {
  const { probe, onlineFrom = 'broker', beside = false } = opts;
  const fleet = startFleet(mqttUrl);
  probe?.phase('ramp');
  const profiled = PROFILE_DIR && !EXTERNAL;
  if (profiled && PROFILE_WINDOW === 'ramp') broker.proc.kill('SIGUSR2');
  const onlineSec = await allOnline(() =>
    onlineFrom === 'broker' ? broker.last().online : fleet.last().connected,
  );
  if (profiled && PROFILE_WINDOW === 'ramp') await profileWritten(name, broker, 'ramp');
  probe?.phase('steady');
  // Steady: the figures over a window that starts once everyone is online.
  const from = { broker: usage(broker.proc), persisted: broker.last().persisted ?? 0, at: performance.now() };
  const offeredFrom = Number(fleet.last().heartbeats ?? 0);
  await sleep(STEADY_SEC * 1000);
  const to = { broker: usage(broker.proc), persisted: broker.last().persisted ?? 0, at: performance.now() };
  const offeredTo = Number(fleet.last().heartbeats ?? 0);
  const seconds = (to.at - from.at) / 1000;
  // The fleet alone: the console user stops (its last request has a second to finish), so the CPU
  // compared with the bare broker's is spent on the same clients and payloads and nothing else.
  probe?.phase('paused');
  await sleep(1000);
  const profileFleet = profiled && PROFILE_WINDOW === 'fleet';
  if (profileFleet) broker.proc.kill('SIGUSR2');
  const fleetFrom = { cpuSec: usage(broker.proc).cpuSec, at: performance.now() };
  await sleep(FLEET_ONLY_SEC * 1000);
  const fleetTo = { cpuSec: usage(broker.proc).cpuSec, at: performance.now() };
  if (profileFleet) await profileWritten(name, broker, 'fleet-alone');
  const sideBySide = beside && BESIDE_SEC > 0 ? await besideBare(broker) : undefined;
  // Hushed: everything the fleet counted is sent; once the broker's count stops moving it is final.
  fleet.proc.kill('SIGUSR1');
  const hushed = JSON.parse((await fleet.next('HUSHED ')).slice('HUSHED STATS '.length)) as Stats;
  let persisted = -1;
  for (let i = 0; i < 20 && broker.last().persisted !== persisted; i++) {
    persisted = broker.last().persisted ?? 0;
    await sleep(1500);
  }
  return {
    name,
    fleet,
    onlineSec,
    cpuPct: ((to.broker.cpuSec - from.broker.cpuSec) / seconds) * 100,
    fleetCpuPct: ((fleetTo.cpuSec - fleetFrom.cpuSec) / ((fleetTo.at - fleetFrom.at) / 1000)) * 100,
    rssMb: to.broker.rssMb,
    offeredPerSec: (offeredTo - offeredFrom) / seconds,
    persistedPerSec: (to.persisted - from.persisted) / seconds,
    offered: Number(hushed.heartbeats),
    persisted: broker.last().persisted ?? 0,
    fleetStats: hushed,
    sideBySide,
  };
};

/** Waits until `online()` reaches the whole fleet; answers the seconds it took (NaN past the limit). */
const allOnline = async (online: () => unknown) => {
  const started = performance.now();
  while (performance.now() - started < ONLINE_LIMIT_SEC * 1000) {
    await sleep(250);
    if (Number(online() ?? 0) >= TERMINALS) return (performance.now() - started) / 1000;
  }
  return Number.NaN;
};

/**
 * A bare broker and a fleet of its own started beside `broker` (whose fleet keeps sending); once all
 * its terminals are online and a heartbeat period has passed, both brokers' CPU over the same
 * BESIDE_SEC seconds.
 */
const besideBare = async (broker: ReturnType<typeof child>) => {
  const bare = await startBare();
  const fleet = startFleet(`mqtt://127.0.0.1:${BARE_PORT}`);
  const bareOnlineSec = await allOnline(() => bare.last().online);
  await sleep(2 * HEARTBEAT_SEC * 1000);
  // Each broker's CPU and the heartbeats it took (the server's once stored) over the same seconds.
  const sample = () => ({
    broker: usage(broker.proc).cpuSec,
    bare: usage(bare.proc).cpuSec,
    brokerBeats: Number(broker.last().persisted ?? 0),
    bareBeats: Number(bare.last().persisted ?? 0),
    at: performance.now(),
  });
  const from = sample();
  await sleep(BESIDE_SEC * 1000);
  const to = sample();
  await stopBoth(fleet, bare);
  const seconds = (to.at - from.at) / 1000;
  return {
    bareOnlineSec,
    cpuPct: ((to.broker - from.broker) / seconds) * 100,
    bareCpuPct: ((to.bare - from.bare) / seconds) * 100,
    beatsPerSec: (to.brokerBeats - from.brokerBeats) / seconds,
    bareBeatsPerSec: (to.bareBeats - from.bareBeats) / seconds,
  };
};

const before = loadavg();
console.log(
  `load average at start ${before.map((l) => l.toFixed(2)).join(' ')}; ${TERMINALS} terminals, ramp ${RAMP_SEC} s, heartbeat ${HEARTBEAT_SEC} s, steady ${STEADY_SEC} s`,
);

// The baseline: bare Aedes (or, with an external broker, that broker with a bare counting subscriber).
const runBare = async (when: string) => {
  const bare = await startBare(EXTERNAL);
  const result = await run(
    `${EXTERNAL ? 'external broker, bare subscriber' : 'bare Aedes'}, ${when}`,
    bare,
    EXTERNAL ?? `mqtt://127.0.0.1:${BARE_PORT}`,
    { onlineFrom: EXTERNAL ? 'fleet' : 'broker' },
  );
  await stopBoth(result.fleet, bare);
  return result;
};
const baselines = [await runBare('before')];

// The real server.
const server = child('server.ts', {
  STORM_HTTP_PORT: String(HTTP_PORT),
  STORM_MQTT_PORT: String(MQTT_PORT),
  ...(EXTERNAL ? { STORM_MQTT_URL: EXTERNAL } : {}),
});
await server.next('READY');
const base = `http://127.0.0.1:${HTTP_PORT}`;
const login = (await fetch(`${base}/oauth/v1/oauth/login/cpmDoLogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    username: 'admin',
    password: 'Bench#Pass1',
    captchaId: 'x',
    captchaCode: 'x',
    sysCode: 'cpm',
  }),
}).then((r) => r.json())) as { result: { tokenValue: string } };
const probe = consoleProbe(base, login.result.tokenValue);
await sleep(IDLE_SEC * 1000);
const idleRss = usage(server.proc).rssMb;
const subject = await run('server', server, EXTERNAL ?? `mqtt://127.0.0.1:${MQTT_PORT}`, {
  probe,
  beside: true,
});
const samples = await probe.stop();

// Shutdown with the fleet still connected.
const stopStarted = performance.now();
server.proc.kill('SIGTERM');
const shutdownLine = await Promise.race([
  server.next('SHUTDOWN'),
  server.exited.then(() => 'SHUTDOWN {"ok":false}'),
]);
const shutdownMs = performance.now() - stopStarted;
await server.exited;
subject.fleet.proc.kill('SIGKILL');
await subject.fleet.exited;
const poolErrors = server.lines.filter((l) => /after calling end on the pool/.test(l)).length;
const errorLines = server.lines.filter((l) => /"level":(50|60)/.test(l));
// The baseline again, after the server: the machine's speed drifts over minutes, and the mean of a run
// on each side of the server's cancels a steady drift. BENCH_BARE_AFTER=0 leaves it out.
if (process.env.BENCH_BARE_AFTER !== '0') baselines.push(await runBare('after'));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const baseline = {
  fleetCpuPct: mean(baselines.map((b) => b.fleetCpuPct)),
  cpuPct: mean(baselines.map((b) => b.cpuPct)),
};

const after = loadavg();
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const phase = (p: string) => samples[p] ?? { ms: [], failed: 0 };
console.log(`\nload average at end ${after.map((l) => l.toFixed(2)).join(' ')}`);
for (const r of [...baselines, subject])
  console.log(
    `${r.name.padEnd(34)} all online ${fmt(r.onlineSec, 1)} s, heartbeats offered ${fmt(r.offeredPerSec)}/s persisted ${fmt(r.persistedPerSec)}/s (totals ${r.offered} / ${r.persisted}), CPU ${fmt(r.cpuPct, 1)} % (fleet alone ${fmt(r.fleetCpuPct, 1)} %), RSS ${fmt(r.rssMb)} MB, fleet backoffs ${r.fleetStats.backoffs} errors ${r.fleetStats.errors}${r.fleetStats.lastError ? ` (last: ${r.fleetStats.lastError})` : ''}`,
  );
console.log(
  `server RSS idle ${fmt(idleRss)} MB, with ${TERMINALS} connected ${fmt(subject.rssMb)} MB: ${fmt(((subject.rssMb - idleRss) * 1024) / TERMINALS, 1)} KB per terminal`,
);
for (const p of ['idle', 'ramp', 'steady'])
  console.log(
    `console API ${p.padEnd(7)} p95 ${fmt(p95(phase(p).ms))} ms over ${phase(p).ms.length + phase(p).failed} requests, ${phase(p).failed} failed`,
  );
console.log(
  `CPU ratio server / baseline${baselines.length > 1 ? ` (the mean of the bare runs, fleet alone ${fmt(baseline.fleetCpuPct, 1)} %)` : ''}: fleet alone ${fmt(subject.fleetCpuPct / baseline.fleetCpuPct, 2)} (target <= 1.5), with the console user ${fmt(subject.cpuPct / baseline.cpuPct, 2)}`,
);
const side = subject.sideBySide;
if (side)
  console.log(
    `CPU side by side over the same ${BESIDE_SEC} s (a bare broker and its own fleet beside the server's, all online in ${fmt(side.bareOnlineSec, 1)} s): server ${fmt(side.cpuPct, 1)} % for ${fmt(side.beatsPerSec)} heartbeats/s, bare ${fmt(side.bareCpuPct, 1)} % for ${fmt(side.bareBeatsPerSec)}/s, ratio ${fmt(side.cpuPct / side.bareCpuPct, 2)} (target <= 1.5)`,
  );
console.log(
  `shutdown with the fleet connected: ${shutdownLine.slice(9)} after ${fmt(shutdownMs)} ms, pool-after-end errors ${poolErrors}, error lines ${errorLines.length}`,
);
for (const l of errorLines.slice(0, 5))
  console.log(`  ${l.slice(0, Number(process.env.BENCH_ERROR_CHARS ?? 300))}`);
// The steps that held the stop up, as the server names them.
for (const l of server.lines.filter((l) => l.includes('shutdown step was slow')))
  console.log(`  ${l.slice(0, Number(process.env.BENCH_ERROR_CHARS ?? 300))}`);
console.log(
  `targets: online < 30 s ${subject.onlineSec < 30}, ramp p95 < 300 ms ${p95(phase('ramp').ms) < 300} with 0 failed ${phase('ramp').failed === 0}, steady p95 < 50 ms ${p95(phase('steady').ms) < 50}, persisted = offered ${subject.persisted === subject.offered}, CPU <= 1.5x ${subject.fleetCpuPct <= 1.5 * baseline.fleetCpuPct}${side ? `, side by side ${side.cpuPct <= 1.5 * side.bareCpuPct}` : ''}`,
);
process.exit(0);
