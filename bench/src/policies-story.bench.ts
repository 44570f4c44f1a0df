// The configuration-policy story on BENCH_TERMINALS (200) pos-sim terminals over the server's own
// broker, each step timed against the heartbeat (BENCH_HEARTBEAT_SEC, 10 s): a platform policy
// locks Bluetooth off and an enterprise policy sets a kiosk app and a screen timeout; all verified
// within two heartbeats; the enterprise's override of Bluetooth is refused in both languages; one
// terminal turns Bluetooth on and shows drift within one heartbeat, the counts read N-1 verified and
// 1 drift like SQL; converge brings it back; a field the terminal refuses shows failed, not verified.
// `npm run bench:policies-story -w @cpm/bench` (PGlite; BENCH_DATABASE_URL=postgres://... for PostgreSQL).
import { loadavg } from 'node:os';
import { policiesEndpoints as e, terminalEndpoints } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { insertGroups, insertTerminals } from '../../apps/server/src/modules/tasks/task-fixtures';
import { createAccount } from '../../apps/server/src/test-support/accounts';
import { clientOf } from '../../apps/server/src/test-support/api-client';
import { onlineCount, startSimApp, startSimFleet } from '../../apps/server/src/test-support/sim-app';
import { ADMIN_PASSWORD, loginAs } from '../../apps/server/src/test-support/test-app';
import { waitFor } from '../../apps/server/src/test-support/wait';

const COUNT = Number(process.env.BENCH_TERMINALS ?? 200);
const HEARTBEAT_SEC = Number(process.env.BENCH_HEARTBEAT_SEC ?? 10);
const PREFIX = 'STORY';
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const results: { step: string; seconds: number | null; limit: string; pass: boolean }[] = [];
const step = (name: string, started: number | null, limitSec: number | null, pass: boolean) => {
  const seconds = started === null ? null : (performance.now() - started) / 1000;
  const inTime = limitSec === null || (seconds !== null && seconds <= limitSec);
  results.push({
    step: name,
    seconds,
    limit: limitSec === null ? '' : `${limitSec} s`,
    pass: pass && inTime,
  });
  console.log(
    `${pass && inTime ? 'PASS' : 'FAIL'}  ${name}${seconds === null ? '' : ` (${seconds.toFixed(1)} s)`}`,
  );
};

const sim = await startSimApp('policies-story');
const t = sim.t;
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
/** A policy's rows by state, straight from the table. */
const sqlCounts = async (policyId: string) =>
  Object.fromEntries(
    (
      await rows<{ state: string; n: number }>(
        sql`select state, count(*)::int as n from terminal_policy_fields where policy_id = ${policyId} group by state`,
      )
    ).map((r) => [r.state, r.n]),
  );

