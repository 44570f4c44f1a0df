import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { answerTable, badHeaders, readerHeaders } from '../../test-support/workbook';

const U = '/upms/v1/upms/user';

describe('user management, data scope and the operation log', () => {
  let t: TestApp;
  let admin: string;
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let salesRoleId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    a = await createAccount(t, { username: 'ent_a' });
    b = await createAccount(t, { username: 'ent_b' });
    const roles = (await callApi(t, a.token, 'GET', '/upms/v1/upms/role/getOptions')).body.result;
    salesRoleId = roles.find((r: { code: string }) => r.code === 'sales').id;
  });
  afterAll(() => t.close());

  const save = (token: string, body: Record<string, unknown>) =>
    callApi(t, token, 'POST', `${U}/addOrUpdate`, body);
  const page = (token: string, q = '') => callApi(t, token, 'GET', `${U}/getPage?size=50${q}`);

  it('creates a user with every field below the caller and lists it with its status tag value', async () => {
    const group = await callApi(t, a.token, 'POST', '/upms/v1/upms/equipment/addOrUpdate', {
      name: 'Shop',
      number: 'S1',
    });
    const res = await save(a.token, {
      username: 'cashier_1',
      password: 'Cash#Pass1',
      name: 'Cashier One',
      email: 'c1@a.test',
      phone: '555',
      description: 'front desk',
      roleIds: [salesRoleId],
      systemLevel: 'store',
      storeScopeGroupId: group.body.result.id,
      hardwareSmsAlert: true,
      fenceEmailAlert: true,
      locationEnabled: false,
      companyName: 'A Ltd',
    });
    expect(res.body.code).toBe(1);
    const rows = (await page(a.token, '&username=cashier')).body.result.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'cashier_1',
      status: 1,
      state: 1,
      roleNamesEn: ['Sales staff'],
      systemLevel: 'store',
      storeScopeGroupName: 'Shop',
      superiorId: a.id,
      superiorName: 'ent_a',
      hardwareSmsAlert: true,
      fenceEmailAlert: true,
      locationEnabled: false,
      companyName: 'A Ltd',
      activated: true,
    });
    await loginAs(t.app, 'cashier_1', 'Cash#Pass1');
  });

  it('refuses bad input with both texts and changes nothing', async () => {
    const dup = await save(a.token, { username: 'CASHIER_1', password: 'Cash#Pass1' });
    expect(dup.body).toMatchObject({
      code: 409,
      message: '用户名已存在',
      messageEn: 'This username is already taken',
    });
    const badName = await save(a.token, { username: '_x', password: 'Cash#Pass1' });
    expect(badName.body.result.errors[0]).toMatchObject({ field: 'body.username' });
    const weak = await save(a.token, { username: 'weak_one', password: 'password1' });
    expect(weak.body.result.errors[0].messageEn).toContain('upper and lower case');
    const noPassword = await save(a.token, { username: 'nopass' });
    expect(noPassword.body.messageEn).toBe('Please enter a password');
    const platformRole = (await callApi(t, admin, 'GET', '/upms/v1/upms/role/getOptions')).body.result.find(
      (r: { code: string }) => r.code === 'platform_admin',
    );
    const escalate = await save(a.token, {
      username: 'sneaky',
      password: 'Cash#Pass1',
      roleIds: [platformRole.id],
    });
    expect(escalate.body.code).toBe(403);
    // The cashier cannot become its own superior's superior.
    const cashier = (await page(a.token, '&username=cashier')).body.result.records[0];
    const loop = await save(admin, { id: a.id, username: 'ent_a', superiorId: cashier.id, roleIds: [] });
    expect(loop.body.messageEn).toContain('descendants');
    expect((await page(a.token)).body.result.total).toBe(2);
  });

  it('shows an enterprise none of another enterprise’s rows in any list', async () => {
    await save(b.token, { username: 'b_staff', password: 'Cash#Pass1', roleIds: [salesRoleId] });
    const aUsers = (await page(a.token)).body.result.records.map((r: { username: string }) => r.username);
    expect(aUsers.sort()).toEqual(['cashier_1', 'ent_a']);
    expect((await page(a.token, '&username=b_staff')).body.result.total).toBe(0);
    const opts = (await callApi(t, a.token, 'GET', `${U}/getOptions`)).body.result.map(
      (r: { username: string }) => r.username,
    );
    expect(opts).not.toContain('b_staff');
    expect(opts).not.toContain('ent_b');
    const bStaff = (await page(b.token, '&username=b_staff')).body.result.records[0];
    expect((await save(a.token, { id: bStaff.id, username: 'b_staff' })).body.code).toBe(404);
    expect((await callApi(t, a.token, 'POST', `${U}/kickOut`, { id: bStaff.id })).body.code).toBe(404);
    const log = (await callApi(t, a.token, 'GET', '/upms/v1/upms/operationLog/getPage?size=100')).body.result
      .records;
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((r: { actorName: string }) => ['ent_a', 'cashier_1'].includes(r.actorName))).toBe(true);
    expect((await page(admin)).body.result.total).toBeGreaterThanOrEqual(5);
  });

  it('disables, re-enables, resets the password and kicks out, ending sessions each time', async () => {
    const cashier = (await page(a.token, '&username=cashier')).body.result.records[0];
    const s1 = await loginAs(t.app, 'cashier_1', 'Cash#Pass1');
    expect(
      (await callApi(t, a.token, 'POST', `${U}/updateStatus`, { id: cashier.id, enabled: false })).body.code,
    ).toBe(1);
    expect((await callApi(t, s1.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(401);
    expect((await page(a.token, '&enabled=0')).body.result.records[0]).toMatchObject({
      username: 'cashier_1',
      status: 0,
    });
    await expect(loginAs(t.app, 'cashier_1', 'Cash#Pass1')).rejects.toThrow(/disabled/);
    await callApi(t, a.token, 'POST', `${U}/updateStatus`, { id: cashier.id, enabled: true });
    const s2 = await loginAs(t.app, 'cashier_1', 'Cash#Pass1');
    expect(
      (await callApi(t, a.token, 'POST', `${U}/resetPassword`, { id: cashier.id, password: 'weak' })).body
        .code,
    ).toBe(400);
    expect(
      (await callApi(t, a.token, 'POST', `${U}/resetPassword`, { id: cashier.id, password: 'Cash#Pass2' }))
        .body.code,
    ).toBe(1);
    expect((await callApi(t, s2.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(401);
    const s3 = await loginAs(t.app, 'cashier_1', 'Cash#Pass2');
    const kicked = await callApi(t, a.token, 'POST', `${U}/kickOut`, { id: cashier.id });
    expect(kicked.body.result).toEqual({ ended: 1 });
    expect((await callApi(t, s3.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(401);
    expect((await callApi(t, a.token, 'POST', `${U}/kickOut`, { id: a.id })).body.messageEn).toBe(
      'You cannot do this to your own account',
    );
    const actions = (
      await callApi(t, a.token, 'GET', '/upms/v1/upms/operationLog/getPage?size=100')
    ).body.result.records.map((r: { action: string }) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.disable',
        'user.enable',
        'password.reset',
        'session.kick',
        'user.roles',
        'login',
      ]),
    );
  });

  it('records failed logins, filters the log, and exports users and the log as Excel', async () => {
    await expect(loginAs(t.app, 'cashier_1', 'Wrong#Pass9')).rejects.toThrow();
    const failures = await callApi(
      t,
      admin,
      'GET',
      '/upms/v1/upms/operationLog/getPage?action=login&result=failure&actorName=cashier',
    );
    // Both failures of this account: the wrong password above and the login while it was disabled.
    const records: { detail: string; at: string }[] = failures.body.result.records;
    expect(records.map((r) => r.detail).sort()).toEqual(['accountDisabled', 'badCredentials']);
    expect(records.every((r) => r.at.endsWith('Z'))).toBe(true);

    const cashier = (await page(a.token, '&username=cashier')).body.result.records[0];
    /** An instant as a reader in Shanghai (UTC+8, no summer time) sees it. */
    const inShanghai = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const exportIn = async (url: string, token: string, language: string) =>
      await answerTable(
        await t.app.inject({
          url,
          headers: { satoken: token, ...readerHeaders(language) },
        }),
      );

    const zh = await exportIn(`${U}/export?username=cashier`, a.token, 'zh-CN');
    expect(zh.headers).toEqual([
      '用户名',
      '姓名',
      '邮箱',
      '电话',
      '角色',
      '状态',
      '上级账号',
      '门店范围',
      '公司名称',
      '硬件异常短信预警',
      '电子围栏邮件预警',
      '国际用户',
      '定位开关',
      '创建时间',
    ]);
    expect(badHeaders(zh.headers, 'zh')).toEqual([]);
    expect(zh.rows).toEqual([
      expect.objectContaining({
        用户名: 'cashier_1',
        状态: '已启用',
        硬件异常短信预警: expect.stringMatching(/^[是否]$/),
        创建时间: inShanghai(cashier.createdAt),
      }),
    ]);
    const en = await exportIn(`${U}/export?username=cashier`, a.token, 'en');
    expect(badHeaders(en.headers, 'en')).toEqual([]);
    expect(en.rows).toEqual([
      expect.objectContaining({
        Username: 'cashier_1',
        Status: 'Enabled',
        'Hardware fault SMS': expect.stringMatching(/^(Yes|No)$/),
        Created: inShanghai(cashier.createdAt),
      }),
    ]);

    const log = await exportIn('/upms/v1/upms/operationLog/export?action=login', admin, 'en');
    expect(log.headers).toEqual(['Time', 'Actor', 'Address', 'Action', 'Object', 'Result', 'Detail']);
    expect(new Set(log.rows.map((r) => r.Action))).toEqual(new Set(['Log in']));
    expect(log.rows.map((r) => r.Result)).toEqual(expect.arrayContaining(['Success', 'Failure']));
    expect(log.rows.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(r.Time)))).toBe(true);
    const logZh = await exportIn('/upms/v1/upms/operationLog/export?action=login', admin, 'zh-CN');
    expect(logZh.headers).toEqual(['时间', '操作人', '地址', '操作', '对象', '结果', '详情']);
    expect(new Set(logZh.rows.map((r) => r.操作))).toEqual(new Set(['登录']));
    expect(logZh.rows.map((r) => r.结果)).toEqual(expect.arrayContaining(['成功', '失败']));
  });

  it('deletes only accounts without subordinates or data', async () => {
    expect((await callApi(t, admin, 'GET', `${U}/delete?id=${a.id}`)).body.code).toBe(409);
    const cashier = (await page(a.token, '&username=cashier')).body.result.records[0];
    expect((await callApi(t, a.token, 'GET', `${U}/delete?id=${cashier.id}`)).body.code).toBe(1);
    expect((await page(a.token, '&username=cashier')).body.result.total).toBe(0);
  });

  it('answers 403 to a role lacking each user button', async () => {
    const sales = await createAccount(t, { username: 'sales_only', roleCode: 'sales', superiorId: a.id });
    expect((await save(sales.token, { username: 'x_new', password: 'Cash#Pass1' })).status).toBe(403);
    expect((await save(sales.token, { id: sales.id, username: 'sales_only' })).status).toBe(403);
    for (const [path, body] of [
      ['updateStatus', { id: sales.id, enabled: false }],
      ['resetPassword', { id: sales.id, password: 'Cash#Pass1' }],
      ['kickOut', { id: sales.id }],
      ['audit', { id: sales.id, approve: true }],
    ] as const)
      expect((await callApi(t, sales.token, 'POST', `${U}/${path}`, body)).status, path).toBe(403);
    expect((await callApi(t, sales.token, 'GET', `${U}/delete?id=${sales.id}`)).status).toBe(403);
    expect((await callApi(t, sales.token, 'GET', `${U}/export`)).status).toBe(403);
    // Enterprise administrators do not review accounts.
    expect((await callApi(t, a.token, 'GET', `${U}/getAuditPage`)).status).toBe(403);
  });

  it('keeps the full name, description, address and the salesman name, phone and address of an account', async () => {
    const account = {
      username: 'shop_owner_1',
      name: 'Lin Mei',
      description: 'owner of two tills',
      companyName: 'Harbour Tea',
      address: '8 Bund Rd, Shanghai',
      salesmanName: 'Zhou Wei',
      salesmanPhone: '+86 21 5555 0101',
      salesmanAddress: '12 Nanjing Rd, Shanghai',
    };
    const res = await save(a.token, { ...account, password: 'Shop#Pass1' });
    expect(res.body.code).toBe(1);
    const rows = (await page(a.token, '&username=shop_owner')).body.result.records;
    expect(rows).toEqual([expect.objectContaining(account)]);
  });
});
