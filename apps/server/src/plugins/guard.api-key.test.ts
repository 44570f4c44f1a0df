import { methodsOf, PERMISSION_KEYS, serviceAccountsEndpoints as sa } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema';
import { clientOf } from '../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../test-support/test-app';

/** The walk makes a few hundred calls; on two busy cores that takes a while. */
const WALK_MS = 120_000;

describe('the permission guard with an API key, over every registered route', () => {
  let t: TestApp;
  let everyScope: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = clientOf(t, (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'platform_admin'));
    const account = await admin.call(sa.save, { name: 'walker', roleId: role.id, enabled: true });
    const issued = await admin.call(sa.issueKey, {
      serviceAccountId: account.body.result.id,
      name: 'walk',
      scopes: [...PERMISSION_KEYS],
      expiresInHours: 1,
      rateLimitPerMinute: 6000,
    });
    everyScope = issued.body.result.key;
  });
  afterAll(() => t.close());

  it(
    'lets a key with every scope past the guard everywhere but the console-only routes',
    async () => {
      const forUsers = t.endpoints.filter((e) => !e.public && !e.device);
      for (const def of forUsers)
        for (const method of methodsOf(def)) {
          const res = await t.app.inject({
            method,
            url: def.path,
            headers: { authorization: `Bearer ${everyScope}` },
            payload: method === 'POST' ? {} : undefined,
          });
          if (def.consoleOnly) {
            expect(res.statusCode, `${method} ${def.path}`).toBe(403);
            expect(res.json().messageEn, `${method} ${def.path}`).toMatch(/console session/);
          } else expect([401, 403], `${method} ${def.path}`).not.toContain(res.statusCode);
        }
      expect(forUsers.filter((e) => e.consoleOnly).length).toBeGreaterThanOrEqual(4);
    },
    WALK_MS,
  );
});
