import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../shared/crypto';
import { ACCOUNT_PASSWORD } from '../../test-support/accounts';
import { callAs } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { roles } from '../roles/roles.table';
import { userRoles, users } from '../users/users.table';
import { terminalModels } from './devices.table';

const BASE = '/device/v1/device';

/**
 * Models and peripherals are one catalogue all enterprises' terminals point at. An enterprise administrator
 * (whose seeded role holds the catalogue's buttons) once renamed and disabled a model shown on another
 * enterprise's terminals.
 */
describe('the shared catalogue of models and peripherals', () => {
  let t: TestApp;
  let admin: ReturnType<typeof callAs>;
  let enterprise: ReturnType<typeof callAs>;
  let model: { id: string; name: string };
  let peripheral: { id: string };
  let link: { id: string };
  const ids = { admin: '', enterprise: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const platform = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    admin = callAs(t, platform.token);
    ids.admin = platform.userId;
    const db = t.database.db;
    const [account] = await db
      .insert(users)
      .values({
        username: 'catalogue_ent',
        name: 'Enterprise',
        email: 'catalogue_ent@example.test',
        passwordHash: await hashPassword(ACCOUNT_PASSWORD),
        superiorId: platform.userId,
        state: 1,
      })
      .returning();
    ids.enterprise = account.id;
    const [role] = await db.select().from(roles).where(eq(roles.code, 'enterprise_admin'));
    await db.insert(userRoles).values({ userId: account.id, roleId: role.id });
    enterprise = callAs(t, (await loginAs(t.app, 'catalogue_ent', ACCOUNT_PASSWORD)).token);

    model = (await admin('POST', `${BASE}/model/addOrUpdate`, { name: 'Shared P2' })).body.result;
    peripheral = (
      await admin('POST', `${BASE}/peripheral/addOrUpdate`, {
        kind: 'usb',
        name: 'Scanner',
        pid: '0a1b',
        vid: '0c2d',
      })
    ).body.result;
    link = (
      await admin('POST', `${BASE}/modelPeripheral/addOrUpdate`, {
        modelId: model.id,
        peripheralId: peripheral.id,
      })
    ).body.result;
    expect([model.id, peripheral.id, link.id].every(Boolean)).toBe(true);
  });
  afterAll(() => t.close());

  it('refuses every change from an enterprise, in both languages, and changes nothing', async () => {
    const attempts: [string, unknown][] = [
      [`${BASE}/model/addOrUpdate`, { id: model.id, name: 'Renamed by an enterprise', state: 0 }],
      [`${BASE}/model/addOrUpdate`, { name: 'Enterprise model' }],
      [`${BASE}/model/delete`, { id: model.id }],
      [
        `${BASE}/peripheral/addOrUpdate`,
        { id: peripheral.id, kind: 'usb', name: 'Renamed', pid: '0a1b', vid: '0c2d' },
      ],
      [`${BASE}/peripheral/addOrUpdate`, { kind: 'serial', name: 'Enterprise printer' }],
      [`${BASE}/peripheral/delete`, { id: peripheral.id }],
      [
        `${BASE}/modelPeripheral/addOrUpdate`,
        { id: link.id, modelId: model.id, peripheralId: peripheral.id, required: false },
      ],
      [`${BASE}/modelPeripheral/delete`, { id: link.id }],
    ];
    for (const [url, body] of attempts) {
      const res = await enterprise('POST', url, body);
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({
        code: 403,
        messageEn: expect.stringContaining('only platform administrators'),
      });
      expect((res.body as unknown as { message: string }).message).toContain('平台管理员');
    }
    const [row] = await t.database.db.select().from(terminalModels).where(eq(terminalModels.id, model.id));
    expect(row).toMatchObject({ name: 'Shared P2', state: 1 });
    const names = (await admin('GET', `${BASE}/peripheral/getList`)).body.result as { name: string }[];
    expect(names.map((p) => p.name)).toEqual(['Scanner']);
    // Enterprises still read the catalogue their terminals use.
    const list = (await enterprise('GET', `${BASE}/model/getList`)).body.result as { id: string }[];
    expect(list.map((m) => m.id)).toContain(model.id);
  });

  it("leaves the catalogue's change buttons out of an enterprise's menu, so the console shows none", async () => {
    const buttons = async (call: ReturnType<typeof callAs>, id: string) => {
      const found: string[] = [];
      const walk = (nodes: { permission: string | null; menuVoList: unknown[] }[]) => {
        for (const n of nodes) {
          if (n.permission) found.push(n.permission);
          walk(n.menuVoList as typeof nodes);
        }
      };
      const res = await call('GET', `/upms/v1/upms/user/getSubUserMenuById?id=${id}`);
      walk((res.body.result as { menuList: Parameters<typeof walk>[0] }).menuList);
      return found;
    };
    const own = await buttons(enterprise, ids.enterprise);
    expect(own).toContain('device:model:view');
    expect(own).toContain('device:peripheral:view');
    expect(
      own.filter((p) => /^device:(model|peripheral|modelPeripheral):(add|edit|delete)$/.test(p)),
    ).toEqual([]);
    expect(await buttons(admin, ids.admin)).toEqual(
      expect.arrayContaining(['device:model:add', 'device:model:delete', 'device:peripheral:add']),
    );
  });

  it('lets the platform administrator edit and delete', async () => {
    const renamed = await admin('POST', `${BASE}/model/addOrUpdate`, { id: model.id, name: 'Shared P2 Pro' });
    expect(renamed.body.code, renamed.body.messageEn).toBe(1);
    expect((await admin('POST', `${BASE}/modelPeripheral/delete`, { id: link.id })).body.code).toBe(1);
  });
});
