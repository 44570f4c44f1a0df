import { ERRORS, alertsEndpoints as e, terminalTopic } from '@cpm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/suite-app';
import { createTestClock, loginAs } from '../../test-support/test-app';
import { terminalStatusLog, terminals } from '../devices/devices.table';
import { jobs } from '../jobs/jobs.table';
import { operationLogs } from '../oplog/oplog.table';
import { alertEvents, alertIncidents, alerts, terminalAlarms } from './alerts.table';
import { alertsApiAs, evaluateAlerts, insertTills, openAlertsOf, saveAlertRule } from './alerts-fixtures';

// 10:00 in Shanghai is 02:00 UTC.
const at = (hhmm: string) => new Date(`2026-06-01T${hhmm}:00+08:00`);
const MIN = 60_000;

describe('alert rules and the alert engine', () => {
  const clock = createTestClock(at('10:00'));
  const t = useTestApp({ clock, jobs: { run: false } });
  let a: { id: string };
  let ids: string[] = [];

  /** A fresh session: the test clock moves by hours, past a session's end. */
  const api = () => alertsApiAs(t, 'alerts_a');
  let maintainedRule = '';
  const openAlerts = (ruleId: string) => openAlertsOf(t, ruleId);
  const saveRule = (over: Record<string, unknown>) =>
    saveAlertRule(t, 'alerts_a', {
      name: 'Tills offline',
      condition: 'offline',
      params: { minutes: 30, tradingHours: { from: '08:00', to: '22:00', timezone: 'Asia/Shanghai' } },
      severity: 'high',
      channels: ['email', 'webhook'],
      recipients: { emails: ['ops@example.test'] },
      groupAt: 10,
      ...over,
    });
  const stop = async (n: number, when: Date, from = 0) => {
    const stopped = ids.slice(from, from + n);
    await t.database.db
      .update(terminals)
      .set({ online: false, onlineChangedAt: when, lastSeenAt: when })
      .where(inArray(terminals.id, stopped));
    return stopped;
  };

  beforeAll(async () => {
    const roleId = await createRole(t, { code: 'alerts_all', name: '告警', nameEn: 'Alerts' }, [
      'device:alert:view',
      'device:alert:handle',
      'device:alertRule:view',
      'device:alertRule:add',
      'device:alertRule:edit',
      'device:alertRule:delete',
    ]);
    a = await createAccount(t, { username: 'alerts_a', roleId });
    ids = await insertTills(
      t,
      { ownerId: a.id, online: true, seenAt: at('09:00') },
      Array.from({ length: 60 }, (_, i) => ({ sn: `ALR${String(i).padStart(4, '0')}`, name: `Till ${i}` })),
    );
  });

  it('groups 50 terminals offline past the threshold in store hours into one incident, once', async () => {
    const ruleId = await saveRule({});
    await stop(50, at('10:00'));
    clock.advance(29 * MIN);
    await evaluateAlerts(t);
    expect(await openAlerts(ruleId)).toHaveLength(0);

    clock.advance(1 * MIN);
    await evaluateAlerts(t);
    const open = await openAlerts(ruleId);
    expect(open).toHaveLength(50);
    const incidents = await t.database.db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.ruleId, ruleId));
    expect(incidents).toHaveLength(1);
    expect(open.every((x) => x.incidentId === incidents[0].id)).toBe(true);
    // One notice job for the incident, none per alert.
    const notices = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'alerts.notify'));
    expect(notices.map((j) => (j.payload as { event: string }).event)).toEqual(['incident']);

    // Seen again: no second alert, no second incident.
    clock.advance(5 * MIN);
    await evaluateAlerts(t);
    expect(await openAlerts(ruleId)).toHaveLength(50);
    expect(
      await t.database.db.select().from(alertIncidents).where(eq(alertIncidents.ruleId, ruleId)),
    ).toHaveLength(1);

    // One comes back: its alert closes by itself, the others stay.
    await t.database.db
      .update(terminals)
      .set({ online: true, onlineChangedAt: clock.now() })
      .where(eq(terminals.id, ids[0]));
    clock.advance(1 * MIN);
    await evaluateAlerts(t);
    expect(await openAlerts(ruleId)).toHaveLength(49);
    const [closed] = await t.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.ruleId, ruleId), eq(alerts.subjectKey, `terminal:${ids[0]}`)));
    expect(closed).toMatchObject({ state: 'closed', closeReason: 'cleared' });
    const steps = await t.database.db.select().from(alertEvents).where(eq(alertEvents.alertId, closed.id));
    expect(steps.map((s) => s.kind)).toEqual(['raised', 'cleared']);

    // All back: the incident closes with its last member.
    await t.database.db
      .update(terminals)
      .set({ online: true, onlineChangedAt: clock.now() })
      .where(inArray(terminals.id, ids));
    clock.advance(1 * MIN);
    await evaluateAlerts(t);
    const [incident] = await t.database.db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.ruleId, ruleId));
    expect(incident.state).toBe('closed');
    await (await api()).call(e.ruleRemove, { id: ruleId });
  });

  it('counts offline time only inside the trading hours', async () => {
    clock.advance(at('21:50').getTime() - clock.now().getTime());
    const ruleId = await saveRule({ name: 'Evening' });
    await stop(3, clock.now());
    clock.advance(40 * MIN); // 22:30: closed, nothing fires
    await evaluateAlerts(t);
    expect(await openAlerts(ruleId)).toHaveLength(0);
    clock.advance(at('08:29').getTime() + 86_400_000 - clock.now().getTime()); // next day 08:29
    await evaluateAlerts(t);
    expect(await openAlerts(ruleId)).toHaveLength(0);
    clock.advance(1 * MIN);
    await evaluateAlerts(t);
    const open = await openAlerts(ruleId);
    expect(open).toHaveLength(3);
    // Below the grouping threshold the alerts stand alone.
    expect(open.every((x) => x.incidentId === null)).toBe(true);
    await t.database.db
      .update(terminals)
      .set({ online: true, onlineChangedAt: clock.now() })
      .where(inArray(terminals.id, ids));
    await (await api()).call(e.ruleRemove, { id: ruleId });
  });

  it('makes one flapping alert of a terminal bouncing six times in ten minutes', async () => {
    const ruleId = await saveRule({ name: 'Flaps', params: { minutes: 1 }, flapChanges: 6, flapMinutes: 10 });
    const start = clock.now().getTime();
    await t.database.db.insert(terminalStatusLog).values(
      Array.from({ length: 6 }, (_, i) => ({
        terminalId: ids[55],
        kind: i % 2 ? 'online' : 'offline',
        at: new Date(start + i * MIN),
      })),
    );
    await t.database.db
      .update(terminals)
      .set({ online: false, onlineChangedAt: new Date(start + 4 * MIN) })
      .where(eq(terminals.id, ids[55]));
    clock.advance(8 * MIN);
    await evaluateAlerts(t);
    await evaluateAlerts(t);
    const open = await openAlerts(ruleId);
    expect(open.map((x) => x.kind)).toEqual(['flapping']);
    // Calm again after the window: the flapping alert clears, the plain condition takes over.
    clock.advance(20 * MIN);
    await evaluateAlerts(t);
    expect((await openAlerts(ruleId)).map((x) => x.kind)).toEqual(['condition']);
    await t.database.db.update(terminals).set({ online: true }).where(eq(terminals.id, ids[55]));
    await (await api()).call(e.ruleRemove, { id: ruleId });
  });

  it('stays silent inside a maintenance window', async () => {
    const now = clock.now();
    maintainedRule = await saveRule({
      name: 'Maintained',
      params: { minutes: 5 },
      maintenance: [{ from: now.toISOString(), to: new Date(now.getTime() + 60 * MIN).toISOString() }],
    });
    await stop(2, now, 40);
    clock.advance(30 * MIN);
    await evaluateAlerts(t);
    expect(await openAlerts(maintainedRule)).toHaveLength(0);
    clock.advance(31 * MIN);
    await evaluateAlerts(t);
    expect(await openAlerts(maintainedRule)).toHaveLength(2);
  });

  it('acknowledges and closes with a note, audited, and keeps the timeline', async () => {
    const page = await (await api()).call(e.page, {
      current: 1,
      size: 10,
      state: 'open',
      ruleId: maintainedRule,
    });
    const [first, second] = page.body.result.records;
    expect(page.body.result.total).toBe(2);
    clock.advance(MIN);
    const ack = await (await api()).call(e.acknowledge, {
      ids: [first.id, second.id],
      note: 'Store called',
    });
    expect(ack.body.result).toEqual({ changed: 2 });
    const again = await (await api()).call(e.acknowledge, { ids: [first.id], note: '' });
    expect(again.body.result).toEqual({ changed: 0 });
    clock.advance(MIN);
    const closed = await (await api()).call(e.close, { ids: [first.id], note: 'Power restored' });
    expect(closed.body.result).toEqual({ changed: 1 });
    const steps = await (await api()).call(e.timeline, { id: first.id });
    expect(steps.body.result.map((s) => [s.kind, s.note])).toEqual([
      ['raised', null],
      ['notified', 'email 1, webhook 2'],
      ['acknowledged', 'Store called'],
      ['closed', 'Power restored'],
    ]);
    const logged = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(inArray(operationLogs.action, ['alert.acknowledge', 'alert.close']));
    expect(
      logged.filter((l) => l.action === 'alert.acknowledge' && l.detail?.includes('Store called')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(logged.some((l) => l.action === 'alert.close' && l.detail?.includes('Power restored'))).toBe(true);
    const summary = await (await api()).call(e.summary, {});
    expect(summary.body.result.acknowledged.high).toBe(1);
  });

  it('refuses a rule without its figures in both languages and changes nothing', async () => {
    const before = await (await api()).call(e.rulePage, { current: 1, size: 50 });
    const { token } = await loginAs(t.app, 'alerts_a', ACCOUNT_PASSWORD);
    for (const lang of ['zh', 'en'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: e.ruleSave.path,
        headers: { satoken: token, 'accept-language': lang },
        payload: { name: 'No figures', condition: 'battery', severity: 'low' },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(ERRORS.alertRuleParamMissing[lang]);
    }
    const after = await (await api()).call(e.rulePage, { current: 1, size: 50 });
    expect(after.body.result.total).toBe(before.body.result.total);
  });
  it('reconciles device alarms: raised, cleared while offline, snapshot on reconnect', async () => {
    const sn = 'ALR0059';
    const send = (m: object) =>
      t.agent.handleMessage(terminalTopic(sn, 'up', 'alarm'), Buffer.from(JSON.stringify(m)));
    const rows = async () =>
      t.database.db.select().from(terminalAlarms).where(eq(terminalAlarms.terminalId, ids[59]));
    const early = new Date(clock.now().getTime() - 2 * MIN).toISOString();
    await send({ type: 'raise', name: 'paperOut', severity: 'medium', at: early });
    await send({ type: 'raise', name: 'tamper', severity: 'critical', at: '2001-01-01T00:00:00Z' });
    let held = await rows();
    expect(held.find((r) => r.name === 'paperOut')?.raisedAt.toISOString()).toBe(early);
    // A clock years off is not trusted: the server's time stands in.
    expect(held.find((r) => r.name === 'tamper')?.raisedAt.getTime()).toBe(clock.now().getTime());
    clock.advance(MIN);
    // On reconnection the snapshot holds only the tamper alarm: paper-out was cleared while offline.
    await send({ type: 'snapshot', alarms: [{ name: 'tamper', severity: 'critical', at: early }] });
    held = await rows();
    expect(held.find((r) => r.name === 'paperOut')?.clearedAt).not.toBeNull();
    const tamper = held.find((r) => r.name === 'tamper');
    expect(tamper?.clearedAt).toBeNull();
    // The first raise time is kept across the snapshot.
    expect(tamper?.raisedAt.getTime()).toBe(clock.now().getTime() - MIN);
    await send({ type: 'clear', name: 'tamper' });
    expect((await rows()).every((r) => r.clearedAt !== null)).toBe(true);
  });
});
