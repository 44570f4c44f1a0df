import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/suite-app';
import { createTestClock } from '../../test-support/test-app';
import { terminalGroups } from '../groups/groups.table';
import { evaluateAlerts, insertTills, openAlertsOf, saveAlertRule } from './alerts-fixtures';

// 10:00 in Shanghai is 02:00 UTC, 03:00 in London (summer time) and 11:00 in Tokyo.
const at = (hhmm: string) => new Date(`2026-06-01T${hhmm}:00+08:00`);
const MIN = 60_000;

describe("offline in trading hours, in each store's time zone", () => {
  const clock = createTestClock(at('10:00'));
  const t = useTestApp({ clock, jobs: { run: false } });
  const till: Record<'shanghai' | 'london' | 'none', string> = { shanghai: '', london: '', none: '' };

  const alerted = async (ruleId: string) => (await openAlertsOf(t, ruleId)).map((r) => r.terminalId).sort();
  const sorted = (...ids: string[]) => [...ids].sort();

  beforeAll(async () => {
    const roleId = await createRole(t, { code: 'zone_rules', name: '告警', nameEn: 'Alerts' }, [
      'device:alert:view',
      'device:alertRule:view',
      'device:alertRule:add',
    ]);
    const a = await createAccount(t, { username: 'zones_a', roleId });
    const group = async (number: string, timeZone: string | null, parentId: string | null = null) =>
      (
        await t.database.db
          .insert(terminalGroups)
          .values({ name: number, number, ownerId: a.id, timeZone, parentId })
          .returning({ id: terminalGroups.id })
      )[0].id;
    // The London store has no zone of its own: it inherits its region's.
    const europe = await group('EU', 'Europe/London');
    const groups = {
      shanghai: await group('SH1', 'Asia/Shanghai'),
      london: await group('LON1', null, europe),
      none: await group('NONE1', null),
    };
    for (const [store, groupId] of Object.entries(groups) as [keyof typeof till, string][])
      [till[store]] = await insertTills(t, { ownerId: a.id, online: false, seenAt: at('10:00') }, [
        { sn: `ZONE-${store}`, name: store, groupId },
      ]);
  });

  it("alerts only where the store is open, and uses the rule's zone for a store without one", async () => {
    const ruleId = await saveAlertRule(t, 'zones_a', {
      name: 'Tills offline in store hours',
      condition: 'offline',
      params: { minutes: 30, tradingHours: { from: '08:00', to: '22:00', timezone: 'Asia/Tokyo' } },
      severity: 'high',
    });

    // 10:30 in Shanghai and 11:30 in Tokyo (the rule's zone): open; 03:30 in London: closed.
    clock.advance(30 * MIN);
    await evaluateAlerts(t);
    expect(await alerted(ruleId)).toEqual(sorted(till.shanghai, till.none));

    // London opens at 08:00 local (15:00 in Shanghai); half an hour later its till alerts too.
    clock.advance(at('15:29').getTime() - clock.now().getTime());
    await evaluateAlerts(t);
    expect(await alerted(ruleId)).toEqual(sorted(till.shanghai, till.none));
    clock.advance(1 * MIN);
    await evaluateAlerts(t);
    expect(await alerted(ruleId)).toEqual(sorted(till.shanghai, till.none, till.london));
  });
});
