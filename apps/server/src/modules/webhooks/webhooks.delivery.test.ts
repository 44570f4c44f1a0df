import { webhooksEndpoints as e, WEBHOOK_REPLAY_WINDOW_SEC, type WebhookEventType } from '@cpm/contracts';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { callAs, createFleetFixtures } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs, type TestApp } from '../../test-support/test-app';
import { terminalGroups } from '../groups/groups.table';
import { messages, messageTargets } from '../messages/messages.table';
import { PRUNE_JOB_KIND } from './outbound.service';
import { startReceiver } from './webhook-receiver.fixture';
import { verifySignature } from './webhook-signing';
import { webhookDeliveries, webhookSubscriptions } from './webhooks.table';

const HOUR = 3_600_000;

const subscribe = async (
  t: TestApp,
  token: string,
  url: string,
  eventTypes: WebhookEventType[] = ['terminal.online'],
) => {
  const made = await clientOf(t, token).call(e.save, { name: 'ops', url, eventTypes, enabled: true });
  expect(made.body.code).toBe(1);
  return made.body.result as { id: string; secret: string };
};

const owner = async (t: TestApp, username: string) => {
  const roleId = await createRole(
    t,
    { code: `wh_${username}`, name: username, nameEn: username },
    'user:webhook:%',
  );
  return createAccount(t, { username, roleId });
};

describe('a receiver that fails three times, then answers 200', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'on' }, jobs: { run: false } });

  it('gets the event exactly once, signed, after back-off on the test clock', async () => {
    const rx = await startReceiver({ answer: (n) => (n < 3 ? 500 : 200) });
    const a = await owner(t, 'hook_retry');
    const sub = await subscribe(t, a.token, rx.url);
    expect(sub.secret).toMatch(/^whsec_/);
    const eventId = await t.webhooks.publish({
      type: 'terminal.online',
      ownerId: a.id,
      objectKey: 'terminal:SN1',
      data: { sn: 'SN1' },
    });
    for (let round = 0; round < 12 && rx.accepted().length === 0; round++) {
      await t.jobs.runDue();
      if (rx.accepted().length === 0) t.clock.advance(3 * HOUR);
    }
    expect(rx.received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(rx.accepted()).toEqual([eventId]);
    const last = rx.received[3];
    expect(JSON.parse(last.body)).toMatchObject({ id: eventId, type: 'terminal.online', enterprise: a.id });
    const nowSec = Math.floor(t.clock.now().getTime() / 1000);
    const check = { secret: sub.secret, body: last.body, nowSec, toleranceSec: WEBHOOK_REPLAY_WINDOW_SEC };
    expect(verifySignature({ ...check, header: last.signature })).toBe(true);
    expect(verifySignature({ ...check, header: last.signature, body: `${last.body} ` })).toBe(false);
    expect(
      verifySignature({ ...check, header: last.signature, nowSec: nowSec + WEBHOOK_REPLAY_WINDOW_SEC + 1 }),
    ).toBe(false);

    // Delivered: later rounds send nothing more.
    for (let round = 0; round < 3; round++) {
      t.clock.advance(3 * HOUR);
      await t.jobs.runDue();
    }
    expect(rx.received).toHaveLength(4);
    // The clock moved on by hours: the session has ended, so sign in again.
    const { token } = await loginAs(t.app, a.username, ACCOUNT_PASSWORD);
    const log = await clientOf(t, token).call(e.deliveries, { subscriptionId: sub.id, current: 1, size: 10 });
    expect(log.body.result.records).toMatchObject([
      { eventId, status: 'delivered', attempts: 4, responseCode: 200, error: null },
    ]);
    await rx.kill();
  });

  it('sends a test ping and sends a delivered event again with the same id on request', async () => {
    const rx = await startReceiver();
    const a = await owner(t, 'hook_ping');
    const sub = await subscribe(t, a.token, rx.url);
    const api = clientOf(t, a.token);
    const ping = await api.call(e.ping, { id: sub.id });
    expect(ping.body.code).toBe(1);
    await t.jobs.runDue();
    expect(JSON.parse(rx.received[0].body)).toMatchObject({ type: 'webhook.ping' });
    await api.call(e.resend, { id: ping.body.result.deliveryId });
    await t.jobs.runDue();
    expect(rx.accepted()).toHaveLength(2);
    expect(new Set(rx.accepted()).size).toBe(1);
    await rx.kill();
  });

  it('sends an event again after the head of its busy object, whose turn came unwritten', async () => {
    const rx = await startReceiver();
    const a = await owner(t, 'hook_again');
    const sub = await subscribe(t, a.token, rx.url);
    const publish = (n: number) =>
      t.webhooks.publish({ type: 'terminal.online', ownerId: a.id, objectKey: 'terminal:SN5', data: { n } });
    const old = await publish(0);
    await t.jobs.runDue();
    const [first, next, last] = [await publish(1), await publish(2), await publish(3)];
    // The first is recorded as a run records it: the next one's turn came, and it is still waiting.
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'delivered', attempts: 1, responseCode: 200, deliveredAt: t.clock.now() })
      .where(eq(webhookDeliveries.eventId, first as string));
    const log = await clientOf(t, a.token).call(e.deliveries, {
      subscriptionId: sub.id,
      current: 1,
      size: 10,
    });
    const again = log.body.result.records.find((r) => r.eventId === old);
    expect((await clientOf(t, a.token).call(e.resend, { id: again?.id as string })).body.code).toBe(1);
    await t.jobs.runDue();
    // The event sent again goes after the lane's head, before the rest of the lane.
    expect(rx.accepted()).toEqual([old, next, old, last]);
    await rx.kill();
  });
});

