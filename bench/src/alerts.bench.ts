// Alerts at scale: BENCH_TERMINALS (100,000) terminals go offline together; an offline rule (30
// minutes, grouping from 10) is evaluated by the real `alerts.evaluate` job with its notices once
// the threshold passed. Subject: from the threshold to every alert and the one incident stored
// (target <= 60 s). Baseline in the same run: a bare INSERT ... SELECT of as many rows into a copy
// of the alerts table. Meanwhile the console's alert page, summary and terminal list are called in a
// loop, their p95 against the same calls before the storm (target < 300 ms).
// `BENCH_DATABASE_URL=postgres://... npm run bench:alerts -w @cpm/bench` (PGlite without it).
import { loadavg } from 'node:os';
import { alertsEndpoints, devicesEndpoints } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { EVALUATE_JOB } from '../../apps/server/src/modules/alerts/alerts.module';
import { insertTerminals } from '../../apps/server/src/modules/tasks/task-fixtures';
import { createTestClock, loginAs, openTestDatabase } from '../../apps/server/src/test-support/test-app';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 100_000);
const MIN = 60_000;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const db = database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const password = 'Bench#Pass1';
const config = loadConfig({
  LOG_LEVEL: 'silent',
  CAPTCHA: 'off',
  MQTT_PORT: '0',
  ADMIN_PASSWORD: password,
  WEB_DIST: '/none',
});
const clock = createTestClock(new Date('2026-06-01T02:00:00Z'));
const built = await buildApp({ config, database, clock, broker: false, jobs: { run: false } });
await built.app.ready();
const { app, jobs } = built;

const [{ id: adminId }] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
let started = performance.now();
await insertTerminals(db, { prefix: 'ALB', count: TERMINALS, ownerId: adminId, online: true });
await db.execute(sql`analyze terminals`);
console.log(`seeded ${TERMINALS} terminals in ${((performance.now() - started) / 1000).toFixed(1)} s`);

let token = (await loginAs(app, 'admin', password)).token;
const call = async (path: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
  const res = await app.inject({ method, url: path, headers: { satoken: token }, payload });
  const body = res.json() as { code: number; result: unknown };
  if (body.code !== 1) throw new Error(`${path}: ${res.body.slice(0, 200)}`);
  return body.result;
};
await call(alertsEndpoints.ruleSave.path, 'POST', {
  name: 'Offline over 30 minutes',
  condition: 'offline',
  params: { minutes: 30 },
  severity: 'high',
  channels: ['inApp'],
  groupAt: 10,
});

/** The console's calls during the storm, timed one after another until `stop` says so. */
const CONSOLE = [
  `${alertsEndpoints.page.path}?current=1&size=20&state=open`,
  alertsEndpoints.summary.path,
  `${alertsEndpoints.incidentPage.path}?current=1&size=20`,
  `${devicesEndpoints.terminalPage.path}?current=1&size=14`,
];
const timeConsole = async (stop: () => boolean, min = 40) => {
  const times: number[] = [];
  for (let i = 0; times.length < min || !stop(); i++) {
    const t0 = performance.now();
    await call(CONSOLE[i % CONSOLE.length]);
    times.push(performance.now() - t0);
  }
  return times;
};
const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

const idle = await timeConsole(() => true, 80);

// The baseline: as many rows written by one bare statement into a copy of the table.
await db.execute(sql`create table bench_alerts (like alerts including defaults)`);
started = performance.now();
await db.execute(sql`insert into bench_alerts (owner_id, rule_id, rule_name, condition, kind, severity, state,
    subject_key, terminal_id, detail, count, first_at, last_at)
  select owner_id, gen_random_uuid(), 'bare', 'offline', 'condition', 'high', 'open', 'terminal:' || id::text, id,
    '', 1, now(), now() from terminals`);
const bareMs = performance.now() - started;
await db.execute(sql`drop table bench_alerts`);

// Everything goes offline at once at T; the threshold passes at T + 30 min.
await db.execute(
  sql`update terminals set online = false, online_changed_at = ${clock.now()}, last_seen_at = ${clock.now()}`,
);
clock.advance(30 * MIN);
token = (await loginAs(app, 'admin', password)).token;
let done = false;
const during = timeConsole(() => done, 20);
started = performance.now();
await jobs.enqueueJob({ kind: EVALUATE_JOB });
for (let round = 0; round < 100; round++) {
  await jobs.runDue();
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from jobs where status = 'queued' and run_at <= ${clock.now()}`,
  );
  if (!n) break;
}
const subjectMs = performance.now() - started;
done = true;
const busy = await during;
const [{ alerts, incidents, members }] = await rows<{ alerts: number; incidents: number; members: number }>(
  sql`select (select count(*)::int from alerts where state = 'open') as alerts,
    (select count(*)::int from alert_incidents) as incidents,
    (select count(*)::int from alerts where incident_id is not null) as members`,
);
if (alerts !== TERMINALS || incidents !== 1) throw new Error(`${alerts} alerts, ${incidents} incidents`);

const f = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `database             ${database.kind}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`terminals            ${TERMINALS}: ${alerts} alerts, ${incidents} incident of ${members}`);
console.log(`bare INSERT SELECT   ${f(bareMs)}`);
console.log(
  `threshold to stored  ${f(subjectMs)} (target <= 60 s), ratio ${(subjectMs / bareMs).toFixed(1)}x`,
);
console.log(`console p95 idle     ${p(idle, 0.95).toFixed(0)} ms (${idle.length} calls)`);
console.log(`console p95 storm    ${p(busy, 0.95).toFixed(0)} ms (${busy.length} calls, target < 300 ms)`);
await app.close();
await database.close();
