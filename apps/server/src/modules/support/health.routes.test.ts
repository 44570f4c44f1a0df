import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENDPOINTS, SupportEventSchema, userTopic } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createFleetFixtures, deviceAuth } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { users } from '../users/users.table';
import { HEALTH_EVENT_RETENTION_DAYS, HEALTH_PRUNE_JOB_KIND } from './support.module';
import {
  inspectionRecords,
  supportHealthEvents,
  supportInspectionProposals,
  supportOrders,
} from './support.table';

const printer = { kind: 'usb', name: 'Thermal printer', vid: '0483', pid: '5740', status: 'fault' };
const drawer = { kind: 'serial', name: 'Cash drawer', port: '/dev/ttyS1', status: 'fault' };

type Sms = { to: string; text: string; authorization: string | undefined };

/** Reads a JSON request body. */
const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

describe('peripheral health', () => {
  let t: TestApp;
  let provider: Server;
  const texts: Sms[] = [];
  let admin: { token: string; userId: string };
  let customer: { id: string; token: string };
  let rival: { id: string; token: string };
  let key: string;
  let wsUrl: string;
  let terminalSeq = 0;
  let fleet: Awaited<ReturnType<typeof createFleetFixtures>>;

  /** A terminal of the customer, registered and enrolled: its SN and secret. */
  const terminal = async () => {
    const f = fleet;
    terminalSeq++;
    const sn = `HLT${String(terminalSeq).padStart(6, '0')}`;
    const saved = await clientOf(t, admin.token).call(ENDPOINTS.devices.terminalSave, {
      sn,
      name: `Till ${terminalSeq}`,
      modelId: f.model.id,
      groupId: f.group.id,
      storeName: 'Harbour Store',
      mac: `02:00:00:00:10:${String(terminalSeq).padStart(2, '0')}`,
      ownerId: customer.id,
    });
    expect(saved.body.code).toBe(1);
    const enrolled = await clientOf(t, null).request(ENDPOINTS.agent.enroll, {
      body: { sn, enrollmentKey: key },
    });
    return { sn, secret: enrolled.json().result.secret as string };
  };
  /** One event over the device protocol's HTTP fallback. */
  const report = async (dev: { sn: string; secret: string }, body: object) => {
    const res = await clientOf(t, null).request(ENDPOINTS.agent.event, {
      headers: deviceAuth(dev.sn, dev.secret),
      body,
    });
    expect(res.statusCode).toBe(200);
  };
  const jam = (dev: { sn: string; secret: string }) =>
    report(dev, { type: 'peripheralFault', peripheral: printer, detail: 'paper jam' });
  const ordersOf = (sn: string) => t.database.db.select().from(supportOrders).where(eq(supportOrders.sn, sn));
  const rules = async () =>
    (await clientOf(t, admin.token).call(ENDPOINTS.support.ruleList)).body.result as {
      id: string;
      peripheralType: string;
    }[];
  const setRule = async (peripheralType: string, change: object) => {
    const rule = (await rules()).find((r) => r.peripheralType === peripheralType) as object;
    const res = await clientOf(t, admin.token).call(ENDPOINTS.support.ruleSave, {
      ...rule,
      updatedAt: undefined,
      ...change,
    });
    expect(res.body.code).toBe(1);
  };
  /** Runs due jobs until the provider received `count` messages. */
  const smsReceived = async (count: number) => {
    while (texts.length < count) {
      await t.jobs.runDue();
      if (texts.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return texts;
  };

  beforeAll(async () => {
    provider = createServer(async (req, res) => {
      const body = await bodyOf(req);
      texts.push({ ...body, authorization: req.headers.authorization });
      res.writeHead(202).end('{"queued":true}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const smsUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms`;
    t = await createTestApp({ broker: true, env: { SMS_URL: smsUrl, SMS_TOKEN: 'provider-token-1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    customer = await createAccount(t, { username: 'shop_h', superiorId: admin.userId });
    rival = await createAccount(t, { username: 'shop_r', superiorId: admin.userId });
    // The customer asked for hardware SMS alerts; the administrator above did not.
    await t.database.db
      .update(users)
      .set({ hardwareSmsAlert: true, phone: '+86 139 0000 1234' })
      .where(eq(users.id, customer.id));
    key = (await clientOf(t, admin.token).call(ENDPOINTS.devices.enrollmentKey)).body.result.enrollmentKey;
    fleet = await createFleetFixtures(t, customer.id);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('opens a draft order on the third jam of a day, links the jams, tells the customer by SMS and live, and walks it to closed', async () => {
    const dev = await terminal();
    const console = await mqtt.connectAsync(wsUrl, {
      username: 'console',
      password: customer.token,
      reconnectPeriod: 0,
    });
    const heard: string[] = [];
    console.on('message', (_topic, payload) => {
      heard.push(SupportEventSchema.parse(JSON.parse(payload.toString())).status);
    });
    await console.subscribeAsync(userTopic(customer.id, 'support'), { qos: 1 });
    try {
      await jam(dev);
      await jam(dev);
      expect(await ordersOf(dev.sn)).toEqual([]);
      await jam(dev);
      const [draft] = await ordersOf(dev.sn);
      expect(draft).toMatchObject({
        status: 'draft',
        source: 'health',
        faultType: 'printer',
        priority: 'high',
        storeName: 'Harbour Store',
        ownerId: customer.id,
        contact: 'shop_h',
        createdBy: null,
      });
      expect(draft.description).toContain('Thermal printer');
      expect(draft.description).toContain('failed 3 times within 24 h: paper jam');
      const detail = (await clientOf(t, customer.token).call(ENDPOINTS.support.detail, { id: draft.id })).body
        .result;
      expect(detail.faults).toHaveLength(3);
      expect(detail.faults[0]).toMatchObject({
        kind: 'peripheral',
        peripheralType: 'printer',
        detail: 'paper jam',
      });
      expect(detail.history[0]).toMatchObject({ kind: 'create', toStatus: 'draft', actorName: 'system' });

      // The SMS goes through the configured provider, with its token, to the customer only.
      const [sms] = await smsReceived(1);
      expect(sms).toMatchObject({ to: '+86 139 0000 1234', authorization: 'Bearer provider-token-1' });
      expect(sms.text).toContain(dev.sn);
      // The customer is not an international user: the SMS is in Chinese.
      expect(sms.text).toContain(`已生成草稿工单 SO-${String(draft.seq).padStart(6, '0')}`);
      expect(sms.text).not.toContain('draft order');

      // A fourth jam joins the standing order instead of opening another.
      await jam(dev);
      expect(await ordersOf(dev.sn)).toHaveLength(1);
      const joined = (await clientOf(t, customer.token).call(ENDPOINTS.support.detail, { id: draft.id })).body
        .result;
      expect(joined.faults).toHaveLength(4);
      expect(joined.history.at(-1)).toMatchObject({ kind: 'fault', note: 'Thermal printer: paper jam' });

      // Service staff take it through to closed; the customer's console hears each step.
      for (const action of ['accept', 'repair', 'return', 'close']) {
        const res = await clientOf(t, admin.token).call(ENDPOINTS.support.transition, {
          id: draft.id,
          action,
        });
        expect(res.body.code).toBe(1);
      }
      await expect
        .poll(() => heard, { timeout: 5000 })
        .toEqual(expect.arrayContaining(['accepted', 'repairing', 'returned', 'closed']));
      // Once it is closed, jams count afresh.
      await jam(dev);
      expect(await ordersOf(dev.sn)).toHaveLength(1);
    } finally {
      await console.endAsync();
    }
  });

  it('counts only the jams inside the rule’s window', async () => {
    const dev = await terminal();
    await jam(dev);
    await jam(dev);
    t.clock.advance(25 * 3_600_000);
    // Sessions end after 12 hours: sign in again.
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    customer = { ...customer, token: (await loginAs(t.app, 'shop_h', ACCOUNT_PASSWORD)).token };
    rival = { ...rival, token: (await loginAs(t.app, 'shop_r', ACCOUNT_PASSWORD)).token };
    await jam(dev);
    await jam(dev);
    expect(await ordersOf(dev.sn)).toEqual([]);
    await jam(dev);
    expect(await ordersOf(dev.sn)).toHaveLength(1);
  });

  it('forgets faults that came to nothing after the retention time, and keeps those behind an order', async () => {
    const quiet = await terminal();
    await jam(quiet);
    const busy = await terminal();
    await jam(busy);
    await jam(busy);
    await jam(busy);
    expect(await ordersOf(busy.sn)).toHaveLength(1);
    const eventsOf = (sn: string) =>
      t.database.db.select().from(supportHealthEvents).where(eq(supportHealthEvents.sn, sn));
    const age = async (sn: string, days: number) =>
      t.database.db
        .update(supportHealthEvents)
        .set({ at: new Date(t.clock.now().getTime() - days * 86_400_000) })
        .where(eq(supportHealthEvents.sn, sn));
    /** Runs due jobs until the prune has finished (SMS jobs of earlier faults may be due first). */
    const prune = async () => {
      const { id } = await t.jobs.enqueueJob({ kind: HEALTH_PRUNE_JOB_KIND });
      for (;;) {
        await t.jobs.runDue();
        const job = await t.jobs.findJob(id);
        if (job?.status === 'succeeded') return;
        expect(job?.status).not.toBe('failed');
      }
    };
    await age(quiet.sn, HEALTH_EVENT_RETENTION_DAYS - 1);
    await prune();
    expect(await eventsOf(quiet.sn)).toHaveLength(1);
    await age(quiet.sn, HEALTH_EVENT_RETENTION_DAYS + 1);
    await age(busy.sn, HEALTH_EVENT_RETENTION_DAYS + 1);
    await prune();
    expect(await eventsOf(quiet.sn)).toEqual([]);
    expect(await eventsOf(busy.sn)).toHaveLength(3);
  });

  it('opens one order when jams past the threshold arrive at the same moment', async () => {
    const dev = await terminal();
    await jam(dev);
    await jam(dev);
    await Promise.all([jam(dev), jam(dev), jam(dev)]);
    const made = await ordersOf(dev.sn);
    expect(made).toHaveLength(1);
    const linked = await t.database.db
      .select()
      .from(supportHealthEvents)
      .where(eq(supportHealthEvents.orderId, made[0].id));
    expect(linked).toHaveLength(5);
  });

  it('opens a draft order at once for a terminal hardware exception', async () => {
    const dev = await terminal();
    await report(dev, { type: 'hardwareFault', detail: 'touch panel unresponsive' });
    const [o] = await ordersOf(dev.sn);
    expect(o).toMatchObject({ status: 'draft', faultType: 'other', priority: 'high' });
    expect(o.description).toContain('touch panel unresponsive');
  });

  it('proposes an inspection of the store for a failing cash drawer; a record answers it once', async () => {
    await setRule('drawer', { threshold: 2 });
    const dev = await terminal();
    await report(dev, { type: 'peripheralFault', peripheral: drawer, detail: 'stuck' });
    await report(dev, { type: 'peripheralFault', peripheral: drawer, detail: 'stuck' });
    expect(await ordersOf(dev.sn)).toEqual([]);
    const page = (
      await clientOf(t, customer.token).call(ENDPOINTS.support.proposalPage, {
        status: 'open',
        current: '1',
        size: '20',
      })
    ).body.result;
    const proposal = page.records.find((p) => p.sn === dev.sn);
    if (!proposal) throw new Error(`no proposal for ${dev.sn}`);
    expect(proposal).toMatchObject({
      peripheralType: 'drawer',
      peripheralName: 'Cash drawer',
      storeName: 'Harbour Store',
      faultCount: 2,
      status: 'open',
    });
    const foreign = (
      await clientOf(t, rival.token).call(ENDPOINTS.support.proposalPage, { current: '1', size: '20' })
    ).body.result;
    expect(foreign.total).toBe(0);

    // A visit filed for it marks it done; a second visit cannot answer it again and is not stored.
    const proc = await clientOf(t, admin.token).call(ENDPOINTS.support.processSave, {
      name: 'Drawer check',
      standards: [{ name: 'Drawer', items: [{ key: 'opens', content: 'Drawer opens', kind: 'passFail' }] }],
    });
    await clientOf(t, admin.token).call(ENDPOINTS.support.processTransition, {
      id: proc.body.result.id,
      action: 'publish',
    });
    const visit = {
      processId: proc.body.result.id,
      storeName: 'Harbour Store',
      contact: 'Li',
      phone: '1',
      address: 'Bund',
      visitedAt: '2026-06-02T08:00:00Z',
      results: [{ key: 'opens', passed: true }],
      proposalId: proposal.id,
    };
    const filed = await clientOf(t, customer.token).call(ENDPOINTS.support.recordSave, visit);
    expect(filed.body.code).toBe(1);
    const [done] = await t.database.db
      .select()
      .from(supportInspectionProposals)
      .where(eq(supportInspectionProposals.id, proposal.id));
    expect(done).toMatchObject({ status: 'done', recordId: filed.body.result.id });
    const records = async () => (await t.database.db.select().from(inspectionRecords)).length;
    const before = await records();
    const twice = await clientOf(t, customer.token).call(ENDPOINTS.support.recordSave, visit);
    expect([twice.status, twice.body.messageEn]).toEqual([
      404,
      'No such open inspection proposal in your data scope',
    ]);
    expect(await records()).toBe(before);

    // A new proposal after more faults can be set aside instead.
    await report(dev, { type: 'peripheralFault', peripheral: drawer });
    await report(dev, { type: 'peripheralFault', peripheral: drawer });
    const again = (
      await clientOf(t, customer.token).call(ENDPOINTS.support.proposalPage, {
        status: 'open',
        current: '1',
        size: '20',
      })
    ).body.result.records[0];
    expect(again.sn).toBe(dev.sn);
    expect(
      (await clientOf(t, rival.token).call(ENDPOINTS.support.proposalDismiss, { id: again.id })).status,
    ).toBe(404);
    expect(
      (await clientOf(t, customer.token).call(ENDPOINTS.support.proposalDismiss, { id: again.id })).body
        .result,
    ).toEqual({
      dismissed: 1,
    });
    expect(
      (await clientOf(t, customer.token).call(ENDPOINTS.support.proposalDismiss, { id: again.id })).status,
    ).toBe(404);
  });

  it('lets platform administrators set thresholds per peripheral type; others may read them only', async () => {
    expect((await rules()).map((r) => r.peripheralType)).toEqual([
      'drawer',
      'hardware',
      'printer',
      'scanner',
    ]);
    const add = (token: string, body: object) => clientOf(t, token).call(ENDPOINTS.support.ruleSave, body);
    const label = {
      peripheralType: 'Label printer',
      threshold: 2,
      windowMinutes: 60,
      action: 'order',
      faultType: 'printer',
    };
    expect((await add(customer.token, label)).status).toBe(403);
    const made = await add(admin.token, label);
    expect(made.body.result).toMatchObject({
      peripheralType: 'label printer',
      priority: 'normal',
      enabled: true,
    });
    const taken = await add(admin.token, { ...label, peripheralType: 'PRINTER' });
    expect([taken.status, taken.body.messageEn]).toEqual([409, 'This peripheral type has a rule already']);
    const unknown = await add(admin.token, { ...label, peripheralType: 'pinpad', faultType: 'nope' });
    expect([unknown.status, unknown.body.messageEn]).toEqual([
      400,
      'The fault type is not in the dictionary',
    ]);
    const bad = await add(admin.token, { ...label, peripheralType: 'x', threshold: 0 });
    expect(bad.status).toBe(400);
    expect((await rules()).length).toBe(5);

    // The longer type wins: a "Label printer" now opens an order on its second fault within the hour.
    const dev = await terminal();
    const labelJam = () =>
      report(dev, {
        type: 'peripheralFault',
        peripheral: { ...printer, name: 'Label printer' },
        detail: 'jam',
      });
    await labelJam();
    await labelJam();
    const [o] = await ordersOf(dev.sn);
    expect(o).toMatchObject({ faultType: 'printer', priority: 'normal', status: 'draft' });

    // Without a rule, faults open nothing.
    const del = (id: string) => clientOf(t, admin.token).call(ENDPOINTS.support.ruleDelete, { id });
    expect((await del(made.body.result.id)).body.result).toEqual({ deleted: 1 });
    expect((await del(made.body.result.id)).status).toBe(404);
    await setRule('scanner', { enabled: false });
    const scan = await terminal();
    for (let i = 0; i < 4; i++)
      await report(scan, { type: 'peripheralFault', peripheral: { kind: 'usb', name: 'Barcode scanner' } });
    expect(await ordersOf(scan.sn)).toEqual([]);
  });
});