let fleet: ReturnType<typeof startSimFleet> | undefined;
try {
  const root = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  const admin = clientOf(t, root.token);
  const account = await createAccount(t, { username: 'story_ent', superiorId: root.userId });
  const ent = clientOf(t, account.token);
  const groupId = (await insertGroups(t.database.db, account.id, 'STORY')).group.id;
  await insertTerminals(t.database.db, { prefix: `${PREFIX}0`, count: COUNT, ownerId: account.id, groupId });
  const key = (await ent.call(terminalEndpoints.enrollmentKey, {})).body.result.enrollmentKey;
  const startedFleet = performance.now();
  fleet = startSimFleet(sim, {
    count: COUNT,
    prefix: PREFIX,
    enrollmentKey: key,
    heartbeatSec: HEARTBEAT_SEC,
  });
  await waitFor(async () => (await onlineCount(t, PREFIX)) === COUNT, 'the fleet online', {
    ms: 300_000,
    everyMs: 500,
  });
  console.log(`${COUNT} terminals online in ${((performance.now() - startedFleet) / 1000).toFixed(1)} s`);

  /** A policy's counts by state (every severity together), as the console reads them. */
  const byState = async (policyId: string) => {
    const out: Record<string, number> = {};
    for (const c of (await admin.call(e.compliance, { policyId })).body.result.counts)
      out[c.state] = (out[c.state] ?? 0) + c.count;
    return out;
  };
  const until = async (what: string, check: () => Promise<boolean>, ms: number) =>
    waitFor(async () => (await check()) || null, what, { ms, everyMs: 200 })
      .then(() => true)
      .catch(() => false);

  // 1. Both policies, assigned; every terminal verified within two heartbeats.
  const platform = await admin.call(e.save, {
    name: 'Platform baseline',
    fields: { bluetooth: { value: false, severity: 'major', locked: true } },
    reason: 'Bluetooth stays off on every till',
  });
  const platformId = platform.body.result.id;
  const enterprise = await ent.call(e.save, {
    name: 'Store tills',
    fields: {
      kioskApp: { value: 'com.example.cashier', severity: 'critical', locked: false },
      screenTimeoutSec: { value: 120, severity: 'minor', locked: false },
    },
    reason: 'Cashier kiosk for the stores',
  });
  const enterpriseId = enterprise.body.result.id;
  let started = performance.now();
  await admin.call(e.assign, { id: platformId, targets: [{ kind: 'account', id: root.userId }] });
  await ent.call(e.assign, { id: enterpriseId, targets: [{ kind: 'account', id: account.id }] });
  const allVerified = await until(
    'all verified',
    async () =>
      (await byState(platformId)).verified === COUNT && (await byState(enterpriseId)).verified === 2 * COUNT,
    4 * HEARTBEAT_SEC * 1000 + 60_000,
  );
  step(
    `all ${COUNT} verified (3 fields each) within two heartbeats`,
    started,
    2 * HEARTBEAT_SEC,
    allVerified,
  );

  // 2. The enterprise overrides the locked field: refused, in both languages, nothing changed.
  const refused = await ent.send(e.save, {
    id: enterpriseId,
    name: 'Store tills',
    fields: {
      ...(await ent.call(e.get, { id: enterpriseId })).body.result.fields,
      bluetooth: { value: true, severity: 'major', locked: false },
    },
    reason: 'Scanners need it',
  });
  const lock = (refused.body.result as { errors?: { message: string; messageEn: string }[] })?.errors?.[0];
  step(
    'enterprise override of Bluetooth refused (zh and en)',
    null,
    null,
    refused.status === 409 &&
      lock?.message === '「蓝牙」已被策略「Platform baseline」锁定（设置者：admin），不能覆盖' &&
      lock.messageEn ===
        'Bluetooth is locked by policy "Platform baseline" (set by admin) and cannot be overridden' &&
      (await ent.call(e.get, { id: enterpriseId })).body.result.version === 1,
  );

  // 3. Drift at one till, within one heartbeat; counts N-1 + 1 equal to SQL.
  started = performance.now();
  await fleet.policies[0].setAtTill('bluetooth', true);
  const drifted = await until(
    'drift',
    async () => (await byState(platformId)).drift === 1,
    HEARTBEAT_SEC * 1000 + 30_000,
  );
  const driftSec = (performance.now() - started) / 1000;
  const [row] = (await admin.call(e.fields, { policyId: platformId, state: 'drift', current: 1, size: 10 }))
    .body.result.records;
  const counts = await byState(platformId);
  const fromSql = await sqlCounts(platformId);
  step(
    'drift shown (expected off, actual on, major) within one heartbeat',
    started,
    HEARTBEAT_SEC,
    drifted && row?.desired === false && row.actual === true && row.severity === 'major',
  );
  step(
    `counts ${COUNT - 1} verified + 1 drift, equal to SQL`,
    null,
    null,
    counts.verified === COUNT - 1 && counts.drift === 1 && JSON.stringify(counts) === JSON.stringify(fromSql),
  );
  console.log(
    `      drift after ${driftSec.toFixed(2)} s; API ${JSON.stringify(counts)}, SQL ${JSON.stringify(fromSql)}`,
  );

  // 4. Converge.
  started = performance.now();
  await admin.call(e.converge, { policyId: platformId, allOrNothing: false });
  const converged = await until(
    'converged',
    async () => (await byState(platformId)).verified === COUNT,
    60_000,
  );
  step(
    'converge returns it to verified',
    started,
    HEARTBEAT_SEC,
    converged && fleet.policies[0].value('bluetooth') === false,
  );

  // 5. A field one terminal refuses: failed with its reason, never verified.
  fleet.policies[COUNT - 1].refuseField('brightness', 'PERMISSION_DENIED');
  started = performance.now();
  const v2 = await ent.call(e.save, {
    id: enterpriseId,
    name: 'Store tills',
    fields: {
      ...(await ent.call(e.get, { id: enterpriseId })).body.result.fields,
      brightness: { value: 70, severity: 'minor', locked: false },
    },
    reason: 'Dimmer screens',
  });
  const answered = await until(
    'brightness answered',
    async () => {
      const s = await byState(enterpriseId);
      return s.verified === 3 * COUNT - 1 && s.failed === 1;
    },
    4 * HEARTBEAT_SEC * 1000 + 60_000,
  );
  const [failed] = (
    await admin.call(e.fields, { policyId: enterpriseId, state: 'failed', current: 1, size: 10 })
  ).body.result.records;
  step(
    'a refused field shows failed with its reason, never verified',
    started,
    2 * HEARTBEAT_SEC,
    v2.body.code === 1 && answered && failed?.field === 'brightness' && failed.reason === 'PERMISSION_DENIED',
  );
} finally {
  await fleet?.stop(false);
  await sim.close();
}

const [l1, l5] = loadavg();
console.log('');
console.log(`database        ${t.database.kind}`);
console.log(
  `terminals       ${COUNT}, heartbeat ${HEARTBEAT_SEC} s, load ${l1.toFixed(1)} / ${l5.toFixed(1)} (1 / 5 min)`,
);
for (const r of results)
  console.log(
    `${r.pass ? 'PASS' : 'FAIL'}  ${r.seconds === null ? '       ' : `${r.seconds.toFixed(1).padStart(5)} s`}  ${r.limit.padEnd(6)}  ${r.step}`,
  );
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