describe('deliveries whose retries ran out unseen, and the log’s retention', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'on', WEBHOOK_LOG_DAYS: '30' }, jobs: { run: false } });

  it('fails them for good, counts them toward disabling, lets the next go, and prunes the old log', async () => {
    const rx = await startReceiver({ answer: () => 500 });
    const a = await owner(t, 'hook_sweep');
    const sub = await subscribe(t, a.token, rx.url);
    const publish = (n: number) =>
      t.webhooks.publish({ type: 'terminal.online', ownerId: a.id, objectKey: 'terminal:SN9', data: { n } });
    const first = await publish(1);
    const second = await publish(2);
    await t.jobs.runDue();
    expect(rx.received).toHaveLength(1);
    // The server is down past the retry period: nothing runs the retry, the hourly sweep finds it.
    t.clock.advance(25 * HOUR);
    expect(await t.webhooks.sweep()).toEqual({ failed: 1 });
    expect(await t.webhooks.sweep()).toEqual({ failed: 0 });
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, sub.id))
      .orderBy(webhookDeliveries.seq);
    expect(rows.map((r) => [r.eventId, r.status, r.error])).toEqual([
      [first, 'failed', 'retries exhausted'],
      [second, 'pending', null],
    ]);
    const [counted] = await t.database.db
      .select({ n: webhookSubscriptions.consecutiveFailures })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, sub.id));
    expect(counted.n).toBe(2);
    // Thirty days on, the finished deliveries leave the log (the second has failed by then too);
    // a recent one stays.
    t.clock.advance(31 * 24 * HOUR);
    const recent = await publish(3);
    const prune = await t.jobs.enqueueJob({ kind: PRUNE_JOB_KIND });
    // Each round runs the oldest due jobs (the subscription's retry among them) until the prune ran.
    for (let round = 0; round < 5 && (await t.jobs.findJob(prune.id))?.status !== 'succeeded'; round++)
      await t.jobs.runDue();
    expect((await t.jobs.findJob(prune.id))?.result).toEqual({ deleted: 2 });
    const left = await t.database.db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, sub.id));
    expect(left).toEqual([{ eventId: recent }]);
    await rx.kill();
  });
});

