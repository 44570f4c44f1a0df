import { methodsOf, PERMISSION_KEYS, SIGNED_IN, serviceAccountsEndpoints as sa } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema';
import { clientOf } from '../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../test-support/test-app';

describe('the permission guard with API keys, over every registered route', () => {
  let t: TestApp;
  let everyScope: string;
  let oneScope: string;

  const send = (method: 'GET' | 'POST', url: string, key: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      payload: method === 'POST' ? {} : undefined,
    });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = clientOf(t, (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'platform_admin'));
    const account = await admin.call(sa.save, { name: 'walker', roleId: role.id, enabled: true });
    const issue = async (scopes: string[]) =>
      (
        await admin.send(sa.issueKey, {
          serviceAccountId: account.body.result.id,
          name: 'walk',
          scopes,
          expiresInHours: 1,
          rateLimitPerMinute: 6000,
        })
      ).body.result.key as string;
    everyScope = await issue([...PERMISSION_KEYS]);
    oneScope = await issue(['device:terminal:view']);
  });
  afterAll(() => t.close());

  it('answers 403 on every route whose permission the key lacks', async () => {
    const permissioned = t.endpoints.filter(
      (e) => !e.public && !e.device && e.permission !== SIGNED_IN && e.permission !== 'device:terminal:view',
    );
    for (const def of permissioned)
      for (const method of methodsOf(def)) {
        const res = await send(method, def.path, oneScope);
        expect(res.statusCode, `${method} ${def.path}`).toBe(403);
      }
  });

  it('lets a key with every scope past the guard everywhere but the console-only routes', async () => {
    const forUsers = t.endpoints.filter((e) => !e.public && !e.device);
    for (const def of forUsers)
      for (const method of methodsOf(def)) {
        const res = await send(method, def.path, everyScope);
        if (def.consoleOnly) {
          expect(res.statusCode, `${method} ${def.path}`).toBe(403);
          expect(res.json().messageEn, `${method} ${def.path}`).toMatch(/console session/);
        } else expect([401, 403], `${method} ${def.path}`).not.toContain(res.statusCode);
      }
    expect(forUsers.filter((e) => e.consoleOnly).length).toBeGreaterThanOrEqual(4);
  });
});
