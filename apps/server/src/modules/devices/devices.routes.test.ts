import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../db/schema';
import { callAs, createFleetFixtures } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { answerTable, badHeaders, readerHeaders, xlsxOf } from '../../test-support/workbook';
import { multipartForm } from '../blobs/testing';

describe('terminal management', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let token: string;
  /** Uploads a workbook as the console does: multipart, field `file`. */
  const importXlsx = async (url: string, bytes: Buffer, name = 'import.xlsx') => {
    const form = multipartForm(name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() as { code: number; result: never; messageEn: string } };
  };
  let modelId: string;
  let groupId: string;
  const terminal = (over: Record<string, unknown> = {}) => ({
    sn: 'p2000000001',
    name: 'Front desk',
    modelId,
    groupId,
    storeName: 'Main street',
    mac: '00-11-22-33-44-55',
    password: 'abc123',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    token = admin.token;
    const f = await createFleetFixtures(t, admin.userId);
    modelId = f.model.id;
    groupId = f.group.id;
  });
  afterAll(() => t.close());

  it('adds a terminal with the SN upper-cased and the MAC normalised, and lists it', async () => {
    const added = await call('POST', '/device/v1/device/terminal/addOrUpdate', terminal());
    expect(added.body.code).toBe(1);
    expect(added.body.result).toMatchObject({
      sn: 'P2000000001',
      mac: '00:11:22:33:44:55',
      status: 'shipped',
      online: false,
    });
    const page = await call(
      'GET',
      '/device/v1/device/terminal/getPage?sn=p2000&status=shipped&online=false&current=1&size=14',
    );
    expect(page.body.result).toMatchObject({ total: 1, current: 1, size: 14 });
    const detail = await call('GET', '/device/v1/device/terminal/getBySn?sn=P2000000001');
    expect(detail.body.result).toMatchObject({ groupName: 'Main store', modelName: 'P2', enrolled: false });
  });

  it('refuses a duplicate SN or MAC with 409, unknown model or group, and a bad password, writing nothing', async () => {
    const dupSn = await call(
      'POST',
      '/device/v1/device/terminal/addOrUpdate',
      terminal({ mac: '00:11:22:33:44:66' }),
    );
    expect([dupSn.status, dupSn.body.code]).toEqual([409, 409]);
    const dupMac = await call(
      'POST',
      '/device/v1/device/terminal/addOrUpdate',
      terminal({ sn: 'P2000000002' }),
    );
    expect([dupMac.status, dupMac.body.messageEn]).toEqual([
      409,
      'This MAC address is used by another terminal',
    ]);
    const fresh = { sn: 'P2000000003', mac: '00:11:22:33:44:77' };
    const badModel = await call(
      'POST',
      '/device/v1/device/terminal/addOrUpdate',
      terminal({ ...fresh, modelId: groupId }),
    );
    expect(badModel.body.messageEn).toBe('No such model');
    const badGroup = await call(
      'POST',
      '/device/v1/device/terminal/addOrUpdate',
      terminal({ ...fresh, groupId: modelId }),
    );
    expect(badGroup.body.messageEn).toBe('No such terminal group');
    for (const password of ['abc', 'abcdefghijklmnopq', 'abc_12']) {
      const bad = await call(
        'POST',
        '/device/v1/device/terminal/addOrUpdate',
        terminal({ ...fresh, password }),
      );
      expect(bad.body.code).toBe(400);
    }
    expect(await t.database.db.select().from(terminals)).toHaveLength(1);
  });

  it('imports all rows or none, answering a row-by-row report', async () => {
    const header = ['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password'];
    const bad = await xlsxOf([
      header,
      ['IMP0001', 'A', 'P2', 'S001', 'Store', '00:00:00:00:00:01', ''],
      ['IMP0002', 'B', 'NOPE', 'S001', 'Store', '00:00:00:00:00:02', 'x'],
    ]);
    const report = await importXlsx('/device/v1/device/terminal/import', bad);
    expect(report.body.result).toMatchObject({ ok: false, imported: 0 });
    expect(
      (report.body.result as { errors: { row: number; field: string }[] }).errors.map((e) => [
        e.row,
        e.field,
      ]),
    ).toEqual([
      [3, 'model'],
      [3, 'password'],
    ]);
    expect(await t.database.db.select().from(terminals)).toHaveLength(1);
    const good = await xlsxOf([header, ['IMP0001', 'A', 'P2', 'S001', 'Store', '00:00:00:00:00:01', '']]);
    const ok = await importXlsx('/device/v1/device/terminal/import', good);
    expect(ok.body.result).toMatchObject({ ok: true, imported: 1 });
    const notExcel = await importXlsx('/device/v1/device/terminal/import', Buffer.from('not a file'));
    expect(notExcel.body).toMatchObject({ code: 400, messageEn: expect.stringMatching(/not allowed/) });
    // A ZIP that is no workbook passes the type check and fails as unreadable.
    const zipOnly = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    const unreadable = await importXlsx('/device/v1/device/terminal/import', zipOnly);
    expect(unreadable.body).toMatchObject({ code: 400, messageEn: expect.stringMatching(/Excel/) });
    const json = await call('POST', '/device/v1/device/terminal/import', {
      content: good.toString('base64'),
    });
    expect(json.body).toMatchObject({ code: 400, messageEn: expect.stringMatching(/No file was sent/) });
  });

  it('creates warehoused terminals from factory exit records', async () => {
    const content = await xlsxOf([
      ['SN', 'Model', 'Status', 'Enterprise'],
      ['EXIT0001', 'P2', 'warehoused', ''],
      ['EXIT0002', 'P2', '', ''],
    ]);
    const res = await importXlsx('/device/v1/device/exitRecord/import', content);
    expect(res.body.result).toMatchObject({ ok: true, imported: 2 });
    const page = await call('GET', '/device/v1/device/exitRecord/getPage?sn=EXIT');
    expect(page.body.result).toMatchObject({ total: 2 });
  });

  it('exports the filtered list in the caller’s language and time zone, with the page’s labels', async () => {
    await t.database.db
      .update(terminals)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z'), battery: 85, ip: '10.0.0.7' })
      .where(eq(terminals.sn, 'P2000000001'));
    const exportIn = async (language: string) =>
      await answerTable(
        await t.app.inject({
          method: 'GET',
          url: '/device/v1/device/terminal/export?sn=P2',
          headers: { satoken: token, ...readerHeaders(language) },
        }),
      );

    const zh = await exportIn('zh-CN');
    expect(zh.headers).toEqual([
      '序列号',
      '终端名称',
      '在线状态',
      '状态',
      '型号',
      '企业',
      '终端分组',
      '门店名称',
      '电量（%）',
      'IP',
      'MAC 地址',
      '最后在线',
      '激活时间',
    ]);
    expect(badHeaders(zh.headers, 'zh')).toEqual([]);
    expect(zh.rows).toHaveLength(1);
    expect(zh.rows[0]).toMatchObject({
      序列号: 'P2000000001',
      // Last seen long ago: the page's "offline for over 72 hours".
      在线状态: '离线超过 72 小时',
      状态: '已发货',
      '电量（%）': 85,
      IP: '10.0.0.7',
      最后在线: '2026-01-01 08:00:00',
    });

    const en = await exportIn('en');
    expect(en.headers).toEqual([
      'SN',
      'Name',
      'Online',
      'Status',
      'Model',
      'Enterprise',
      'Group',
      'Store',
      'Battery (%)',
      'IP',
      'MAC',
      'Last seen',
      'Activated',
    ]);
    expect(badHeaders(en.headers, 'en')).toEqual([]);
    expect(en.rows[0]).toMatchObject({
      SN: 'P2000000001',
      Online: 'Offline > 72 h',
      Status: 'Shipped',
      'Last seen': '2026-01-01 08:00:00',
    });
  });

  it('gives import templates one header per column naming it in both languages, read back by position', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device/v1/device/terminal/template',
      headers: { satoken: token },
    });
    const { headers, rows } = await answerTable(res);
    expect(headers).toEqual([
      '序列号 / SN',
      '终端名称 / Name',
      '型号 / Model',
      '分组编号 / Group number',
      '门店名称 / Store name',
      'MAC 地址 / MAC',
      '终端密码 / Terminal password',
    ]);
    expect(rows).toHaveLength(1);
    // The example row, with an SN and MAC of its own, imports as it is.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const example = book.worksheets[0].getRow(2);
    example.getCell(1).value = 'TPL0001';
    example.getCell(6).value = '00:00:00:00:0A:01';
    example.commit();
    const filled = await importXlsx(
      '/device/v1/device/terminal/import',
      Buffer.from(await book.xlsx.writeBuffer()),
    );
    expect(filled.body.result).toMatchObject({ ok: true, imported: 1 });
    expect(
      (await call('POST', '/device/v1/device/terminal/delete', { sns: ['TPL0001'] })).body.result,
    ).toEqual({
      deleted: 1,
    });
    const exit = await t.app.inject({
      method: 'GET',
      url: '/device/v1/device/exitRecord/template',
      headers: { satoken: token },
    });
    expect((await answerTable(exit)).headers[2]).toBe(
      '状态（warehoused 或 shipped） / Status (warehoused or shipped)',
    );
  });

  it('moves terminals to a group, favourites them and deletes them', async () => {
    const moved = await call('POST', '/device/v1/device/terminal/move', { sns: ['P2000000001'], groupId });
    expect(moved.body.result).toEqual({ moved: 1 });
    const fav = await call('POST', '/device/v1/device/favorite/toggle', {
      sns: ['P2000000001'],
      favorite: true,
    });
    expect(fav.body.result).toEqual({ changed: 1 });
    expect((await call('GET', '/device/v1/device/favorite/getPage')).body.result).toMatchObject({ total: 1 });
    const deleted = await call('POST', '/device/v1/device/terminal/delete', { sns: ['IMP0001'] });
    expect(deleted.body.result).toEqual({ deleted: 1 });
  });

  it('keeps models in use and catalogues peripherals', async () => {
    const inUse = await call('POST', '/device/v1/device/model/delete', { id: modelId });
    expect(inUse.status).toBe(409);
    const p = await call('POST', '/device/v1/device/peripheral/addOrUpdate', {
      kind: 'usb',
      name: 'Printer',
      vid: '483',
      pid: '5740',
      baudRate: 9600,
    });
    expect(p.body.result).toMatchObject({ vid: '0483', pid: '5740' });
    const mp = await call('POST', '/device/v1/device/modelPeripheral/addOrUpdate', {
      modelId,
      peripheralId: (p.body.result as { id: string }).id,
    });
    expect(mp.body.code).toBe(1);
    const again = await call('POST', '/device/v1/device/modelPeripheral/addOrUpdate', {
      modelId,
      peripheralId: (p.body.result as { id: string }).id,
    });
    expect(again.status).toBe(409);
    const dash = await call('GET', '/device/v1/device/dashboard/overview');
    expect(dash.body.result).toMatchObject({ total: 3, online: 0 });
  });

  it('keeps every field of a serial peripheral: name, maker, brand, identifier, baud rate and authorization code', async () => {
    const scale = {
      kind: 'serial',
      name: 'Scale',
      manufacturer: 'Acme Weighing',
      brand: 'Acme',
      identifier: 'ACME-S1',
      baudRate: 115200,
      authCode: 'AUTH-7731',
    };
    const saved = await call('POST', '/device/v1/device/peripheral/addOrUpdate', scale);
    expect(saved.body.code).toBe(1);
    const page = await call('GET', '/device/v1/device/peripheral/getPage?current=1&size=14&kind=serial');
    expect((page.body.result as { records: unknown[] }).records).toContainEqual(
      expect.objectContaining({ ...scale, pid: null, vid: null }),
    );
  });
});