describe('a subscription whose deliveries keep failing while the server is down', () => {
  const t = useTestApp({
    env: { WEBHOOK_ALLOW_HTTP: 'on', WEBHOOK_DISABLE_AFTER_FAILURES: '4', WEBHOOK_DISABLE_AFTER_HOURS: '24' },
    jobs: { run: false },
  });

  it('is turned off by the hourly sweep, once, with a notice to its owner', async () => {
    const rx = await startReceiver({ answer: () => 500 });
    const a = await owner(t, 'hook_off');
    const sub = await subscribe(t, a.token, rx.url);
    for (const sn of ['SN1', 'SN2', 'SN3'])
      await t.webhooks.publish({
        type: 'terminal.online',
        ownerId: a.id,
        objectKey: `terminal:${sn}`,
        data: { sn },
      });
    await t.jobs.runDue();
    expect(rx.received.map((r) => r.status)).toEqual([500, 500, 500]);
    const state = async () =>
      (
        await t.database.db
          .select({
            enabled: webhookSubscriptions.enabled,
            reason: webhookSubscriptions.disabledReason,
            failures: webhookSubscriptions.consecutiveFailures,
          })
          .from(webhookSubscriptions)
          .where(eq(webhookSubscriptions.id, sub.id))
      )[0];
    const notices = () =>
      t.database.db
        .select({
          title: messages.title,
          notice: messages.notice,
          scope: messages.scope,
          target: messageTargets.targetId,
        })
        .from(messages)
        .innerJoin(messageTargets, eq(messageTargets.messageId, messages.id))
        .where(and(eq(messages.ownerId, a.id), like(messages.title, '%Webhook disabled%')));
    // Three failures in a row, all at once: too few and too short to turn it off.
    expect(await state()).toEqual({ enabled: true, reason: null, failures: 3 });

    // Down for longer than the retry period: no retry ran, the sweep fails all three for good and
    // the streak (six, over 25 hours) is now long enough in number and in time.
    t.clock.advance(25 * HOUR);
    expect(await t.webhooks.sweep()).toEqual({ failed: 3 });
    expect(await state()).toEqual({ enabled: false, reason: '6 attempts failed in a row', failures: 6 });
    expect(await notices()).toEqual([
      {
        title: 'Webhook 已停用：ops / Webhook disabled: ops',
        notice: { key: 'webhookDisabled', params: { name: 'ops', failures: 6 } },
        scope: 'users',
        target: a.id,
      },
    ]);

    // An hour later nothing is left to fail: no second notice, and nothing more is sent.
    t.clock.advance(HOUR);
    expect(await t.webhooks.sweep()).toEqual({ failed: 0 });
    await t.jobs.runDue();
    expect(await notices()).toHaveLength(1);
    expect(rx.received).toHaveLength(3);
    await rx.kill();
  });
});

