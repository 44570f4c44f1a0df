import type { SysMenuNode } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

const R = '/upms/v1/upms/role';

const flatten = (nodes: SysMenuNode[]): SysMenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('roles and their grants', () => {
  let t: TestApp;
  let admin: string;
  let ent: { id: string; token: string };
  let entB: { id: string; token: string };
  let menus: SysMenuNode[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    ent = await createAccount(t, { username: 'ent_a' });
    entB = await createAccount(t, { username: 'ent_b' });
    menus = flatten((await callApi(t, admin, 'GET', `${R}/getGrantableTree`)).body.result);
  });
  afterAll(() => t.close());

  const byPermission = (p: string) => menus.find((m) => m.permission === p)?.id as string;
  const save = (token: string, body: Record<string, unknown>) =>
    callApi(t, token, 'POST', `${R}/addOrUpdate`, body);

  it('grants exactly the chosen menus and buttons, and a change reaches the holder on the next request', async () => {
    const menuIds = [
      byPermission('device:terminal:view'),
      byPermission('device:terminal:export'),
      byPermission('user:group:view'),
    ];
    const made = await save(ent.token, { name: '店长', nameEn: 'Store manager', code: 'store_mgr', menuIds });
    expect(made.body.code).toBe(1);
    const holder = await createAccount(t, {
      username: 'mgr',
      roleId: made.body.result.id,
      superiorId: ent.id,
    });
    const status = await callApi(t, holder.token, 'GET', '/upms/v1/upms/user/getUserStatus');
    expect(status.body.result.permissions).toEqual([
      'device:terminal:export',
      'device:terminal:view',
      'user:group:view',
    ]);
    const tree = (
      await callApi(t, holder.token, 'GET', `/upms/v1/upms/user/getSubUserMenuById?id=${holder.id}`)
    ).body.result.menuList;
    expect(tree.map((m: { url: string }) => m.url)).toEqual(['user', 'device']);

    await save(ent.token, {
      id: made.body.result.id,
      name: '店长',
      nameEn: 'Store manager',
      code: 'store_mgr',
      menuIds: menuIds.slice(0, 1),
    });
    const after = await callApi(t, holder.token, 'GET', '/upms/v1/upms/user/getUserStatus');
    expect(after.body.result.permissions).toEqual(['device:terminal:view']);
    await save(ent.token, {
      id: made.body.result.id,
      name: '店长',
      code: 'store_mgr',
      enabled: false,
      menuIds: menuIds.slice(0, 1),
    });
    expect(
      (await callApi(t, holder.token, 'GET', '/upms/v1/upms/user/getUserStatus')).body.result.permissions,
    ).toEqual([]);

    const rows = (await callApi(t, ent.token, 'GET', `${R}/getPage?code=store`)).body.result.records;
    expect(rows[0]).toMatchObject({
      code: 'store_mgr',
      status: 0,
      userCount: 1,
      builtIn: false,
      menuIds: menuIds.slice(0, 1),
    });
  });

  it('refuses a duplicate code, a role in use, grants beyond the caller and edits of built-in roles', async () => {
    const dup = await save(admin, { name: 'x', code: 'store_mgr' });
    expect(dup.body).toMatchObject({ code: 409, message: '角色编码已存在' });
    const role = (await callApi(t, ent.token, 'GET', `${R}/getPage?code=store_mgr`)).body.result.records[0];
    const inUse = await callApi(t, ent.token, 'GET', `${R}/delete?id=${role.id}`);
    expect(inUse.body).toMatchObject({
      code: 409,
      messageEn: 'Accounts or service accounts still hold this role; it cannot be deleted',
    });
    const beyond = await save(ent.token, {
      name: 'y',
      code: 'menu_admin',
      menuIds: [byPermission('user:menu:view')],
    });
    expect(beyond.body.code).toBe(403);
    const allScope = await save(ent.token, { name: 'z', code: 'all_scope', dataScope: 'all' });
    expect(allScope.body.code).toBe(403);
    const builtIn = (await callApi(t, ent.token, 'GET', `${R}/getPage?code=sales`)).body.result.records[0];
    expect(builtIn.builtIn).toBe(true);
    expect((await save(ent.token, { id: builtIn.id, name: 'Sales!', code: 'sales' })).body.code).toBe(403);
    // The grantable tree holds only what the caller holds.
    const grantable = flatten((await callApi(t, ent.token, 'GET', `${R}/getGrantableTree`)).body.result);
    expect(grantable.some((m) => m.permission === 'user:menu:view')).toBe(false);
    expect(grantable.some((m) => m.permission === 'device:terminal:view')).toBe(true);
  });

  it('shows another enterprise none of these roles', async () => {
    const theirs = (await callApi(t, entB.token, 'GET', `${R}/getPage?size=100`)).body.result.records;
    expect(theirs.map((r: { code: string }) => r.code)).not.toContain('store_mgr');
    expect(theirs.every((r: { builtIn: boolean }) => r.builtIn)).toBe(true);
    const options = (await callApi(t, entB.token, 'GET', `${R}/getOptions`)).body.result;
    expect(options.map((r: { code: string }) => r.code).sort()).toEqual(['enterprise_admin', 'sales']);
    const role = (await callApi(t, ent.token, 'GET', `${R}/getPage?code=store_mgr`)).body.result.records[0];
    expect((await save(entB.token, { id: role.id, name: 'mine', code: 'store_mgr' })).body.code).toBe(404);
  });

  it('keeps role codes per account, so a refused code never tells of a role in another enterprise', async () => {
    // Another enterprise's code is free here: the answer is the same as for a code nobody uses.
    expect((await save(entB.token, { name: '店长', code: 'store_mgr' })).body.code).toBe(1);
    expect((await save(entB.token, { name: '店长', code: 'store_mgr' })).body.code).toBe(409);
    // Built-in codes are visible to everyone and stay taken.
    expect((await save(entB.token, { name: 'S', code: 'sales' })).body).toMatchObject({ code: 409 });
    // Two saves of one new code at once: one is made, the other hears 409, never an internal error.
    const both = await Promise.all([1, 2].map(() => save(entB.token, { name: 'twin', code: 'twin_code' })));
    expect(both.map((r) => r.body.code).sort()).toEqual([1, 409]);
  });

  it('needs the grant button to change grants, and 403s each missing button', async () => {
    const noGrant = await save(ent.token, { name: 'Viewer', code: 'viewer' });
    expect(noGrant.body.code).toBe(1);
    const sales = await createAccount(t, { username: 'sales_x', roleCode: 'sales', superiorId: ent.id });
    expect((await save(sales.token, { name: 'a', code: 'a1' })).status).toBe(403);
    expect((await save(sales.token, { id: noGrant.body.result.id, name: 'a', code: 'viewer' })).status).toBe(
      403,
    );
    expect((await callApi(t, sales.token, 'GET', `${R}/delete?id=${noGrant.body.result.id}`)).status).toBe(
      403,
    );
    expect((await callApi(t, sales.token, 'GET', `${R}/getPage`)).status).toBe(403);
    expect((await callApi(t, ent.token, 'GET', `${R}/delete?id=${noGrant.body.result.id}`)).body.code).toBe(
      1,
    );
    const log = (await callApi(t, ent.token, 'GET', '/upms/v1/upms/operationLog/getPage?size=50')).body.result
      .records;
    expect(log.map((l: { action: string }) => l.action)).toEqual(
      expect.arrayContaining(['role.create', 'role.update', 'role.delete']),
    );
  });
});
