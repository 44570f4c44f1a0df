import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { users } from '../users/users.table';

const TREE = '/upms/v1/upms/equipment/getTree';
const SAVE = '/upms/v1/upms/equipment/addOrUpdate';
const MOVE = '/upms/v1/upms/equipment/move';
const DELETE = '/upms/v1/upms/equipment/delete';

describe('device groups', () => {
  let t: TestApp;
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let sales: { id: string; token: string };
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t, { username: 'ent_a' });
    b = await createAccount(t, { username: 'ent_b' });
    sales = await createAccount(t, { username: 'sales_a', roleCode: 'sales', superiorId: a.id });
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });
  afterAll(() => t.close());

  const save = (token: string, body: object) => callApi(t, token, 'POST', SAVE, body);
  const tree = (token: string, q = '') => callApi(t, token, 'GET', `${TREE}${q}`);

  it('builds a tree per enterprise and shows another enterprise nothing', async () => {
    const root = await save(a.token, { name: 'North', number: 'N1', type: 'region', areaCode: '010' });
    expect(root.body.code).toBe(1);
    const shop = await save(a.token, {
      name: 'Shop 1',
      number: 'S1',
      parentId: root.body.result.id,
      address: 'Main St 1',
      contact: 'Li',
      phone: '123',
    });
    expect(shop.body.code).toBe(1);
    await save(b.token, { name: 'B root', number: 'N1' });

    const mine = (await tree(a.token)).body.result;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      name: 'North',
      number: 'N1',
      type: 'region',
      areaCode: '010',
      ownerId: a.id,
    });
    expect(mine[0].children[0]).toMatchObject({
      name: 'Shop 1',
      address: 'Main St 1',
      contact: 'Li',
      phone: '123',
    });
    const theirs = (await tree(b.token)).body.result;
    expect(theirs.map((g: { name: string }) => g.name)).toEqual(['B root']);
    // A sales account below enterprise A sees none of A's groups (its own tree only) and none of B's.
    expect((await tree(sales.token)).body.result).toEqual([]);
    // The platform administrator sees both enterprises.
    expect((await tree(admin)).body.result).toHaveLength(2);
    // The keyword keeps the path to a match.
    const found = (await tree(a.token, '?keyword=s1')).body.result;
    expect(found[0].children.map((g: { number: string }) => g.number)).toEqual(['S1']);
  });

  it('refuses a duplicate number within an enterprise, a parent of another enterprise, and edits', async () => {
    const dup = await save(a.token, { name: 'Again', number: 'N1' });
    expect(dup.body).toMatchObject({ code: 409, messageEn: 'A group with this number already exists' });
    const bRoot = (await tree(b.token)).body.result[0];
    const cross = await save(a.token, { name: 'X', number: 'X1', parentId: bRoot.id });
    expect(cross.body.code).toBe(404);
    const [north] = (await tree(a.token)).body.result;
    const edit = await save(a.token, { id: north.id, name: 'North region', number: 'N1', type: 'region' });
    expect(edit.body.code).toBe(1);
    expect((await tree(a.token)).body.result[0].name).toBe('North region');
    // Another enterprise can neither edit nor delete it.
    expect((await save(b.token, { id: north.id, name: 'Hijack', number: 'N9' })).body.code).toBe(404);
    expect((await callApi(t, b.token, 'GET', `${DELETE}?id=${north.id}`)).body.code).toBe(404);
  });

  it('keeps a store time zone, clears it, and refuses an unknown zone in both languages', async () => {
    const [north] = (await tree(a.token)).body.result;
    const body = { id: north.id, name: north.name, number: north.number, type: north.type };
    expect((await save(a.token, { ...body, timeZone: 'Asia/Shanghai' })).body.code).toBe(1);
    expect((await tree(a.token)).body.result[0].timeZone).toBe('Asia/Shanghai');
    const bad = await save(a.token, { ...body, name: 'Renamed', timeZone: 'Mars/Olympus' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.result.errors).toContainEqual({
      field: 'body.timeZone',
      message: '未知的时区',
      messageEn: 'Unknown time zone',
    });
    // Nothing of the refused edit is kept.
    expect((await tree(a.token)).body.result[0]).toMatchObject({
      name: north.name,
      timeZone: 'Asia/Shanghai',
    });
    expect((await save(a.token, { ...body, timeZone: '' })).body.code).toBe(1);
    expect((await tree(a.token)).body.result[0].timeZone).toBeNull();
  });

  it('moves a group but never under itself or its descendant', async () => {
    const [north] = (await tree(a.token)).body.result;
    const shop = north.children[0];
    const loop = await callApi(t, a.token, 'POST', MOVE, { id: north.id, parentId: shop.id });
    expect(loop.body).toMatchObject({ code: 400, messageEn: expect.stringContaining('descendants') });
    const self = await callApi(t, a.token, 'POST', MOVE, { id: north.id, parentId: north.id });
    expect(self.body.code).toBe(400);
    const up = await callApi(t, a.token, 'POST', MOVE, { id: shop.id, parentId: null });
    expect(up.body.code).toBe(1);
    expect((await tree(a.token)).body.result).toHaveLength(2);
    await callApi(t, a.token, 'POST', MOVE, { id: shop.id, parentId: north.id });
  });

  it('refuses to delete a group with children or one used as a store scope, with a clear message', async () => {
    const [north] = (await tree(a.token)).body.result;
    const shop = north.children[0];
    const parent = await callApi(t, a.token, 'GET', `${DELETE}?id=${north.id}`);
    expect(parent.body).toMatchObject({ code: 409, message: '该分组下还有子分组，不能删除' });
    await t.database.db.update(users).set({ storeScopeGroupId: shop.id }).where(eq(users.id, sales.id));
    const used = await callApi(t, a.token, 'POST', `${DELETE}?id=${shop.id}`);
    expect(used.body.code).toBe(409);
    expect(used.body.messageEn).toContain('store scope');
    await t.database.db.update(users).set({ storeScopeGroupId: null }).where(eq(users.id, sales.id));
    expect((await callApi(t, a.token, 'POST', `${DELETE}?id=${shop.id}`)).body.code).toBe(1);
    expect((await callApi(t, a.token, 'POST', `${DELETE}?id=${north.id}`)).body.code).toBe(1);
    expect((await tree(a.token)).body.result).toEqual([]);
  });

  it('answers 403 to a role without the add, edit, move or delete button', async () => {
    const [bRoot] = (await tree(b.token)).body.result;
    // Sales staff hold no group buttons.
    expect((await save(sales.token, { name: 'S', number: 'S' })).status).toBe(403);
    expect((await save(sales.token, { id: bRoot.id, name: 'S', number: 'S' })).status).toBe(403);
    expect((await callApi(t, sales.token, 'POST', MOVE, { id: bRoot.id, parentId: null })).status).toBe(403);
    expect((await callApi(t, sales.token, 'GET', `${DELETE}?id=${bRoot.id}`)).status).toBe(403);
  });

  it('lets the platform administrator create a group for an enterprise', async () => {
    const made = await save(admin, { name: 'For A', number: 'FA', ownerId: a.id });
    expect(made.body.code).toBe(1);
    expect((await tree(a.token)).body.result.map((g: { name: string }) => g.name)).toEqual(['For A']);
    // An enterprise cannot place a group in another's tree.
    expect((await save(a.token, { name: 'Sneak', number: 'SN', ownerId: b.id })).body.code).toBe(404);
  });
});
