// Remote tasks at the terminal end: BENCH_TERMINALS (10,000) simulated terminals, each running the
// simulator's task agent (apps/pos-sim/src/tasks.ts) over the HTTP fallback, receive a file task:
// heartbeat -> `pending` -> pull -> download with sha256 check -> report executed and success. The
// time runs from the task's creation to the last result stored. The baseline runs the same agents
// with the same requests against a bare Fastify server answering canned replies and the same file
// from memory, so the ratio is what the real server adds. Target: all results in under 60 s.
// `BENCH_DATABASE_URL=postgres://... npm run bench:task-sim -w @cpm/bench` (PGlite without it).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { TaskStats } from '../../apps/pos-sim/src/tasks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { makeZip, sysFileForm } from '../../apps/server/src/modules/sysfiles/testing';
import { insertTerminals } from '../../apps/server/src/modules/tasks/task-fixtures';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const FILE_KB = Number(process.env.BENCH_FILE_KB ?? 16);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const db = database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-tasks-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  CAPTCHA: 'off',
  MQTT_PORT: '0',
  ADMIN_PASSWORD: 'Bench#Pass1',
  WEB_DIST: '/none',
  DATA_DIR: dataDir,
});
const built = await buildApp({
  config,
  database,
  broker: false,
  jobs: { pollMs: 50 },
  tasks: { monitorMs: 1000 },
});
await built.app.listen({ port: 0, host: '127.0.0.1' });
const server = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

const [{ id: adminId }] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
await insertTerminals(db, { prefix: 'SIM', count: TERMINALS, ownerId: adminId, online: true });
const login = await built.app.inject({
  method: 'POST',
  url: '/oauth/v1/oauth/login/cpmDoLogin',
  payload: { username: 'admin', password: 'Bench#Pass1', captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
});
const token = login.json().result.tokenValue as string;
const zip = makeZip([{ name: 'prices.json', data: randomBytes(FILE_KB * 1024) }]);
const form = sysFileForm({ version: '1.0', type: '2' }, 'prices.zip', zip);
const uploaded = await built.app.inject({
  method: 'POST',
  url: '/file/v1/file/sysFile/upload',
  headers: { satoken: token, ...form.headers },
  payload: form.payload,
});
const file = uploaded.json().result as { id: string; sha256: string };

/** Runs the terminals in their own process, so they do not share the server's thread. */
const runTerminals = (base: string) =>
  new Promise<TaskStats>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'task-sim.terminals.ts')], {
      env: {
        ...process.env,
        SIM_BASE: base,
        SIM_SNS: JSON.stringify({ prefix: 'SIM', count: TERMINALS }),
        SIM_CONCURRENCY: String(CONCURRENCY),
        SIM_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as TaskStats) : reject(new Error(`terminals exited ${code}`)),
    );
  });

// The baseline server: canned answers, the same file from memory with the same headers.
const sha = createHash('sha256').update(zip).digest('hex');
const bare = Fastify({ logger: false });
let bareDelivery = 0;
bare.post('/device/v1/agent/heartbeat', async () => ({
  code: 1,
  result: { heartbeatIntervalSec: 30, pending: 1, serverTime: Date.now() },
}));
bare.get('/device/v1/agent/tasks', async () => ({
  code: 1,
  result: {
    serverTime: Date.now(),
    tasks: [
      {
        deliveryId: String(++bareDelivery),
        taskId: file.id,
        attempt: 1,
        type: 'file_push',
        params: { fileId: file.id, path: '/sdcard/Download' },
        file: {
          name: 'prices.zip',
          sha256: sha,
          size: zip.length,
          url: `/device/v1/agent/sysFile/download?sha256=${sha}`,
        },
        conditions: { idle: false, settled: false, charging: false },
        notAfter: Date.now() + 3_600_000,
      },
    ],
  },
}));
bare.get('/device/v1/agent/sysFile/download', async (_req, reply) =>
  reply.header('etag', `"${sha}"`).header('content-type', 'application/zip').send(zip),
);
bare.post('/device/v1/agent/tasks/report', async (req) => ({
  code: 1,
  result: {
    results: (req.body as { results: { deliveryId: string; state: string }[] }).results.map((r) => ({
      deliveryId: r.deliveryId,
      accepted: true,
      state: r.state,
    })),
  },
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

let started = performance.now();
const bareStats = await runTerminals(bareBase);
const baselineMs = performance.now() - started;
console.log(`baseline done: ${bareStats.success} successes in ${(baselineMs / 1000).toFixed(1)} s`);

started = performance.now();
const created = await fetch(`${server}/task/v1/task/remoteTask/create`, {
  method: 'POST',
  headers: { satoken: token, 'content-type': 'application/json' },
  body: JSON.stringify({
    name: 'Price list',
    platform: 'android',
    type: 'file_push',
    params: { fileId: file.id, path: '/sdcard/Download' },
    targets: { ownerIds: [adminId] },
    timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
  }),
}).then((r) => r.json() as Promise<{ code: number; result: { id: string } }>);
if (created.code !== 1) throw new Error(JSON.stringify(created));
const stats = await runTerminals(server);
const taskId = created.result.id;
for (;;) {
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from task_deliveries where task_id = ${taskId} and state = 'success'`,
  );
  if (n === TERMINALS) break;
  await new Promise((r) => setTimeout(r, 50));
}
const subjectMs = performance.now() - started;

console.log(`database            ${database.kind}`);
console.log(`terminals           ${TERMINALS}, ${CONCURRENCY} at a time, file ${zip.length} bytes`);
console.log(`bare server         ${(baselineMs / 1000).toFixed(1)} s (${bareStats.downloads} downloads)`);
console.log(
  `real server         ${(subjectMs / 1000).toFixed(1)} s from creation to ${TERMINALS} results stored (${stats.downloads} downloads, ${stats.pulls} pulls, ${stats.errors} errors)`,
);
console.log(`ratio               ${(subjectMs / baselineMs).toFixed(2)} (target: all results in under 60 s)`);
await bare.close();
await built.app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
