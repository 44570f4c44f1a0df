import { alertsEndpoints as e } from '@cpm/contracts';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { createTestClock, loginAs } from '../../test-support/test-app';
import { terminals } from '../devices/devices.table';
import { jobs } from '../jobs/jobs.table';
import { policies, terminalPolicyFields } from '../policies/policies.table';
import { EVALUATE_JOB } from './alerts.module';
import { alerts } from './alerts.table';

const MIN = 60_000;

describe('the policy drift condition', () => {
  const clock = createTestClock(new Date('2026-06-01T02:00:00Z'));
  const t = useTestApp({ clock, jobs: { run: false } });
  let ids: string[] = [];
  let policyId = '';

  const evaluate = async () => {
    const job = await t.jobs.enqueueJob({ kind: EVALUATE_JOB });
    for (let round = 0; round < 20; round++) {
      await t.jobs.runDue();
      const due = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, clock.now())));
      if (!due.length) break;
    }
    expect((await t.jobs.findJob(job.id))?.status).toBe('succeeded');
  };
  const openOf = async (ruleId: string) =>
    (
      await t.database.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.ruleId, ruleId), eq(alerts.state, 'open')))
    ).sort((x, y) => x.subjectKey.localeCompare(y.subjectKey));
  const field = (i: number, name: string, state: 'drift' | 'verified', severity: 'critical' | 'minor') => ({
    terminalId: ids[i],
    field: name,
    policyId,
    ownerId: ownerId,
    desired: true,
    state,
    severity,
    since: clock.now(),
    revision: 1,
  });
  let ownerId = '';

  beforeAll(async () => {
    const roleId = await createRole(t, { code: 'drift_rules', name: '漂移', nameEn: 'Drift' }, [
      'device:alert:view',
      'device:alertRule:add',
    ]);
    ownerId = (await createAccount(t, { username: 'drift_a', roleId })).id;
    ids = (
      await t.database.db
        .insert(terminals)
        .values(
          [0, 1, 2].map((i) => ({
            sn: `DRF${i}`,
            name: `Till ${i}`,
            ownerId,
            status: 'activated' as const,
            online: true,
            lastSeenAt: clock.now(),
          })),
        )
        .returning({ id: terminals.id })
    ).map((r) => r.id);
    const now = clock.now();
    [{ id: policyId }] = await t.database.db
      .insert(policies)
      .values({
        name: 'Lockdown',
        fields: {},
        version: 1,
        ownerId,
        updatedByName: 'x',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: policies.id });
  });

  it('raises per terminal whose fields drift at the severity or worse, and clears when they comply', async () => {
    const api = clientOf(t, (await loginAs(t.app, 'drift_a', ACCOUNT_PASSWORD)).token);
    const saved = await api.send(e.ruleSave, {
      name: 'Lockdown drift',
      condition: 'policyDrift',
      params: { policySeverity: 'major' },
      severity: 'medium',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    const ruleId = (saved.body.result as { id: string }).id;
    await t.database.db.insert(terminalPolicyFields).values([
      field(0, 'kioskMode', 'drift', 'critical'),
      field(0, 'usbDebugging', 'drift', 'critical'),
      // Below the rule's severity: not an alert.
      field(1, 'wallpaper', 'drift', 'minor'),
      field(2, 'kioskMode', 'verified', 'critical'),
    ]);
    clock.advance(MIN);
    await evaluate();
    const open = await openOf(ruleId);
    expect(open.map((a) => [a.subjectKey, a.detail])).toEqual([
      [`terminal:${ids[0]}`, 'kioskMode, usbDebugging'],
    ]);

    await t.database.db
      .update(terminalPolicyFields)
      .set({ state: 'verified', since: clock.now() })
      .where(inArray(terminalPolicyFields.terminalId, [ids[0]]));
    clock.advance(MIN);
    await evaluate();
    expect(await openOf(ruleId)).toEqual([]);
    const [closed] = await t.database.db.select().from(alerts).where(eq(alerts.ruleId, ruleId));
    expect(closed).toMatchObject({ state: 'closed', closeReason: 'cleared' });
  });

  it('refuses a drift rule without its severity', async () => {
    const api = clientOf(t, (await loginAs(t.app, 'drift_a', ACCOUNT_PASSWORD)).token);
    const res = await api.send(e.ruleSave, { name: 'No level', condition: 'policyDrift', severity: 'low' });
    expect(res.body.code).not.toBe(1);
  });
});
