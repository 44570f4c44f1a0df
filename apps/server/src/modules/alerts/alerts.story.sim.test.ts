import type { AddressInfo } from 'node:net';
import { alertsEndpoints as e, WEBHOOK_REPLAY_WINDOW_SEC, webhooksEndpoints as w } from '@cpm/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startFleet } from '../../../../pos-sim/src/fleet';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { agentPost, rotateEnrollmentKey } from '../../test-support/fleet-fixtures';
import { onlineCount, startSimFleet } from '../../test-support/sim-app';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import { createFilesTestApp, createTestClock, loginAs } from '../../test-support/test-app';
import { waitFor } from '../../test-support/wait';
import { terminals } from '../devices/devices.table';
import { FIXTURE_SECRET, insertTerminals } from '../tasks/task-fixtures';
import { userRoles } from '../users/users.table';
import { startReceiver } from '../webhooks/webhook-receiver.fixture';
import { verifySignature } from '../webhooks/webhook-signing';
import { alertIncidents, terminalAlarms } from './alerts.table';
import { alertsApiAs, evaluateAlerts, openAlertsOf, saveAlertRule } from './alerts-fixtures';

const COUNT = 50;
const PREFIX = 'ALST';
const MIN = 60_000;
// 10:00 in Shanghai, the rule's (and so the stores') time zone, is 02:00 UTC.
const TEN = new Date('2026-06-01T10:00:00+08:00');

