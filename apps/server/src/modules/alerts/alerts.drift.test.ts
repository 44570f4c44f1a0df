import { alertsEndpoints as e } from '@cpm/contracts';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/suite-app';
import { createTestClock } from '../../test-support/test-app';
import { policies, terminalPolicyFields } from '../policies/policies.table';
import { alerts } from './alerts.table';
import { alertsApiAs, evaluateAlerts, insertTills, openAlertsOf, saveAlertRule } from './alerts-fixtures';

const MIN = 60_000;

describe('the policy drift condition', () => {
  const clock = createTestClock(new Date('2026-06-01T02:00:00Z'));
  const t = useTestApp({ clock, jobs: { run: false } });
  let ids: string[] = [];
  let policyId = '';

  const openOf = async (ruleId: string) =>
    (await openAlertsOf(t, ruleId)).sort((x, y) => x.subjectKey.localeCompare(y.subjectKey));
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
    ids = await insertTills(
      t,
      { ownerId, online: true, seenAt: clock.now() },
      [0, 1, 2].map((i) => ({ sn: `DRF${i}`, name: `Till ${i}` })),
    );
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
    const ruleId = await saveAlertRule(t, 'drift_a', {
      name: 'Lockdown drift',
      condition: 'policyDrift',
      params: { policySeverity: 'major' },
      severity: 'medium',
    });
    await t.database.db.insert(terminalPolicyFields).values([
      field(0, 'kioskMode', 'drift', 'critical'),
      field(0, 'usbDebugging', 'drift', 'critical'),
      // Below the rule's severity: not an alert.
      field(1, 'wallpaper', 'drift', 'minor'),
      field(2, 'kioskMode', 'verified', 'critical'),
    ]);
    clock.advance(MIN);
    await evaluateAlerts(t);
    const open = await openOf(ruleId);
    expect(open.map((a) => [a.subjectKey, a.detail])).toEqual([
      [`terminal:${ids[0]}`, 'kioskMode, usbDebugging'],
    ]);

    await t.database.db
      .update(terminalPolicyFields)
      .set({ state: 'verified', since: clock.now() })
      .where(inArray(terminalPolicyFields.terminalId, [ids[0]]));
    clock.advance(MIN);
    await evaluateAlerts(t);
    expect(await openOf(ruleId)).toEqual([]);
    const [closed] = await t.database.db.select().from(alerts).where(eq(alerts.ruleId, ruleId));
    expect(closed).toMatchObject({ state: 'closed', closeReason: 'cleared' });
  });

  it('refuses a drift rule without its severity', async () => {
    const res = await (await alertsApiAs(t, 'drift_a')).send(e.ruleSave, {
      name: 'No level',
      condition: 'policyDrift',
      severity: 'low',
    });
    expect(res.body.code).not.toBe(1);
  });
});
