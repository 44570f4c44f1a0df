// The Linux agent at rest: CPU time and resident memory of `cpm-agent run` connected to the real
// server over MQTT with 30-second heartbeats, against one pos-sim terminal (a process simulating one
// terminal over the same protocol) in the same run. Both start through tsx, so both carry its loader.
// `npm run bench:agent -w @cpm/bench`; BENCH_SECONDS (120) is the measured idle time.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startAgentProcess } from '../../apps/agent/src/testing/agent-process';
import { sha256 } from '../../apps/server/src/shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../apps/server/src/test-support/test-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const TICK = 100; // clock ticks a second (Linux USER_HZ)

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
const usage = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[11]) + Number(fields[12])) / TICK;
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return { cpu, rssMb: rssKb / 1024 };
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-agent-'));
const t = await createTestApp({
  broker: true,
  clock: { now: () => new Date(), advance: () => undefined },
  env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
await t.database.db.execute(sql`
  insert into terminals (sn, name, owner_id, status, secret_hash, platform)
  values ('BENCHAG01', 'agent', ${admin.userId}::uuid, 'registered', ${sha256('x')}, 'linux'),
         ('BENCHSIM00001', 'sim', ${admin.userId}::uuid, 'registered', ${sha256('x')}, 'android')`);
const key = (
  await t.app.inject({
    method: 'POST',
    url: '/device/v1/device/terminal/rotateEnrollmentKey',
    headers: { satoken: admin.token },
  })
).json().result.enrollmentKey as string;

const agent = await startAgentProcess({
  server,
  sn: 'BENCHAG01',
  key,
  config: { heartbeatSec: 30, gpsd: null },
});
const sim: ChildProcess = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, '../../apps/pos-sim/src/main.ts'),
    '--count',
    '1',
    '--server',
    server,
    '--prefix',
    'BENCHSIM',
    '--key',
    key,
    '--ramp',
    '0',
    '--fault-rate',
    '0',
    '--reboot-rate',
    '0',
  ],
  { stdio: 'ignore' },
);

// Both settle (enrol, hello, first heartbeat) before the idle time is measured.
await new Promise((r) => setTimeout(r, 20_000));
const pids = { agent: agent.pid() as number, sim: sim.pid as number };
const before = { agent: usage(pids.agent), sim: usage(pids.sim) };
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const after = { agent: usage(pids.agent), sim: usage(pids.sim) };
const line = (name: 'agent' | 'sim') => {
  const cpuPct = ((after[name].cpu - before[name].cpu) / SECONDS) * 100;
  return `${name === 'agent' ? 'cpm-agent  ' : 'pos-sim (1)'}: ${cpuPct.toFixed(2)} % of one core, RSS ${after[name].rssMb.toFixed(0)} MiB`;
};
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`idle over ${SECONDS} s (load ${load})\n${line('agent')}\n${line('sim')}`);
sim.kill('SIGTERM');
await agent.close();
await t.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