// The done-means story on real pos-sim terminals: 50 tills stop at 10:00 store time; a rule
// "offline over 30 minutes between 08:00 and 22:00, high, email and webhook" makes one incident of
// 50 after 30 minutes, one signed webhook POST (retried after a 500) and the mail; a rule inside a
// maintenance window stays silent.
describe('fifty tills going dark in store hours', { timeout: 120_000 }, () => {
  const clock = createTestClock(TEN);
  let t: Awaited<ReturnType<typeof createFilesTestApp>>;
  let fleet: ReturnType<typeof startFleet> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let ownerId = '';

  const openOf = (ruleId: string) => openAlertsOf(t, ruleId);
  const api = () => alertsApiAs(t, 'story_ops');

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    rx = await startReceiver({ answer: (n) => (n === 0 ? 500 : 200) });
    t = await createFilesTestApp('sim-alerts', {
      broker: true,
      clock,
      jobs: { run: false },
      env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_HTTP: 'on' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Alerts, webhooks and terminals: every permission of those three, as a pattern each role reads.
    const roleId = await createRole(t, { code: 'story_ops', name: '值班', nameEn: 'Ops' }, 'device:alert%');
    const extra = await createRole(t, { code: 'story_more', name: '终端', nameEn: 'More' }, 'user:webhook:%');
    const tills = await createRole(
      t,
      { code: 'story_tills', name: '收银', nameEn: 'Tills' },
      'device:terminal:%',
    );
    const account = await createAccount(t, { username: 'story_ops', roleId });
    ownerId = account.id;
    await t.database.db.insert(userRoles).values([
      { userId: ownerId, roleId: extra },
      { userId: ownerId, roleId: tills },
    ]);
    await insertTerminals(t.database.db, { prefix: `${PREFIX}0`, count: COUNT, ownerId });
    const key = await rotateEnrollmentKey(t, (await loginAs(t.app, 'story_ops', ACCOUNT_PASSWORD)).token);
    fleet = startSimFleet(
      { server, dir: t.dataDir },
      { count: COUNT, prefix: PREFIX, enrollmentKey: key, heartbeatSec: 5 },
    );
    await waitFor(async () => (await onlineCount(t, PREFIX)) === COUNT, 'the tills online', { ms: 60_000 });
  });

  afterAll(async () => {
    await fleet?.stop(false);
    await t?.close();
    await rx?.kill();
    await smtp?.close();
  });

  it('makes one incident of 50, one signed webhook retried after a 500, and the mail', async () => {
    const client = await api();
    const hook = await client.call(w.save, {
      name: 'ops pager',
      url: rx.url,
      eventTypes: ['incident.opened'],
      enabled: true,
    });
    expect(hook.body.code, JSON.stringify(hook.body)).toBe(1);
    const secret = (hook.body.result as { secret: string }).secret;
    const rule = {
      condition: 'offline' as const,
      params: { minutes: 30, tradingHours: { from: '08:00', to: '22:00', timezone: 'Asia/Shanghai' } },
      severity: 'high' as const,
      channels: ['email' as const, 'webhook' as const],
      recipients: { emails: ['ops@example.test'] },
    };
    const ruleId = await saveAlertRule(t, 'story_ops', { name: 'Tills offline', ...rule });
    const quietId = await saveAlertRule(t, 'story_ops', {
      name: 'Tills offline (store refit)',
      ...rule,
      recipients: { emails: ['refit@example.test'] },
      maintenance: [{ from: TEN.toISOString(), to: new Date(TEN.getTime() + 120 * MIN).toISOString() }],
    });

    // The tills stop at 10:00 store time, each saying goodbye.
    await fleet?.stop(true);
    fleet = undefined;
    await waitFor(async () => (await onlineCount(t, PREFIX)) === 0, 'the tills offline', { ms: 30_000 });

    clock.advance(29 * MIN);
    await evaluateAlerts(t);
    expect(await openOf(ruleId)).toHaveLength(0);
    clock.advance(MIN);
    await evaluateAlerts(t);

    const open = await openOf(ruleId);
    expect(open).toHaveLength(COUNT);
    const incidents = await t.database.db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.ruleId, ruleId));
    expect(incidents).toHaveLength(1);
    expect(open.every((a) => a.incidentId === incidents[0].id)).toBe(true);
    const page = await (await api()).call(e.incidentPage, { current: 1, size: 10, state: 'open' });
    expect(page.body.result.records).toMatchObject([
      { id: incidents[0].id, members: COUNT, openMembers: COUNT },
    ]);
    const rules = await (await api()).call(e.rulePage, { current: 1, size: 10 });
    expect(rules.body.result.records.find((r) => r.id === ruleId)?.openAlerts).toBe(COUNT);
    // Inside its maintenance window the second rule raised nothing.
    expect(await openOf(quietId)).toHaveLength(0);

    // The receiver answered the first POST 500: the delivery comes back after its back-off.
    for (let round = 0; round < 10 && rx.acceptedCount() === 0; round++) {
      clock.advance(5 * MIN);
      await t.jobs.runDue();
    }
    expect(rx.received.map((r) => r.status)).toEqual([500, 200]);
    const [failed, delivered] = rx.received;
    expect(delivered.eventId).toBe(failed.eventId);
    expect(JSON.parse(delivered.body)).toMatchObject({
      type: 'incident.opened',
      data: { id: incidents[0].id, severity: 'high' },
    });
    const nowSec = Math.floor(clock.now().getTime() / 1000);
    const check = {
      secret,
      body: delivered.body,
      header: delivered.signature,
      toleranceSec: WEBHOOK_REPLAY_WINDOW_SEC,
    };
    expect(verifySignature({ ...check, nowSec })).toBe(true);
    expect(verifySignature({ ...check, nowSec, body: `${delivered.body} ` })).toBe(false);

    await waitFor(async () => smtp.mails.length > 0, 'the mail', { ms: 10_000 });
    expect(smtp.mails.map((m) => m.to)).toEqual([['ops@example.test']]);
    expect(smtp.mails[0].subject).toContain(`${COUNT}`);
    // Evaluated again: still one incident, nothing more sent.
    await evaluateAlerts(t);
    expect(
      await t.database.db.select().from(alertIncidents).where(eq(alertIncidents.ruleId, ruleId)),
    ).toHaveLength(1);
    expect(rx.received).toHaveLength(2);
  });

  it('takes alarms over the HTTP fallback as on up/alarm', async () => {
    const [sn] = await insertTerminals(t.database.db, { prefix: 'ALHT', count: 1, ownerId });
    const at = clock.now().toISOString();
    const raised = await agentPost(t, sn, FIXTURE_SECRET, 'alarm', {
      type: 'raise',
      name: 'paperOut',
      severity: 'medium',
      at,
    });
    expect(raised.json()).toMatchObject({ code: 1, result: { accepted: true } });
    const [row] = await t.database.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(like(terminals.sn, 'ALHT%'));
    const held = () =>
      t.database.db.select().from(terminalAlarms).where(eq(terminalAlarms.terminalId, row.id));
    expect((await held()).map((a) => [a.name, a.clearedAt])).toEqual([['paperOut', null]]);
    // The snapshot after a reconnection holds nothing: the alarm was cleared while away.
    await agentPost(t, sn, FIXTURE_SECRET, 'alarm', { type: 'snapshot', alarms: [] });
    expect((await held())[0].clearedAt).not.toBeNull();
    expect(
      (await agentPost(t, sn, 'wrong-secret', 'alarm', { type: 'snapshot', alarms: [] })).statusCode,
    ).toBe(401);
  });
});
