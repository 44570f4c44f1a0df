import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { callAs } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { roles } from '../roles/roles.table';

/**
 * What one enterprise must not learn of another: the message target search once listed every
 * enterprise's roles (and a message could name them), and any account's menu tree was answered.
 */
describe('one enterprise does not see into another', () => {
  let t: TestApp;
  let entA: ReturnType<typeof callAs>;
  let entB: ReturnType<typeof callAs>;
  let ids: { a: string; b: string; bStaff: string; bRole: string; salesRole: string };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const [sales] = await db.select().from(roles).where(eq(roles.code, 'sales'));
    const tenantA = await createAccount(t, { username: 'tenant_a', superiorId: admin.userId });
    const tenantB = await createAccount(t, { username: 'tenant_b', superiorId: admin.userId });
    const [a, b] = [tenantA.id, tenantB.id];
    const bStaff = (await createAccount(t, { username: 'tenant_b_staff', superiorId: b })).id;
    const [bRole] = await db
      .insert(roles)
      .values({ name: 'B cashiers', nameEn: 'B cashiers', code: 'b_cashiers', ownerId: b })
      .returning();
    ids = { a, b, bStaff, bRole: bRole.id, salesRole: sales.id };
    entA = callAs(t, tenantA.token);
    entB = callAs(t, tenantB.token);
  });
  afterAll(() => t.close());

  it("lists only built-in roles and one's own as message targets, and refuses another's", async () => {
    const seenByA = (await entA('GET', '/upms/v1/upms/sysMsg/findTargets?scope=roles')).body.result as {
      id: string;
    }[];
    expect(seenByA.map((r) => r.id)).toContain(ids.salesRole);
    expect(seenByA.map((r) => r.id)).not.toContain(ids.bRole);
    const seenByB = (await entB('GET', '/upms/v1/upms/sysMsg/findTargets?scope=roles')).body.result as {
      id: string;
    }[];
    expect(seenByB.map((r) => r.id)).toContain(ids.bRole);

    const saved = await entA('POST', '/upms/v1/upms/sysMsg/addOrUpdate', {
      title: 'To their cashiers',
      content: '<p>hi</p>',
      scope: 'roles',
      targetIds: [ids.bRole],
    });
    expect(saved.body).toMatchObject({
      code: 400,
      messageEn: 'Some recipients do not exist or are outside your data scope',
    });
    expect(
      (
        await entB('POST', '/upms/v1/upms/sysMsg/addOrUpdate', {
          title: 'To our cashiers',
          content: '<p>hi</p>',
          scope: 'roles',
          targetIds: [ids.bRole],
        })
      ).body.code,
    ).toBe(1);
  });

  it("answers another enterprise's menu trees as not found, and one's own tree's", async () => {
    for (const id of [ids.b, ids.bStaff]) {
      const res = await entA('GET', `/upms/v1/upms/user/getSubUserMenuById?id=${id}`);
      expect(res.body.code).toBe(404);
      expect(JSON.stringify(res.body.result ?? null)).not.toContain('menuVoList');
    }
    expect((await entB('GET', `/upms/v1/upms/user/getSubUserMenuById?id=${ids.bStaff}`)).body.code).toBe(1);
    expect((await entA('GET', `/upms/v1/upms/user/getSubUserMenuById?id=${ids.a}`)).body.code).toBe(1);
  });
});