describe('domain events from the modules that make them', () => {
  const t = useTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'on' }, jobs: { run: false } });

  it('sends a terminal created, moved and deleted through the console, in that order', async () => {
    const rx = await startReceiver();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const { model, group } = await createFleetFixtures(t, admin.userId);
    const [other] = await t.database.db
      .insert(terminalGroups)
      .values({ name: 'Second store', number: 'S002', ownerId: admin.userId })
      .returning();
    await subscribe(t, admin.token, rx.url, ['terminal.created', 'terminal.moved', 'terminal.deleted']);
    const call = callAs(t, admin.token);
    const terminal = {
      sn: 'HOOK0001',
      name: 'Till',
      modelId: model.id,
      groupId: group.id,
      storeName: 'Main',
      mac: '00-11-22-33-44-66',
    };
    expect((await call('POST', '/device/v1/device/terminal/addOrUpdate', terminal)).body.code).toBe(1);
    expect(
      (await call('POST', '/device/v1/device/terminal/move', { sns: ['HOOK0001'], groupId: other.id })).body
        .code,
    ).toBe(1);
    expect((await call('POST', '/device/v1/device/terminal/delete', { sns: ['HOOK0001'] })).body.code).toBe(
      1,
    );
    await until(async () => {
      await t.jobs.runDue();
      return rx.accepted().length === 3;
    });
    const bodies = rx.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['terminal.created', 'terminal.moved', 'terminal.deleted']);
    expect(bodies[1]).toMatchObject({
      enterprise: admin.userId,
      data: { sn: 'HOOK0001', groupId: other.id },
    });
    await rx.kill();
  });

  it('streams the operation log of the subscription’s accounts as audit entries, failures included', async () => {
    const rx = await startReceiver();
    const a = await owner(t, 'hook_audit');
    await subscribe(t, a.token, rx.url, ['audit.entry']);
    // A failed and a successful sign-in of the account, as the log records them.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/oauth/v1/oauth/login/cpmDoLogin',
      payload: {
        username: a.username,
        password: 'Wrong#Pass1',
        captchaId: 'x',
        captchaCode: 'x',
        sysCode: 'cpm',
      },
    });
    expect(wrong.json().code).not.toBe(1);
    await loginAs(t.app, a.username, ACCOUNT_PASSWORD);
    await until(async () => {
      await t.jobs.runDue();
      return rx.accepted().length >= 3;
    });
    const entries = rx.received.map((r) => JSON.parse(r.body));
    expect(entries.every((b) => b.type === 'audit.entry' && b.enterprise === a.id)).toBe(true);
    // The subscription's own creation, then the two sign-ins, in the order they were written.
    expect(entries.map((b) => [b.data.action, b.data.result])).toEqual([
      ['webhook.create', 'success'],
      ['login', 'failure'],
      ['login', 'success'],
    ]);
    expect(entries[1].data).toMatchObject({ actor: { id: a.id, name: a.username } });
    await rx.kill();
  });
});

describe('1,000 events to a receiver killed and restarted mid-way', () => {
  const t = useTestApp({
    // The runner on the real clock with a short back-off: retries come within a fraction of a second.
    env: {
      WEBHOOK_ALLOW_HTTP: 'on',
      WEBHOOK_RETRY_BASE_MS: '20',
      WEBHOOK_RETRY_MAX_MS: '200',
      WEBHOOK_DISABLE_AFTER_FAILURES: '1000000',
    },
    clock: { now: () => new Date(), advance: () => undefined },
    jobs: { pollMs: 20, concurrency: 8 },
  });

  it('all arrive, none twice, and the events of each object in order', async () => {
    const rx = await startReceiver();
    const a = await owner(t, 'hook_bulk');
    await subscribe(t, a.token, rx.url);
    const sent: { id: string; object: number }[] = [];
    for (let i = 0; i < 1000; i++) {
      const object = i % 50;
      const id = await t.webhooks.publish({
        type: 'terminal.online',
        ownerId: a.id,
        objectKey: `terminal:SN${object}`,
        data: { sn: `SN${object}`, n: i },
      });
      sent.push({ id: id as string, object });
    }
    await until(async () => rx.accepted().length >= 200);
    await rx.kill();
    expect(rx.accepted().length).toBeLessThan(1000);
    // Restart once attempts have failed against the dead receiver.
    await until(async () => (await failedAttempts(t)) > 0);
    await rx.restart();
    await until(async () => new Set(rx.accepted()).size === 1000);
    expect(rx.accepted()).toHaveLength(1000);
    expect(new Set(rx.accepted())).toEqual(new Set(sent.map((s) => s.id)));
    const arrival = new Map(rx.accepted().map((id, i) => [id, i]));
    for (let object = 0; object < 50; object++) {
      const order = sent.filter((s) => s.object === object).map((s) => arrival.get(s.id) as number);
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }
    await rx.kill();
  }, 400_000);
});

const failedAttempts = async (t: TestApp) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.error} is not null`))
  )[0].n;

/** Polls a condition every 50 ms until it holds, failing after two minutes. */
const until = async (cond: () => Promise<boolean>) => {
  const end = Date.now() + 120_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met within two minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
};
