import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalGroups, terminalModels, terminals, users } from '../../db/schema';
import { createAccount } from '../../test-support/accounts';
import { callAs } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { multipartForm } from '../blobs/testing';

const T = '/device/v1/device/terminal';

describe('a store outside the store scope has no add permission', () => {
  const t = useTestApp();
  let call: ReturnType<typeof callAs>;
  let token: string;
  let modelId: string;
  let storeA: string;
  let storeB: string;
  const terminal = (sn: string, groupId: string, mac: string) => ({
    sn,
    name: 'Till',
    modelId,
    groupId,
    storeName: 'Store',
    mac,
  });
  const snsInDb = async () =>
    (await t.database.db.select({ sn: terminals.sn }).from(terminals)).map((r) => r.sn);

  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const shop = await createAccount(t, { username: 'scoped_shop', superiorId: admin.userId });
    token = shop.token;
    call = callAs(t, shop.token);
    const db = t.database.db;
    [{ id: modelId }] = await db.insert(terminalModels).values({ name: 'P2' }).returning();
    const [region] = await db
      .insert(terminalGroups)
      .values({ name: 'North region', number: 'R1', ownerId: shop.id })
      .returning();
    [{ id: storeA }] = await db
      .insert(terminalGroups)
      .values({ name: 'Store A', number: 'SA', parentId: region.id, ownerId: shop.id })
      .returning();
    [{ id: storeB }] = await db
      .insert(terminalGroups)
      .values({ name: 'Store B', number: 'SB', ownerId: shop.id })
      .returning();
    // The account's store scope is the north region: Store A lies inside it, Store B does not.
    await db.update(users).set({ storeScopeGroupId: region.id }).where(eq(users.id, shop.id));
  });

  it('adds a terminal to a store inside the scope', async () => {
    const added = await call('POST', `${T}/addOrUpdate`, terminal('SCOPE0001', storeA, '00:00:00:00:0A:01'));
    expect(added.body.code).toBe(1);
    expect(await snsInDb()).toEqual(['SCOPE0001']);
  });

  it('refuses adding, moving or importing terminals into a store outside the scope, in both languages, creating nothing', async () => {
    const refused = await call(
      'POST',
      `${T}/addOrUpdate`,
      terminal('SCOPE0002', storeB, '00:00:00:00:0A:02'),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      message: '该门店不在您的门店范围内，没有添加终端的权限',
      messageEn: 'This store is outside your store scope: you have no permission to add terminals to it',
    });

    const existing = (await t.database.db.select().from(terminals).where(eq(terminals.sn, 'SCOPE0001')))[0];
    const edited = await call('POST', `${T}/addOrUpdate`, {
      ...terminal('SCOPE0001', storeB, '00:00:00:00:0A:01'),
      id: existing.id,
    });
    expect(edited.body.code).toBe(403);
    const moved = await call('POST', `${T}/move`, { sns: ['SCOPE0001'], groupId: storeB });
    expect(moved.body.code).toBe(403);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password']);
    sheet.addRow(['SCOPE0003', 'A', 'P2', 'SA', 'Store', '00:00:00:00:0A:03', '']);
    sheet.addRow(['SCOPE0004', 'B', 'P2', 'SB', 'Store', '00:00:00:00:0A:04', '']);
    const form = multipartForm('import.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const imported = (
      await t.app.inject({
        method: 'POST',
        url: `${T}/import`,
        headers: { satoken: token, ...form.headers },
        payload: form.payload,
      })
    ).json();
    expect(imported.result).toMatchObject({
      ok: false,
      imported: 0,
      errors: [
        {
          row: 3,
          field: 'group',
          message: '该门店不在您的门店范围内，没有添加终端的权限',
          messageEn: 'This store is outside your store scope: you have no permission to add terminals to it',
        },
      ],
    });

    expect(await snsInDb()).toEqual(['SCOPE0001']);
    const kept = (await t.database.db.select().from(terminals).where(eq(terminals.sn, 'SCOPE0001')))[0];
    expect(kept.groupId).toBe(storeA);
  });
});
