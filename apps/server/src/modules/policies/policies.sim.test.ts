import {
  policiesEndpoints as e,
  exportsEndpoints,
  type FieldError,
  FleetEventSchema,
  type PolicyFields,
  userTopic,
} from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { startFleet } from '../../../../pos-sim/src/fleet';
import { createAccount } from '../../test-support/accounts';
import { clientOf, exportTableOf, refusalOf } from '../../test-support/api-client';
import { rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { onlineCount, startSimApp, startSimFleet } from '../../test-support/sim-app';
import { ADMIN_PASSWORD, loginAs, type TestApp } from '../../test-support/test-app';
import { waitFor } from '../../test-support/wait';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';

const COUNT = 20;
const PREFIX = 'POLS';

/** Rows of a policy by state, counted straight from the table. */
const sqlCounts = async (t: TestApp, policyId: string) =>
  Object.fromEntries(
    (
      (await t.database.db.execute(
        sql`select state, count(*)::int as n from terminal_policy_fields where policy_id = ${policyId} group by state`,
      )) as unknown as { rows: { state: string; n: number }[] }
    ).rows.map((r) => [r.state, r.n]),
  );

// The story of desired state on real pos-sim terminals over the embedded broker: a locked platform
// field, an enterprise policy below it, drift at the till, converge, and a refused field.
describe('configuration policies on pos-sim terminals', { timeout: 120_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let t: TestApp;
  let fleet: ReturnType<typeof startFleet>;
  let admin: ReturnType<typeof clientOf>;
  let ent: ReturnType<typeof clientOf>;
  let entId: string;
  let entToken: string;
  let platformId: string;
  let enterpriseId: string;

  /** The summary's counts of one policy, by state (every severity together). */
  const byState = async (policyId: string) => {
    const res = await admin.call(e.compliance, { policyId });
    const out: Record<string, number> = {};
    for (const c of res.body.result.counts) out[c.state] = (out[c.state] ?? 0) + c.count;
    return { ...res.body.result, byState: out };
  };

  beforeAll(async () => {
    sim = await startSimApp('policies');
    t = sim.t;
    const root = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    admin = clientOf(t, root.token);
    const account = await createAccount(t, { username: 'pol_ent', superiorId: root.userId });
    entId = account.id;
    entToken = account.token;
    ent = clientOf(t, account.token);
    const groupId = (await insertGroups(t.database.db, account.id, 'POL')).group.id;
    await insertTerminals(t.database.db, {
      prefix: `${PREFIX}0`,
      count: COUNT,
      ownerId: account.id,
      groupId,
    });
    const key = await rotateEnrollmentKey(t, account.token);
    fleet = startSimFleet(sim, { count: COUNT, prefix: PREFIX, enrollmentKey: key, heartbeatSec: 1 });
    // The last terminal refuses the screen timeout: it must show failed with its reason, never verified.
    fleet.policies[COUNT - 1].refuseField('screenTimeoutSec', 'PERMISSION_DENIED');
    await waitFor(async () => (await onlineCount(t, PREFIX)) === COUNT, 'the fleet online', { ms: 60_000 });

    const platform = await admin.call(e.save, {
      name: 'Platform baseline',
      fields: { bluetooth: { value: false, severity: 'major', locked: true } },
      reason: 'Bluetooth stays off on every till',
    });
    expect(platform.body.code, JSON.stringify(platform.body)).toBe(1);
    platformId = platform.body.result.id;
    expect(
      (await admin.call(e.assign, { id: platformId, targets: [{ kind: 'account', id: root.userId }] })).body
        .code,
    ).toBe(1);

    const enterprise = await ent.call(e.save, {
      name: 'Store tills',
      fields: {
        kioskApp: { value: 'com.example.cashier', severity: 'critical', locked: false },
        screenTimeoutSec: { value: 120, severity: 'minor', locked: false },
      },
      reason: 'Cashier kiosk for the stores',
    });
    expect(enterprise.body.code, JSON.stringify(enterprise.body)).toBe(1);
    enterpriseId = enterprise.body.result.id;
    expect(
      (await ent.call(e.assign, { id: enterpriseId, targets: [{ kind: 'account', id: entId }] })).body.code,
    ).toBe(1);
  });

  afterAll(async () => {
    await fleet?.stop(false);
    await sim?.close();
  });

  it('brings every terminal to verified; a refused field is failed with the reason, never verified', async () => {
    const platform = await waitFor(
      async () => {
        const s = await byState(platformId);
        return s.byState.verified === COUNT ? s : null;
      },
      'the locked field verified everywhere',
      { ms: 30_000 },
    );
    expect(platform.byState).toEqual({ verified: COUNT });
    // Unfiltered, as the compliance view first opens: every row, a page at a time.
    const all = await admin.call(e.fields, { policyId: platformId, current: 1, size: 5 });
    expect(all.body.result.total).toBe(COUNT);
    expect(all.body.result.records).toHaveLength(5);
    const enterprise = await waitFor(
      async () => {
        const s = await byState(enterpriseId);
        return s.byState.verified === 2 * COUNT - 1 && s.byState.failed === 1 ? s : null;
      },
      'the enterprise fields answered',
      { ms: 30_000 },
    );
    expect(enterprise.terminals).toBe(COUNT);
    expect(enterprise.compliantTerminals).toBe(COUNT - 1);
    expect(fleet.policies[0].value('bluetooth')).toBe(false);
    expect(fleet.policies[0].value('kioskApp')).toBe('com.example.cashier');

    const failed = await admin.call(e.fields, {
      policyId: enterpriseId,
      state: 'failed',
      current: 1,
      size: 10,
    });
    expect(failed.body.result.records).toMatchObject([
      {
        sn: fleet.terminals[COUNT - 1].sn,
        field: 'screenTimeoutSec',
        state: 'failed',
        reason: 'PERMISSION_DENIED',
      },
    ]);

    // The same rows as an Excel file, in the reader's language, through the export jobs' start.
    const started = await admin.call(exportsEndpoints.start, {
      list: 'policyCompliance',
      filter: { policyId: enterpriseId, state: 'failed' },
    });
    expect(started.body.result).toEqual({ mode: 'direct', total: 1 });
    const query = { policyId: enterpriseId, state: 'failed' as const };
    const zh = await exportTableOf(admin, e.export, query, 'zh-CN');
    expect(zh.rows).toMatchObject([
      { SN: fleet.terminals[COUNT - 1].sn, 字段: '屏幕超时', 状态: '失败', 原因: 'PERMISSION_DENIED' },
    ]);
    const en = await exportTableOf(admin, e.export, query, 'en');
    expect(en.headers).toEqual([
      'SN',
      'Field',
      'Expected',
      'Actual',
      'State',
      'Reason',
      'Severity',
      'From policy',
      'Since',
    ]);
    expect(en.rows).toMatchObject([{ Field: 'Screen timeout', State: 'Failed', Severity: 'Minor' }]);
  });

  it("refuses an enterprise override of the platform's locked field, naming the lock and who set it", async () => {
    const before = await ent.call(e.get, { id: enterpriseId });
    const fields: PolicyFields = {
      ...before.body.result.fields,
      bluetooth: { value: true, severity: 'major', locked: false },
    };
    const zh = await ent.send(e.save, {
      id: enterpriseId,
      name: 'Store tills',
      fields,
      reason: 'Scanners need it',
    });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toContain('锁定');
    const [lock] = refusalOf<{ errors: FieldError[] }>(zh).errors;
    expect(lock.field).toBe('body.fields.bluetooth');
    expect(lock.message).toBe('「蓝牙」已被策略「Platform baseline」锁定（设置者：admin），不能覆盖');
    expect(lock.messageEn).toBe(
      'Bluetooth is locked by policy "Platform baseline" (set by admin) and cannot be overridden',
    );
    const after = await ent.call(e.get, { id: enterpriseId });
    expect(after.body.result.version).toBe(before.body.result.version);
    expect(after.body.result.fields.bluetooth).toBeUndefined();
  });

  it('shows drift when Bluetooth is switched on at the till, counts 19 + 1 like SQL, and converge repairs it', async () => {
    // The enterprise's console tab listens to its fleet events, as the browser does.
    const console = await mqtt.connectAsync(`${sim.server.replace(/^http/, 'ws')}/mqtt`, {
      username: 'console',
      password: entToken,
      reconnectPeriod: 0,
    });
    onTestFinished(() => console.endAsync(true));
    const heard: { sn: string; kind: string }[] = [];
    console.on('message', (_topic, payload) =>
      heard.push(...FleetEventSchema.parse(JSON.parse(payload.toString())).changes),
    );
    await console.subscribeAsync(userTopic(entId, 'device'), { qos: 1 });

    const drifting = fleet.policies[0];
    await drifting.setAtTill('bluetooth', true);
    const s = await waitFor(
      async () => {
        const c = await byState(platformId);
        return c.byState.drift === 1 ? c : null;
      },
      'the drift recorded',
      { ms: 10_000 },
    );
    expect(s.byState).toEqual({ verified: COUNT - 1, drift: 1 });
    expect(await sqlCounts(t, platformId)).toEqual(s.byState);
    const [row] = (await admin.call(e.fields, { policyId: platformId, state: 'drift', current: 1, size: 10 }))
      .body.result.records;
    expect(row).toMatchObject({ sn: fleet.terminals[0].sn, desired: false, actual: true, severity: 'major' });
    await waitFor(
      async () => heard.some((c) => c.sn === fleet.terminals[0].sn && c.kind === 'policyDrift'),
      'the drift in the live fleet events',
      { ms: 5_000 },
    );
    const figure = await ent.call(e.drift, {});
    expect(figure.body.result).toMatchObject({ total: 1 });
    expect(figure.body.result.bySeverity.find((r) => r.severity === 'major')?.terminals).toBe(1);

    const converge = await admin.call(e.converge, { policyId: platformId, allOrNothing: false });
    expect(converge.body.result).toEqual({ terminals: 1, fields: 1 });
    await waitFor(async () => (await byState(platformId)).byState.verified === COUNT, 'converged', {
      ms: 10_000,
    });
    expect(drifting.value('bluetooth')).toBe(false);
    expect(await sqlCounts(t, platformId)).toEqual({ verified: COUNT });
    expect((await ent.call(e.drift, {})).body.result.total).toBe(0);
  });

  it('converges a terminal by itself when it comes back online', async () => {
    const sim1 = fleet.terminals[1];
    await sim1.stop(true);
    // Changed while the terminal was away: nothing could be reported.
    await fleet.policies[1].setAtTill('bluetooth', true);
    await sim1.start();
    await waitFor(async () => fleet.policies[1].value('bluetooth') === false, 'the policy applied again');
    expect(await sqlCounts(t, platformId)).toEqual({ verified: COUNT });
  });
});
