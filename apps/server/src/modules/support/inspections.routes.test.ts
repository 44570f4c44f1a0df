import { ENDPOINTS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf, exportTableOf, refusalOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { badHeaders } from '../../test-support/workbook';
import { inspectionProcessEvents, inspectionRecords, supportOrders } from './support.table';

const PNG = Buffer.concat([
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0,
    0, 16,
  ]),
  Buffer.alloc(1500, 9),
]);

const standards = (printerContent = 'Printer prints a test receipt') => [
  {
    name: 'Hardware',
    items: [
      { key: 'printer', content: printerContent, kind: 'passFail', photoRequired: true },
      { key: 'battery', content: 'Battery health', kind: 'value', min: 80, max: 100, unit: '%' },
    ],
  },
];

describe('inspection processes and records', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let inspector: { id: string; token: string };
  let other: { id: string; token: string };

  const process = (token: string, body: object) =>
    clientOf(t, token).call(ENDPOINTS.support.processSave, body);
  const move = (id: string, action: string) =>
    clientOf(t, admin.token).call(ENDPOINTS.support.processTransition, { id, action });
  const recordCount = async () => (await t.database.db.select().from(inspectionRecords)).length;
  const photo = async (token: string) => {
    const res = await clientOf(t, token).request(ENDPOINTS.blobs.upload, {
      query: { kind: 'supportMedia' },
      file: { name: 'shelf.png', bytes: PNG },
    });
    return res.json().result.id as string;
  };
  const record = (processId: string, results: object[]) => ({
    processId,
    storeName: 'Harbour Store',
    contact: 'Li Wei',
    phone: '+86 138 0000 0000',
    address: '8 Bund Rd, Shanghai',
    visitedAt: '2026-06-01T07:30:00Z',
    lat: 31.24,
    lng: 121.49,
    results,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const roleId = await createRole(t, { code: 'inspector', name: '巡检员', nameEn: 'Inspector' }, [
      'support:record:view',
      'support:record:export',
      'support:recordDetail:view',
      'support:order:view',
      'support:order:add',
    ]);
    // Inspectors sit below the platform account whose checklists they follow.
    inspector = await createAccount(t, { username: 'insp_a', roleId, superiorId: admin.userId });
    other = await createAccount(t, { username: 'insp_b', roleId, superiorId: admin.userId });
  });
  afterAll(() => t.close());

  it('walks a process through every allowed transition and refuses the others with 409 in both languages', async () => {
    const made = await process(admin.token, { name: 'Monthly visit', standards: standards() });
    expect(made.body.result).toMatchObject({ version: 1 });
    const id = made.body.result.id;
    const refusedFromDraft = ['disable', 'enable'];
    for (const action of refusedFromDraft) {
      const res = await move(id, action);
      expect([res.status, res.body.code]).toEqual([409, 409]);
      expect(res.body.message).toContain('巡检流程当前状态不允许此操作');
      expect(res.body.messageEn).toContain(
        "The inspection process's current state does not allow this action",
      );
    }
    expect((await move(id, 'publish')).body.result).toMatchObject({ status: 'active', actions: ['disable'] });
    for (const action of ['publish', 'enable', 'delete']) expect((await move(id, action)).status).toBe(409);
    expect((await move(id, 'disable')).body.result.status).toBe('inactive');
    for (const action of ['publish', 'disable']) expect((await move(id, action)).status).toBe(409);
    expect((await move(id, 'enable')).body.result.status).toBe('active');
    expect((await move(id, 'disable')).body.result.status).toBe('inactive');
    expect((await move(id, 'delete')).body.result.status).toBe('deleted');
    for (const action of ['publish', 'disable', 'enable', 'delete'])
      expect((await move(id, action)).status).toBe(409);
    const edit = await process(admin.token, { id, name: 'x', standards: standards() });
    expect([edit.status, edit.body.messageEn]).toEqual([
      409,
      'A deleted inspection process cannot be edited',
    ]);
    const history = await t.database.db
      .select()
      .from(inspectionProcessEvents)
      .where(eq(inspectionProcessEvents.processId, id));
    expect(history.map((e) => e.kind)).toEqual([
      'create',
      'publish',
      'disable',
      'enable',
      'disable',
      'delete',
    ]);
    const list = await clientOf(t, admin.token).call(ENDPOINTS.support.processPage, {
      current: '1',
      size: '14',
    });
    expect(list.body.result.records.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('refuses a record against a draft or deleted process, and a required item left empty; nothing is stored', async () => {
    const draft = (await process(admin.token, { name: 'Draft one', standards: standards() })).body.result.id;
    const before = await recordCount();
    const shot = await photo(inspector.token);
    const full = [
      { key: 'printer', passed: true, photoIds: [shot] },
      { key: 'battery', value: 90 },
    ];
    const onDraft = await clientOf(t, inspector.token).call(
      ENDPOINTS.support.recordSave,
      record(draft, full),
    );
    expect([onDraft.status, onDraft.body.messageEn]).toEqual([
      409,
      'Records can only be filed against an active process (not a draft, inactive or deleted one)',
    ]);
    await move(draft, 'delete');
    expect(
      (await clientOf(t, inspector.token).call(ENDPOINTS.support.recordSave, record(draft, full))).status,
    ).toBe(409);
    const live = (await process(admin.token, { name: 'Live one', standards: standards() })).body.result.id;
    await move(live, 'publish');
    const noPhoto = await clientOf(t, inspector.token).call(
      ENDPOINTS.support.recordSave,
      record(live, [
        { key: 'printer', passed: true },
        { key: 'battery', value: 90 },
      ]),
    );
    expect([noPhoto.status, noPhoto.body.messageEn]).toEqual([
      400,
      'A required content item is empty; the record was not saved',
    ]);
    expect(noPhoto.body.message).toContain('有必填检查项未填写');
    expect(refusalOf<{ errors: unknown }>(noPhoto).errors).toEqual([
      {
        field: 'body.results.printer',
        message: '必填检查项未填写',
        messageEn: 'A required content item is empty',
      },
    ]);
    const noValue = await clientOf(t, inspector.token).call(
      ENDPOINTS.support.recordSave,
      record(live, [full[0], { key: 'battery' }]),
    );
    expect(noValue.status).toBe(400);
    expect(await recordCount()).toBe(before);
  });

  it('keeps the version a record was checked against when an active process is edited', async () => {
    const id = (await process(admin.token, { name: 'Versioned', standards: standards() })).body.result.id;
    await move(id, 'publish');
    const shot = await photo(inspector.token);
    const first = await clientOf(t, inspector.token).call(
      ENDPOINTS.support.recordSave,
      record(id, [
        { key: 'printer', passed: false, photoIds: [shot], note: 'Paper jams' },
        { key: 'battery', value: 60 },
      ]),
    );
    expect(first.body.result).toEqual({ id: expect.any(String), failedCount: 2 });
    const edited = await process(admin.token, {
      id,
      name: 'Versioned',
      standards: standards('Printer prints two receipts'),
    });
    expect(edited.body.result.version).toBe(2);
    const d = await clientOf(t, inspector.token).call(ENDPOINTS.support.recordDetail, {
      id: first.body.result.id,
    });
    expect(d.body.result).toMatchObject({ version: 1, failedCount: 2 });
    expect(d.body.result.results[0]).toMatchObject({ content: 'Printer prints a test receipt', ok: false });
    const now = await clientOf(t, admin.token).call(ENDPOINTS.support.processDetail, { id });
    expect(now.body.result).toMatchObject({ version: 2, status: 'active' });
    expect(now.body.result.standards[0].items[0].content).toBe('Printer prints two receipts');

    // A failed item opens an order in one step, once; a passed or foreign one does not.
    const opened = await clientOf(t, inspector.token).call(ENDPOINTS.support.recordOpenOrder, {
      id: first.body.result.id,
      key: 'printer',
      faultType: 'printer',
    });
    expect(opened.body.result.number).toMatch(/^SO-/);
    const [order] = await t.database.db
      .select()
      .from(supportOrders)
      .where(eq(supportOrders.id, opened.body.result.orderId));
    expect(order).toMatchObject({ storeName: 'Harbour Store', status: 'submitted' });
    expect(order.description).toContain('Paper jams');
    const again = await clientOf(t, inspector.token).call(ENDPOINTS.support.recordOpenOrder, {
      id: first.body.result.id,
      key: 'printer',
      faultType: 'printer',
    });
    expect([again.status, again.body.messageEn]).toEqual([
      409,
      'Only a failed item can open an order, and only once',
    ]);
    const foreign = await clientOf(t, other.token).call(ENDPOINTS.support.recordOpenOrder, {
      id: first.body.result.id,
      key: 'battery',
      faultType: 'battery',
    });
    expect(foreign.status).toBe(404);
    const detail = await clientOf(t, inspector.token).call(ENDPOINTS.support.recordDetail, {
      id: first.body.result.id,
    });
    expect(detail.body.result.orders).toEqual([
      { key: 'printer', orderId: order.id, number: opened.body.result.number },
    ]);
  });

  it('shows a process with every version and its history, and a record with links that show its photos', async () => {
    const id = (await process(admin.token, { name: 'Shown', standards: standards() })).body.result.id;
    await move(id, 'publish');
    await process(admin.token, { id, name: 'Shown', standards: standards('Prints twice') });
    const shot = await photo(inspector.token);
    const filed = await clientOf(t, inspector.token).call(
      ENDPOINTS.support.recordSave,
      record(id, [
        { key: 'printer', passed: true, photoIds: [shot] },
        { key: 'battery', value: 95 },
      ]),
    );
    const p = (await clientOf(t, admin.token).call(ENDPOINTS.support.processDetail, { id })).body.result;
    expect(p.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(p.history.map((e: { kind: string }) => e.kind)).toEqual(['create', 'publish', 'edit']);
    expect(p.recordCount).toBe(1);
    const v1 = await clientOf(t, admin.token).call(ENDPOINTS.support.processDetail, {
      id,
      versionId: p.versions[1].id,
    });
    expect(v1.body.result.standards[0].items[0].content).toBe('Printer prints a test receipt');
    const d = (
      await clientOf(t, inspector.token).call(ENDPOINTS.support.recordDetail, { id: filed.body.result.id })
    ).body.result;
    const link = d.photoUrls[shot] as string;
    expect(link).toContain('/file/v1/file/blob/signed?');
    const bytes = await t.app.inject({ method: 'GET', url: link });
    expect([bytes.statusCode, bytes.rawPayload.length]).toEqual([200, PNG.length]);
  });

  it('opens one order from a failed item when the button is pressed twice at once', async () => {
    const id = (await process(admin.token, { name: 'Raced', standards: standards() })).body.result.id;
    await move(id, 'publish');
    const shot = await photo(inspector.token);
    const rec = (
      await clientOf(t, inspector.token).call(
        ENDPOINTS.support.recordSave,
        record(id, [
          { key: 'printer', passed: false, photoIds: [shot] },
          { key: 'battery', value: 50 },
        ]),
      )
    ).body.result.id;
    const count = async () =>
      (await t.database.db.select().from(supportOrders).where(eq(supportOrders.recordId, rec))).length;
    const twice = await Promise.all(
      [1, 2].map(() =>
        clientOf(t, inspector.token).call(ENDPOINTS.support.recordOpenOrder, {
          id: rec,
          key: 'printer',
          faultType: 'printer',
        }),
      ),
    );
    expect(twice.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await count()).toBe(1);
    // With the console's request key the second press answers the same order.
    const keyed = { id: rec, key: 'battery', faultType: 'battery', requestKey: 'rec-battery-0001' };
    const both = await Promise.all(
      [1, 2].map(() => clientOf(t, inspector.token).call(ENDPOINTS.support.recordOpenOrder, keyed)),
    );
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(both[0].body.result.orderId).toBe(both[1].body.result.orderId);
    expect(await count()).toBe(2);
    const d = (await clientOf(t, inspector.token).call(ENDPOINTS.support.recordDetail, { id: rec })).body
      .result;
    expect(d.orders.map((o: { key: string }) => o.key).sort()).toEqual(['battery', 'printer']);
  });

  it('exports the records under the filter with their failed items', async () => {
    const exportIn = (language: string) =>
      exportTableOf(clientOf(t, inspector.token), ENDPOINTS.support.recordExport, { failed: '1' }, language);
    const en = await exportIn('en');
    expect(badHeaders(en.headers, 'en')).toEqual([]);
    expect(en.rows.length).toBeGreaterThan(0);
    expect(en.rows.every((r) => Number(r.Failed) > 0)).toBe(true);
    expect(en.rows.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(r.Visited)))).toBe(true);
    expect(en.rows.map((r) => String(r['Failed items'])).join('\n')).toContain(
      'Hardware / Printer prints a test receipt: Fail',
    );
    const zh = await exportIn('zh-CN');
    expect(zh.headers.slice(0, 3)).toEqual(['巡检流程', '版本', '门店名称']);
    expect(zh.rows.map((r) => String(r.未通过项)).join('\n')).toContain(
      'Hardware / Printer prints a test receipt: 不通过',
    );
    const viewerId = await createRole(
      t,
      { code: 'record_viewer', name: '记录查看', nameEn: 'Record viewer' },
      'support:record:view',
    );
    const plain = await createAccount(t, { username: 'viewer_r', roleId: viewerId });
    const denied = await clientOf(t, plain.token).request(ENDPOINTS.support.recordExport);
    expect(denied.statusCode).toBe(403);
  });

  it('needs the buttons: an inspector can neither create nor publish processes', async () => {
    expect((await process(inspector.token, { name: 'Mine', standards: standards() })).status).toBe(403);
    const id = (await process(admin.token, { name: 'Guarded', standards: standards() })).body.result.id;
    const res = await clientOf(t, inspector.token).call(ENDPOINTS.support.processTransition, {
      id,
      action: 'publish',
    });
    expect(res.status).toBe(403);
  });
});
