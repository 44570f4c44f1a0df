import { methodsOf, SIGNED_IN } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../db/schema';
import { hashPassword } from '../shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../test-support/test-app';

/** The only endpoints anyone may call without a session. */
const INTENDED_PUBLIC = [
  '/healthz',
  '/readyz',
  '/oauth/v1/oauth/login/captcha',
  '/oauth/v1/oauth/login/cpmDoLogin',
  '/oauth/v1/oauth/login/doLogout',
  '/oauth/v1/oauth/login/isLogin',
  '/oauth/v1/oauth/registry/publicKey',
  '/oauth/v1/oauth/registry/getEmailCaptcha',
  '/oauth/v1/oauth/registry/updateNewPassword',
  '/oauth/v1/oauth/registry/register',
  '/oauth/v1/oauth/registry/activate',
];

describe('permission guard over every registered route', () => {
  let t: TestApp;
  let bareToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    // An active account holding no role: signed in, but with no permission at all.
    const [bare] = await t.database.db
      .insert(users)
      .values({ username: 'bare', name: 'Bare', passwordHash: await hashPassword('Bare#Pass1'), state: 1 })
      .returning();
    expect(await t.database.db.select().from(userRoles)).toHaveLength(1);
    bareToken = (await loginAs(t.app, bare.username, 'Bare#Pass1')).token;
    adminToken = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });
  afterAll(() => t.close());

  it('has exactly the intended public endpoints', () => {
    const publicPaths = t.endpoints.filter((e) => e.public).map((e) => e.path);
    expect(publicPaths.sort()).toEqual([...INTENDED_PUBLIC].sort());
  });

  it('answers code 500 (HTTP 401) without a token or with an ended one on every guarded route', async () => {
    const guarded = t.endpoints.filter((e) => !e.public);
    expect(guarded.length).toBeGreaterThan(0);
    for (const def of guarded) {
      for (const method of methodsOf(def)) {
        for (const headers of [{}, { satoken: 'not-a-session' }]) {
          const res = await t.app.inject({
            method,
            url: def.path,
            headers,
            payload: method === 'POST' ? {} : undefined,
          });
          expect(res.statusCode, `${method} ${def.path}`).toBe(401);
          expect(res.json().code, `${method} ${def.path}`).toBe(500);
        }
      }
    }
  });

  it('answers 403 on every permission-guarded route to a user lacking the permission', async () => {
    const permissioned = t.endpoints.filter((e) => !e.public && e.permission !== SIGNED_IN);
    for (const def of permissioned) {
      for (const method of methodsOf(def)) {
        const res = await t.app.inject({
          method,
          url: def.path,
          headers: { satoken: bareToken },
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${def.path}`).toBe(403);
        expect(res.json().code).toBe(403);
      }
    }
  });

  it('lets the platform administrator past the guard on every route', async () => {
    // Logging out ends the session, so it goes last.
    const ordered = [...t.endpoints].sort(
      (a, b) => Number(a.path.endsWith('doLogout')) - Number(b.path.endsWith('doLogout')),
    );
    for (const def of ordered) {
      for (const method of methodsOf(def)) {
        const res = await t.app.inject({
          method,
          url: def.path,
          headers: { satoken: adminToken },
          payload: method === 'POST' ? {} : undefined,
        });
        expect([401, 403], `${method} ${def.path}`).not.toContain(res.statusCode);
      }
    }
  });
});
