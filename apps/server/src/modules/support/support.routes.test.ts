import {
  ENDPOINTS,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '@cpm/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf, exportTableOf, refusalOf } from '../../test-support/api-client';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import type { TestApp } from '../../test-support/test-app';
import { badHeaders, firstSheetOf } from '../../test-support/workbook';
import { messages } from '../messages/messages.table';
import { supportOrderEvents, supportOrders } from './support.table';
import { type Caller, createSupportWorld } from './support-fixtures';

const PNG = Buffer.concat([
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0,
    0, 16,
  ]),
  Buffer.alloc(2000, 7),
]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(400, 3)]);

describe('after-sales orders', () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  let other: Caller;
  let staff: Caller;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  const order = (over: Record<string, unknown> = {}) => ({
    sn: 'SUP0000001',
    contact: 'Li Wei',
    phone: '+86 138 0000 0000',
    faultType: 'printer',
    description: 'The printer jams on every receipt',
    priority: 'high',
    ...over,
  });
  const upload = async (token: string, name: string, bytes: Buffer) => {
    const res = await clientOf(t, token).request(ENDPOINTS.blobs.upload, {
      query: { kind: 'supportMedia' },
      file: { name, bytes },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ordersCount = async () => (await t.database.db.select().from(supportOrders)).length;
  const move = (token: string, id: string, action: string, reason?: string) =>
    clientOf(t, token).call(ENDPOINTS.support.transition, { id, action, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const world = await createSupportWorld({ env: { SMTP_URL: smtp.url } });
    ({ t, admin, customer, other } = world);
    staff = await createAccount(t, { username: 'tech_s', roleId: world.roleId });
    await world.saveTerminal({
      sn: 'SUP0000001',
      name: 'Front desk',
      groupId: world.fleet.group.id,
      storeName: 'Harbour Store',
      mac: '00-11-22-33-44-99',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('opens an order for a terminal with its model and store, and walks it to closed with the history', async () => {
    const photo = await upload(customer.token, 'jam.png', PNG);
    expect(photo.body.code).toBe(1);
    const made = await clientOf(t, customer.token).call(
      ENDPOINTS.support.save,
      order({ mediaIds: [photo.body.result.id], assigneeId: undefined }),
    );
    expect(made.body.code).toBe(1);
    expect(made.body.result.number).toMatch(/^SO-\d{6}$/);
    const id = made.body.result.id;
    const detail = await clientOf(t, customer.token).call(ENDPOINTS.support.detail, { id });
    expect(detail.body.result).toMatchObject({
      sn: 'SUP0000001',
      modelName: 'P2',
      storeName: 'Harbour Store',
      enterpriseName: 'shop_a',
      status: 'submitted',
      ownerId: customer.id,
      actions: ['accept', 'reject'],
      media: [{ name: 'jam.png', mediaType: 'image/png' }],
    });
    // The platform takes it; each step is stored and the customer's bell hears of it.
    for (const [action, status] of [
      ['accept', 'accepted'],
      ['repair', 'repairing'],
      ['return', 'returned'],
      ['close', 'closed'],
    ] as const) {
      const res = await move(admin.token, id, action);
      expect([res.status, res.body.code, res.body.result.status]).toEqual([200, 1, status]);
    }
    await clientOf(t, customer.token).call(ENDPOINTS.support.comment, { id, text: 'Works again, thanks' });
    const done = await clientOf(t, customer.token).call(ENDPOINTS.support.detail, { id });
    expect(done.body.result.history.map((e: { kind: string }) => e.kind)).toEqual([
      'create',
      'accept',
      'repair',
      'return',
      'close',
      'comment',
    ]);
    expect(done.body.result).toMatchObject({ status: 'closed', assigneeName: 'Administrator', actions: [] });
    const bell = await t.database.db.select().from(messages).where(like(messages.title, '%SO-%'));
    expect(bell.length).toBeGreaterThanOrEqual(4);
    // The customer's mailbox hears of each step the platform took, in both languages.
    const number = made.body.result.number as string;
    const mails = smtp.mails.filter(
      (m) => m.to.includes('shop_a@example.test') && m.subject.includes(number),
    );
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Order ${number}`),
        expect.stringContaining(`工单 ${number}`),
      ]),
    );
    expect(mails.length).toBeGreaterThanOrEqual(4);
    expect(mails[0].text).toContain('Harbour Store');
  });

  it('refuses every transition the state does not allow with 409 in both languages, changing nothing', async () => {
    const id = (await clientOf(t, customer.token).call(ENDPOINTS.support.save, order())).body.result.id;
    const eventsBefore = (
      await t.database.db.select().from(supportOrderEvents).where(eq(supportOrderEvents.orderId, id))
    ).length;
    for (const action of ['repair', 'return', 'close']) {
      const res = await move(admin.token, id, action);
      expect([res.status, res.body.code]).toEqual([409, 409]);
      expect(res.body.message).toContain('工单当前状态不允许此操作');
      expect(res.body.messageEn).toContain("The order's current state does not allow this action");
    }
    // A second accept loses the race the first one won.
    expect((await move(admin.token, id, 'accept')).body.code).toBe(1);
    expect((await move(admin.token, id, 'accept')).status).toBe(409);
    const [row] = await t.database.db.select().from(supportOrders).where(eq(supportOrders.id, id));
    expect(row.status).toBe('accepted');
    const eventsAfter = (
      await t.database.db.select().from(supportOrderEvents).where(eq(supportOrderEvents.orderId, id))
    ).length;
    expect(eventsAfter).toBe(eventsBefore + 1);
  });

  it('rejects only with a reason, shown in the history; a rejected order moves no further', async () => {
    const id = (await clientOf(t, customer.token).call(ENDPOINTS.support.save, order())).body.result.id;
    const noReason = await move(admin.token, id, 'reject');
    expect([noReason.status, noReason.body.code]).toEqual([400, 400]);
    expect(JSON.stringify(refusalOf<{ errors: unknown }>(noReason).errors)).toContain(
      'A rejection needs a reason',
    );
    const ok = await move(admin.token, id, 'reject', 'Damage from a fall is not covered');
    expect(ok.body.result).toMatchObject({
      status: 'rejected',
      rejectReason: 'Damage from a fall is not covered',
    });
    expect(ok.body.result.history.at(-1)).toMatchObject({
      kind: 'reject',
      note: 'Damage from a fall is not covered',
    });
    for (const action of ['accept', 'repair', 'return', 'close', 'reject'])
      expect((await move(admin.token, id, action, 'again')).status).toBe(409);
  });

  it('keeps orders inside the data scope: a foreign terminal is not found, a foreign order neither', async () => {
    const before = await ordersCount();
    const foreign = await clientOf(t, other.token).call(ENDPOINTS.support.save, order());
    expect([foreign.status, foreign.body.messageEn]).toEqual([
      404,
      'No terminal with this SN in your data scope',
    ]);
    expect(await ordersCount()).toBe(before);
    const id = (await clientOf(t, customer.token).call(ENDPOINTS.support.save, order())).body.result.id;
    const peek = await clientOf(t, other.token).call(ENDPOINTS.support.detail, { id });
    expect([peek.status, peek.body.code]).toEqual([404, 404]);
    expect((await move(other.token, id, 'accept')).status).toBe(404);
    const list = await clientOf(t, other.token).call(ENDPOINTS.support.page, { current: '1', size: '14' });
    expect(list.body.result.total).toBe(0);
  });

  it('shows service staff the orders assigned to them, and no others', async () => {
    const id = (
      await clientOf(t, admin.token).call(
        ENDPOINTS.support.save,
        order({ assigneeId: staff.id, storeName: 'x' }),
      )
    ).body.result.id;
    const mine = await clientOf(t, staff.token).call(ENDPOINTS.support.page, { current: '1', size: '14' });
    expect(mine.body.result.records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await move(staff.token, id, 'accept')).body.result.status).toBe('accepted');
  });

  it('opens an order by hand without a terminal, and marks it overdue past its due time', async () => {
    const made = await clientOf(t, customer.token).call(
      ENDPOINTS.support.save,
      order({ sn: undefined, storeName: 'Kiosk 7', modelName: 'A8', dueAt: '2026-06-01T08:30:00Z' }),
    );
    expect(made.body.code).toBe(1);
    const d = await clientOf(t, customer.token).call(ENDPOINTS.support.detail, { id: made.body.result.id });
    expect(d.body.result).toMatchObject({ sn: null, storeName: 'Kiosk 7', modelName: 'A8', overdue: false });
    t.clock.advance(3600_000);
    const late = await clientOf(t, customer.token).call(ENDPOINTS.support.page, {
      overdue: '1',
      current: '1',
      size: '14',
    });
    expect(late.body.result.records.map((r: { id: string }) => r.id)).toContain(made.body.result.id);
    const neither = await clientOf(t, customer.token).call(ENDPOINTS.support.save, order({ sn: undefined }));
    expect([neither.status, JSON.stringify(refusalOf<{ errors: unknown }>(neither).errors)]).toEqual([
      400,
      expect.stringContaining('Choose a terminal or enter the store name'),
    ]);
  });

  it('refuses photos of the wrong type, files of another kind or owner, and unknown fault types; nothing is stored', async () => {
    const zip = await upload(customer.token, 'jam.png', ZIP);
    expect([zip.status, zip.body.code]).toEqual([400, 400]);
    const before = await ordersCount();
    const othersPhoto = (await upload(other.token, 'b.png', PNG)).body.result.id;
    const res = await clientOf(t, customer.token).call(
      ENDPOINTS.support.save,
      order({ mediaIds: [othersPhoto] }),
    );
    expect([res.status, res.body.messageEn]).toEqual([
      400,
      expect.stringContaining('Invalid photo or video'),
    ]);
    expect(res.body.message).toContain('照片或视频无效');
    const fault = await clientOf(t, customer.token).call(
      ENDPOINTS.support.save,
      order({ faultType: 'nope' }),
    );
    expect([fault.status, fault.body.messageEn]).toEqual([400, 'The fault type is not in the dictionary']);
    expect(await ordersCount()).toBe(before);
  });

  it('applies every action from every state it starts from, and refuses it (409, nothing changed) from every other', async () => {
    const id = (await clientOf(t, customer.token).call(ENDPOINTS.support.save, order())).body.result.id;
    let tried = 0;
    for (const from of ORDER_STATUSES)
      for (const action of ORDER_ACTIONS) {
        // Put the order in the state under test, as earlier steps would have.
        await t.database.db.update(supportOrders).set({ status: from }).where(eq(supportOrders.id, id));
        const allowed = (ORDER_TRANSITIONS[action].from as readonly OrderStatus[]).includes(from);
        const res = await move(admin.token, id, action, 'a reason');
        const [row] = await t.database.db.select().from(supportOrders).where(eq(supportOrders.id, id));
        if (allowed) {
          expect([res.status, res.body.result.status], `${action} from ${from}`).toEqual([
            200,
            ORDER_TRANSITIONS[action].to,
          ]);
          expect(res.body.result.history.at(-1)).toMatchObject({ kind: action, fromStatus: from });
        } else {
          expect([res.status, res.body.code], `${action} from ${from}`).toEqual([409, 409]);
          expect(row.status).toBe(from);
        }
        tried++;
      }
    expect(tried).toBe(ORDER_STATUSES.length * ORDER_ACTIONS.length);
  });

  it('lets a customer confirm a draft (submit) without the handle button, but not accept it', async () => {
    const roleId = await createRole(t, { code: 'support_customer', name: '客户', nameEn: 'Customer' }, [
      'support:order:view',
      'support:order:add',
    ]);
    const shop = await createAccount(t, { username: 'shop_c', roleId });
    const id = (
      await clientOf(t, shop.token).call(ENDPOINTS.support.save, order({ sn: undefined, storeName: 'C' }))
    ).body.result.id;
    await t.database.db.update(supportOrders).set({ status: 'draft' }).where(eq(supportOrders.id, id));
    const seen = await clientOf(t, shop.token).call(ENDPOINTS.support.detail, { id });
    expect(seen.body.result).toMatchObject({ status: 'draft', actions: ['submit'], canAssign: false });
    expect((await move(shop.token, id, 'accept')).status).toBe(403);
    expect((await move(shop.token, id, 'submit')).body.result.status).toBe('submitted');
    const assign = await clientOf(t, shop.token).call(ENDPOINTS.support.assign, { id, assigneeId: shop.id });
    expect(assign.status).toBe(403);
  });

  it('assigns an order to service staff with a due time, in the history; the staff then sees it; closed orders stay as they are', async () => {
    const id = (await clientOf(t, customer.token).call(ENDPOINTS.support.save, order())).body.result.id;
    const choices = await clientOf(t, admin.token).call(ENDPOINTS.support.assignees);
    expect(choices.body.result.map((a: { username: string }) => a.username)).toEqual(
      expect.arrayContaining(['admin', 'tech_s']),
    );
    const before = (
      await clientOf(t, staff.token).call(ENDPOINTS.support.page, { mine: '1', current: '1', size: '50' })
    ).body.result.records;
    const res = await clientOf(t, admin.token).call(ENDPOINTS.support.assign, {
      id,
      assigneeId: staff.id,
      dueAt: '2026-07-01T10:00:00Z',
    });
    expect(res.body.result).toMatchObject({
      assigneeId: staff.id,
      assigneeName: 'tech_s',
      dueAt: '2026-07-01T10:00:00.000Z',
      canAssign: true,
    });
    expect(res.body.result.history.at(-1)).toMatchObject({ kind: 'assign', actorName: 'admin' });
    const mine = (
      await clientOf(t, staff.token).call(ENDPOINTS.support.page, { mine: '1', current: '1', size: '50' })
    ).body.result;
    expect(mine.total).toBe(before.length + 1);
    const nobody = await clientOf(t, admin.token).call(ENDPOINTS.support.assign, {
      id,
      assigneeId: '00000000-0000-4000-8000-000000000000',
    });
    expect([nobody.status, nobody.body.code]).toEqual([400, 400]);
    // Taking it back keeps the due time when none is given.
    const back = await clientOf(t, admin.token).call(ENDPOINTS.support.assign, { id, assigneeId: null });
    expect(back.body.result).toMatchObject({ assigneeId: null, dueAt: '2026-07-01T10:00:00.000Z' });
    for (const action of ['accept', 'repair', 'return', 'close']) await move(admin.token, id, action);
    const closed = await clientOf(t, admin.token).call(ENDPOINTS.support.assign, {
      id,
      assigneeId: staff.id,
    });
    expect([closed.status, closed.body.messageEn]).toEqual([
      409,
      'A closed or rejected order cannot be reassigned',
    ]);
    // The one who accepted the unassigned order took it; the refused change left it so.
    expect(
      (await clientOf(t, admin.token).call(ENDPOINTS.support.detail, { id })).body.result.assigneeId,
    ).toBe(admin.id);
  });

  it('opens one order for one request key, however often and however fast it is sent', async () => {
    const before = await ordersCount();
    const body = order({ requestKey: 'form-0001-abcdef' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => clientOf(t, customer.token).call(ENDPOINTS.support.save, body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.result.id)).size).toBe(1);
    expect(await ordersCount()).toBe(before + 1);
    const again = await clientOf(t, customer.token).call(ENDPOINTS.support.save, body);
    expect(again.body.result.id).toBe(answers[0].body.result.id);
    // Another person's identical key is their own.
    const theirs = await clientOf(t, admin.token).call(ENDPOINTS.support.save, body);
    expect(theirs.body.result.id).not.toBe(answers[0].body.result.id);
  });

  it('exports the orders under the filter, directly and as a background job', async () => {
    const exportIn = (language: string) =>
      exportTableOf(clientOf(t, customer.token), ENDPOINTS.support.export, { status: 'rejected' }, language);
    const listed = (
      await clientOf(t, customer.token).call(ENDPOINTS.support.page, { status: 'rejected', size: '50' })
    ).body.result.records as { number: string; createdAt: string; priority: string }[];
    const inShanghai = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    // Status, priority and fault type by their dictionary labels, as the order list's tags show them.
    const zh = await exportIn('zh-CN');
    expect(zh.headers.slice(0, 5)).toEqual(['工单号', '状态', '已逾期', '来源', '终端序列号']);
    expect(badHeaders(zh.headers, 'zh')).toEqual([]);
    const rows = zh.rows;
    expect(rows.length).toBe(listed.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.状态 === '已驳回' && ['是', '否'].includes(String(r.已逾期)))).toBe(true);
    const first = rows.find((r) => r.工单号 === listed[0].number);
    expect(first?.创建时间).toBe(inShanghai(listed[0].createdAt));
    expect(['低', '普通', '高', '紧急']).toContain(first?.优先级);
    const en = await exportIn('en');
    expect(en.headers.slice(0, 5)).toEqual(['Order no.', 'Status', 'Overdue', 'Source', 'Terminal SN']);
    expect(badHeaders(en.headers, 'en')).toEqual([]);
    expect(en.rows.every((r) => r.Status === 'Rejected')).toBe(true);
    expect(['By hand', 'Peripheral health', 'Inspection']).toContain(en.rows[0].Source);
    const foreign = await clientOf(t, other.token).request(ENDPOINTS.support.export);
    expect((await firstSheetOf(foreign)).rowCount).toBe(1);
    const started = await clientOf(t, customer.token).call(ENDPOINTS.exports.start, {
      list: 'supportOrders',
      filter: { status: 'rejected' },
      format: 'csv',
    });
    expect(started.body.result.mode).toBe('job');
    const { jobId } = started.body.result as { jobId: string };
    // Runs due jobs until it ended (the app's own runner may take it first).
    let job = { status: 'queued' } as { status: string };
    while (job.status !== 'succeeded' && job.status !== 'failed') {
      await t.jobs.runDue();
      job = (await clientOf(t, customer.token).call(ENDPOINTS.jobs.getById, { id: jobId })).body.result;
      if (job.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: 'succeeded', result: { rows: rows.length, format: 'csv' } });
  });

  it('needs the handle button to move an order', async () => {
    const viewerId = await createRole(
      t,
      { code: 'support_view', name: '工单查看', nameEn: 'Order viewer' },
      'support:order:view',
    );
    const plain = await createAccount(t, { username: 'viewer_v', roleId: viewerId });
    const res = await clientOf(t, plain.token).call(ENDPOINTS.support.transition, {
      id: '00000000-0000-4000-8000-000000000000',
      action: 'accept',
    });
    expect(res.status).toBe(403);
  });
});
