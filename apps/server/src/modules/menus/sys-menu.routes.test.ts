import type { SysMenuNode } from '@cpm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';

const M = '/upms/v1/upms/sysMenu';
const D = '/upms/v1/upms/dicInfo';

describe('menu and dictionary management', () => {
  const t = useTestApp();
  let admin: string;
  let adminId: string;
  let ent: { token: string };

  beforeAll(async () => {
    ({ token: admin, userId: adminId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD));
    ent = await createAccount(t, { username: 'ent_a' });
  });

  const tree = async (): Promise<SysMenuNode[]> =>
    (await callApi(t, admin, 'GET', `${M}/getTree`)).body.result;

  it('adds a page and a button that the console menu then carries, and refuses loops and parents with children', async () => {
    const modules = await tree();
    const device = modules.find((m) => m.url === 'device') as SysMenuNode;
    expect(device).toMatchObject({ menuType: 1, builtIn: true, menuEnglishName: 'Devices', sysCode: 'cpm' });
    const page = await callApi(t, admin, 'POST', `${M}/addOrUpdate`, {
      parentId: device.id,
      menuType: 2,
      name: '销售数据',
      menuEnglishName: 'Sales Figures',
      url: 'reports',
      permission: 'device:report:view',
      icon: 'BarChartOutlined',
      sort: 99,
    });
    expect(page.body.code).toBe(1);
    const button = await callApi(t, admin, 'POST', `${M}/addOrUpdate`, {
      parentId: page.body.result.id,
      menuType: 3,
      name: '打印',
      menuEnglishName: 'Print',
      permission: 'device:report:print',
    });
    expect(button.body.code).toBe(1);
    const menu = (await callApi(t, admin, 'GET', `/upms/v1/upms/user/getSubUserMenuById?id=${adminId}`)).body
      .result.menuList;
    // The platform administrator's role does not hold new entries until granted.
    expect(JSON.stringify(menu)).not.toContain('Sales Figures');
    const loop = await callApi(t, admin, 'POST', `${M}/addOrUpdate`, {
      id: page.body.result.id,
      parentId: button.body.result.id,
      menuType: 2,
      name: '销售数据',
      menuEnglishName: 'Sales Figures',
    });
    expect(loop.body.code).toBe(400);
    const del = await callApi(t, admin, 'GET', `${M}/delete?id=${page.body.result.id}`);
    expect(del.body).toMatchObject({
      code: 409,
      messageEn: 'This menu still has children and cannot be deleted',
    });
    expect((await callApi(t, admin, 'GET', `${M}/delete?id=${button.body.result.id}`)).body.code).toBe(1);
    expect((await callApi(t, admin, 'GET', `${M}/delete?id=${page.body.result.id}`)).body.code).toBe(1);
  });

  it('keeps menus and dictionaries to platform administrators', async () => {
    expect((await callApi(t, ent.token, 'GET', `${M}/getTree`)).status).toBe(403);
    expect(
      (
        await callApi(t, ent.token, 'POST', `${M}/addOrUpdate`, {
          menuType: 1,
          name: 'x',
          menuEnglishName: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await callApi(t, ent.token, 'GET', `${D}/getPage`)).status).toBe(403);
    expect(
      (await callApi(t, ent.token, 'POST', `${D}/addOrUpdate`, { code: 'x', name: 'x', englishName: 'x' }))
        .status,
    ).toBe(403);
  });

  it('seeds the product dictionaries with both labels and serves them as one bundle', async () => {
    const list = (await callApi(t, admin, 'GET', `${D}/getPage?size=100`)).body.result;
    const codes = list.records.map((d: { code: string }) => d.code);
    for (const code of [
      'terminal_status',
      'platform',
      'task_type',
      'task_status',
      'app_review_status',
      'group_type',
    ])
      expect(codes).toContain(code);
    const bundle = (await callApi(t, ent.token, 'GET', `${D}/getAll`)).body.result;
    expect(bundle.terminal_status).toContainEqual({ value: '2', label: '已激活', englishName: 'Activated' });
    expect(bundle.enabled_status).toEqual([
      { value: '1', label: '已启用', englishName: 'Enabled' },
      { value: '0', label: '已禁用', englishName: 'Disabled' },
    ]);
  });

  it('edits dictionaries and items with unique codes and values', async () => {
    const made = await callApi(t, admin, 'POST', `${D}/addOrUpdate`, {
      code: 'paper_size',
      name: '纸张',
      englishName: 'Paper size',
    });
    expect(made.body.code).toBe(1);
    const dup = await callApi(t, admin, 'POST', `${D}/addOrUpdate`, {
      code: 'paper_size',
      name: 'x',
      englishName: 'x',
    });
    expect(dup.body).toMatchObject({ code: 409, message: '字典编码已存在' });
    const dictId = made.body.result.id;
    const item = { dictId, label: '58毫米', englishName: '58 mm', value: '58' };
    expect((await callApi(t, admin, 'POST', '/upms/v1/upms/dicItem/addOrUpdate', item)).body.code).toBe(1);
    expect((await callApi(t, admin, 'POST', '/upms/v1/upms/dicItem/addOrUpdate', item)).body.code).toBe(409);
    const hidden = { dictId, label: '80毫米', englishName: '80 mm', value: '80', enabled: false };
    await callApi(t, admin, 'POST', '/upms/v1/upms/dicItem/addOrUpdate', hidden);
    const items = (await callApi(t, admin, 'GET', `/upms/v1/upms/dicItem/getList?dictId=${dictId}`)).body
      .result;
    expect(items).toHaveLength(2);
    expect((await callApi(t, admin, 'GET', `${D}/getAll`)).body.result.paper_size).toEqual([
      { value: '58', label: '58毫米', englishName: '58 mm' },
    ]);
    expect((await callApi(t, admin, 'GET', `/upms/v1/upms/dicItem/delete?id=${items[0].id}`)).body.code).toBe(
      1,
    );
    expect((await callApi(t, admin, 'GET', `${D}/delete?id=${dictId}`)).body.code).toBe(1);
    expect((await callApi(t, admin, 'GET', `${D}/getPage?keyword=paper`)).body.result.total).toBe(0);
  });
});
