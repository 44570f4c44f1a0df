// Task fan-out: a task aimed at BENCH_TERMINALS (100,000) terminals, written by the real fan-out job
// (keyset batches, each committed with its checkpoint, ON CONFLICT DO NOTHING) with the online half
// nudged on down/task, against a bare `INSERT ... SELECT` of the same rows into the same table in the
// same run. Rounds alternate; each answer is the median.
// `BENCH_DATABASE_URL=postgres://... npm run bench:fanout -w @cpm/bench` (PGlite without it);
// `BENCH_MQTT_URL=mqtt://...` publishes the nudges to an external broker instead of the embedded one.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { insertTerminals } from '../../apps/server/src/modules/tasks/task-fixtures';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = Number(process.env.BENCH_BATCH ?? 5000);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const db = database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const config = loadConfig({
  LOG_LEVEL: 'silent',
  CAPTCHA: 'off',
  MQTT_PORT: '0',
  ADMIN_PASSWORD: 'Bench#Pass1',
  WEB_DIST: '/none',
  ...(process.env.BENCH_MQTT_URL ? { MQTT_URL: process.env.BENCH_MQTT_URL } : {}),
});
const built = await buildApp({
  config,
  database,
  jobs: { run: false },
  tasks: { monitorMs: false, batchSize: BATCH, nudgePerSecond: 1_000_000 },
});
await built.app.ready();

const [{ id: adminId }] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
const t0 = performance.now();
await insertTerminals(db, { prefix: 'FAN', count: TERMINALS, ownerId: adminId, online: 'half' });
await db.execute(sql`analyze terminals`);
console.log(`seeded ${TERMINALS} terminals in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const login = await built.app.inject({
  method: 'POST',
  url: '/oauth/v1/oauth/login/cpmDoLogin',
  payload: { username: 'admin', password: 'Bench#Pass1', captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
});
const token = login.json().result.tokenValue as string;
const expireAt = new Date(Date.now() + 86_400_000).toISOString();

/** The subject: create the task through the API, run the fan-out job, wait for the last nudge out. */
const fanOut = async (round: number) => {
  const started = performance.now();
  const res = await built.app.inject({
    method: 'POST',
    url: '/task/v1/task/remoteTask/create',
    headers: { satoken: token },
    payload: {
      name: `Fan-out ${round}`,
      platform: 'android',
      type: 'reboot',
      targets: { ownerIds: [adminId] },
      timing: { expireAt },
    },
  });
  const task = res.json().result as { id: string };
  if (!task?.id) throw new Error(res.body);
  await built.jobs.runDue();
  await built.tasks.nudgesIdle();
  const ms = performance.now() - started;
  const [{ n, status }] = await rows<{ n: number; status: string }>(
    sql`select (select count(*)::int from task_deliveries where task_id = ${task.id}) as n,
      (select status from tasks where id = ${task.id}) as status`,
  );
  if (n !== TERMINALS || status !== 'normal') throw new Error(`fan-out wrote ${n} (${status})`);
  await db.execute(sql`delete from tasks where id = ${task.id}`);
  return ms;
};

/** The baseline: the same rows in one bare statement, into a run of a task made by hand. */
const bare = async () => {
  const [{ task }] = await rows<{
    task: string;
  }>(sql`insert into tasks (name, type, platform, params, targets,
      schedule, start_at, expire_at, status, owner_id, created_by)
    values ('bare', 'reboot', 'android', '{}', '{}', '{"kind":"once"}', now(), ${expireAt}, 'normal', ${adminId}, ${adminId})
    returning id::text as task`);
  const [{ run }] = await rows<{ run: string }>(
    sql`insert into task_runs (task_id, seq, starts_at, ends_at) values (${task}, 1, now(), ${expireAt}) returning id::text as run`,
  );
  const started = performance.now();
  await db.execute(sql`insert into task_deliveries (run_id, task_id, terminal_id, wave)
    select ${run}::uuid, ${task}::uuid, t.id, 1 from terminals t
    where t.owner_id = ${adminId} and t.platform = 'android' and t.status <> 'loggedOff'`);
  const ms = performance.now() - started;
  await db.execute(sql`delete from tasks where id = ${task}`);
  return ms;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const subjectTimes: number[] = [];
const bareTimes: number[] = [];
// A warm-up round of each, not counted.
await bare();
await fanOut(0);
for (let r = 1; r <= ROUNDS; r++) {
  bareTimes.push(await bare());
  subjectTimes.push(await fanOut(r));
  console.log(
    `round ${r}: bare ${bareTimes.at(-1)?.toFixed(0)} ms, fan-out ${subjectTimes.at(-1)?.toFixed(0)} ms`,
  );
}
const s = median(subjectTimes);
const b = median(bareTimes);
const nudges = built.tasks.nudgeStats();
console.log(
  `database            ${database.kind}, broker ${process.env.BENCH_MQTT_URL ? 'external' : 'embedded'}`,
);
console.log(`terminals           ${TERMINALS} (half online), batch ${BATCH}, ${ROUNDS} rounds`);
console.log(`bare INSERT SELECT  ${(b / 1000).toFixed(2)} s (median)`);
console.log(`fan-out + nudges    ${(s / 1000).toFixed(2)} s (median), ${nudges.sent} nudges sent in all`);
console.log(`ratio               ${(s / b).toFixed(2)} (targets: <= 2x and < 30 s on PostgreSQL)`);
await built.app.close();
await database.close();
