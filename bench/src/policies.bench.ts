// Configuration policies at scale: a policy of 10 fields assigned to BENCH_TERMINALS (100,000)
// terminals by the real set-based recompute (one statement: the merge down both trees, variables,
// upsert and clean-up), against a bare `INSERT ... SELECT` of the same 1,000,000 rows into the same
// table; then the compliance counts of that policy (by state and severity) against a bare indexed
// `count(*)` of its rows, over the 1,000,000 rows. Rounds alternate; each answer is the median.
// `BENCH_DATABASE_URL=postgres://... npm run bench:policies -w @cpm/bench` (PGlite without it).
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createPoliciesRepository } from '../../apps/server/src/modules/policies/policies.repository';
import { createPolicyFieldsRepository } from '../../apps/server/src/modules/policies/policy-fields.repository';
import { insertTerminals } from '../../apps/server/src/modules/tasks/task-fixtures';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COUNT_RUNS = Number(process.env.BENCH_COUNT_RUNS ?? 30);

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
});
const built = await buildApp({ config, database, broker: false, jobs: { run: false } });
await built.app.ready();

const [{ id: adminId }] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
const t0 = performance.now();
await insertTerminals(db, { prefix: 'POL', count: TERMINALS, ownerId: adminId });
await db.execute(sql`analyze terminals`);
console.log(`seeded ${TERMINALS} terminals in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const policies = createPoliciesRepository(db);
const fields = createPolicyFieldsRepository(db);
const now = new Date();
const FIELDS = {
  kioskApp: { value: 'com.example.cashier', severity: 'critical', locked: false },
  allowedApps: { value: ['com.example.cashier', 'com.example.loyalty'], severity: 'major', locked: false },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a policy variable the server replaces per terminal
  appConfig: { value: { 'com.example.cashier': { till: '${sn}' } }, severity: 'major', locked: false },
  screenTimeoutSec: { value: 120, severity: 'minor', locked: false },
  brightness: { value: 80, severity: 'minor', locked: false },
  volume: { value: 50, severity: 'log', locked: false },
  timeZone: { value: 'Asia/Shanghai', severity: 'minor', locked: false },
  bluetooth: { value: false, severity: 'major', locked: true },
  usbDebugging: { value: false, severity: 'critical', locked: true },
  locationReporting: { value: true, severity: 'minor', locked: false },
};
const policy = await policies.saveVersion(
  null,
  {
    name: 'Bench',
    fields: FIELDS,
    version: 1,
    ownerId: adminId,
    updatedByName: 'admin',
    createdAt: now,
    updatedAt: now,
  },
  { version: 1, name: 'Bench', fields: FIELDS, reason: 'bench', changedByName: 'admin', changedAt: now },
);
await policies.addAssignments(policy.id, [{ kind: 'account', id: adminId }], adminId, now);
const targets = [{ kind: 'account' as const, id: adminId }];
const ROWS = TERMINALS * Object.keys(FIELDS).length;

const clear = () => db.execute(sql`truncate terminal_policy_fields`);
const total = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from terminal_policy_fields`))[0].n;

/** The subject: the recompute the apply job runs for an assignment. */
const assign = async () => {
  await clear();
  const started = performance.now();
  await fields.recompute(targets, await fields.nextRevision(), new Date());
  const ms = performance.now() - started;
  if ((await total()) !== ROWS) throw new Error(`recompute wrote ${await total()} rows`);
  return ms;
};

/** The baseline: the same rows (variables left as they are) in one bare statement. */
const bare = async () => {
  await clear();
  const started = performance.now();
  await db.execute(sql`insert into terminal_policy_fields
      (terminal_id, field, policy_id, owner_id, group_id, desired, state, severity, since, revision)
    select t.id, f.key, ${policy.id}::uuid, t.owner_id, t.group_id, f.value->'value', 'pending',
      f.value->>'severity', now(), 1
    from terminals t cross join jsonb_each(${JSON.stringify(FIELDS)}::jsonb) f
    where t.owner_id = ${adminId}`);
  const ms = performance.now() - started;
  if ((await total()) !== ROWS) throw new Error('bare insert wrote the wrong count');
  return ms;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const assignTimes: number[] = [];
const bareTimes: number[] = [];
await bare();
await assign();
for (let r = 1; r <= ROUNDS; r++) {
  bareTimes.push(await bare());
  assignTimes.push(await assign());
  console.log(
    `round ${r}: bare ${bareTimes.at(-1)?.toFixed(0)} ms, assign ${assignTimes.at(-1)?.toFixed(0)} ms`,
  );
}

// Counts over the rows the last assignment wrote, with a spread of states as a live fleet has.
await db.execute(sql`update terminal_policy_fields set state = case
    when hashtext(terminal_id::text || field) % 50 = 0 then 'drift'
    when hashtext(terminal_id::text || field) % 70 = 0 then 'failed'
    else 'verified' end`);
await db.execute(sql`vacuum analyze terminal_policy_fields`);
const countTimes: number[] = [];
const bareCountTimes: number[] = [];
let fromCounts = 0;
for (let r = 0; r < COUNT_RUNS; r++) {
  let started = performance.now();
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from terminal_policy_fields where policy_id = ${policy.id}`,
  );
  bareCountTimes.push(performance.now() - started);
  started = performance.now();
  const counts = await fields.counts(policy.id);
  countTimes.push(performance.now() - started);
  fromCounts = counts.reduce((s, c) => s + c.count, 0);
  if (fromCounts !== n) throw new Error(`counts sum ${fromCounts}, rows ${n}`);
}

const a = median(assignTimes);
const b = median(bareTimes);
const c = median(countTimes);
const bc = median(bareCountTimes);
console.log(`database             ${database.kind}`);
console.log(`terminals            ${TERMINALS}, rows ${ROWS}, ${ROUNDS} rounds, ${COUNT_RUNS} count runs`);
console.log(`bare INSERT SELECT   ${(b / 1000).toFixed(2)} s (median)`);
console.log(`assign (recompute)   ${(a / 1000).toFixed(2)} s (median)`);
console.log(`ratio                ${(a / b).toFixed(2)} (target <= 2x)`);
console.log(`bare indexed count   ${bc.toFixed(1)} ms (median)`);
console.log(`compliance counts    ${c.toFixed(1)} ms (median), ${fromCounts} rows counted`);
console.log(`ratio                ${(c / bc).toFixed(2)} (target <= 1.5x)`);
await built.app.close();
await database.close();
