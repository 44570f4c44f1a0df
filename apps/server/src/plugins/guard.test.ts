import { type EndpointDef, type HttpMethod, methodsOf, SIGNED_IN } from '@cpm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userRoles, users } from '../db/schema';
import { hashPassword } from '../shared/crypto';
import { useTestApp } from '../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../test-support/test-app';
import { assertAccessRule } from './endpoints';

/** The only endpoints anyone may call without a session. */
const INTENDED_PUBLIC = [
  '/healthz',
  '/readyz',
  '/oauth/v1/oauth/login/captcha',
  '/oauth/v1/oauth/login/cpmDoLogin',
  '/oauth/v1/oauth/login/doLogout',
  '/oauth/v1/oauth/login/isLogin',
  // The second sign-in step: the handler checks the signed token the password step gave.
  '/oauth/v1/oauth/login/secondFactor',
  '/oauth/v1/oauth/login/enrolStart',
  '/oauth/v1/oauth/login/enrolConfirm',
  // Passkey sign-in: the handler checks the pending token or, without a password, the passkey itself.
  '/oauth/v1/oauth/login/passkey/options',
  '/oauth/v1/oauth/login/passkey',
  // Enrolling a passkey where a rule requires a second factor: the handler checks the pending token.
  '/oauth/v1/oauth/login/enrolPasskey/options',
  '/oauth/v1/oauth/login/enrolPasskey',
  // Single sign-on: finding the provider and the code flow's two ends, checked against the provider.
  '/oauth/v1/oauth/sso/discover',
  '/oauth/v1/oauth/sso/start',
  '/oauth/v1/oauth/sso/finish',
  // Terminals enroll with their enterprise's enrollment key, checked by the handler.
  '/device/v1/agent/enroll',
  // An external broker asks these whether a client may connect, publish or subscribe.
  '/device/v1/broker/mosquitto/user',
  '/device/v1/broker/mosquitto/superuser',
  '/device/v1/broker/mosquitto/acl',
  '/device/v1/broker/emqx/authenticate',
  '/device/v1/broker/emqx/authorize',
  '/oauth/v1/oauth/registry/publicKey',
  '/oauth/v1/oauth/registry/getEmailCaptcha',
  '/oauth/v1/oauth/registry/updateNewPassword',
  '/oauth/v1/oauth/registry/register',
  '/oauth/v1/oauth/registry/activate',
  // Signed, short-lived download links; the handler checks the signature and expiry.
  '/file/v1/file/blob/signed',
  // An export's link from the bell notice; the handler checks its token and expiry.
  '/upms/v1/upms/export/download',
];

describe('permission guard over every registered route', () => {
  const t = useTestApp();
  let bareToken: string;
  let adminToken: string;

  beforeAll(async () => {
    // An active account holding no role: signed in, but with no permission at all.
    const [bare] = await t.database.db
      .insert(users)
      .values({ username: 'bare', name: 'Bare', passwordHash: await hashPassword('Bare#Pass1'), state: 1 })
      .returning();
    expect(await t.database.db.select().from(userRoles)).toHaveLength(1);
    bareToken = (await loginAs(t.app, bare.username, 'Bare#Pass1')).token;
    adminToken = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });

  /** Calls an endpoint with no input: an empty body for a POST, nothing for a GET. */
  const callEmpty = (def: EndpointDef, method: HttpMethod, headers: { satoken?: string }) =>
    t.app.inject({ method, url: def.path, headers, payload: method === 'POST' ? {} : undefined });

  it('has exactly the intended public endpoints', () => {
    const publicPaths = t.endpoints.filter((e) => e.public).map((e) => e.path);
    expect(publicPaths.sort()).toEqual([...INTENDED_PUBLIC].sort());
  });

  it('answers code 500 (HTTP 401) without a token or with an ended one on every guarded route', async () => {
    const guarded = t.endpoints.filter((e) => !e.public && !e.device);
    expect(guarded.length).toBeGreaterThan(0);
    for (const def of guarded) {
      for (const method of methodsOf(def)) {
        for (const headers of [{}, { satoken: 'not-a-session' }]) {
          const res = await callEmpty(def, method, headers);
          expect(res.statusCode, `${method} ${def.path}`).toBe(401);
          expect(res.json().code, `${method} ${def.path}`).toBe(500);
        }
      }
    }
  });

  it('answers 403 on every permission-guarded route to a user lacking the permission', async () => {
    const permissioned = t.endpoints.filter((e) => !e.public && !e.device && e.permission !== SIGNED_IN);
    for (const def of permissioned) {
      for (const method of methodsOf(def)) {
        const res = await callEmpty(def, method, { satoken: bareToken });
        expect(res.statusCode, `${method} ${def.path}`).toBe(403);
        expect(res.json().code).toBe(403);
      }
    }
  });

  it('lets the platform administrator past the guard on every route', async () => {
    // Logging out (here or through single sign-on) ends the session, so it goes last.
    // Device endpoints take no session; the broker callbacks answer a denial as 403 by their own protocol.
    const forUsers = t.endpoints.filter((e) => !e.device && !e.path.startsWith('/device/v1/broker/'));
    const last = (path: string) => (path.endsWith('doLogout') ? 2 : path.endsWith('sso/logout') ? 1 : 0);
    const ordered = [...forUsers].sort((a, b) => last(a.path) - last(b.path));
    for (const def of ordered) {
      for (const method of methodsOf(def)) {
        const res = await callEmpty(def, method, { satoken: adminToken });
        expect([401, 403], `${method} ${def.path}`).not.toContain(res.statusCode);
      }
    }
  });

  it('answers 401 on every device endpoint without a terminal secret, with a wrong one, or with a session', async () => {
    const deviceOnly = t.endpoints.filter((e) => e.device);
    expect(deviceOnly.length).toBeGreaterThan(0);
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    for (const def of deviceOnly) {
      for (const method of methodsOf(def)) {
        for (const headers of [
          {},
          { authorization: basic('SN0000001', 'wrong-secret') },
          { authorization: 'Basic not-base64' },
          { satoken: adminToken },
        ]) {
          const res = await t.app.inject({ method, url: def.path, headers, payload: {} });
          expect(res.statusCode, `${method} ${def.path}`).toBe(401);
          expect(res.json().code, `${method} ${def.path}`).toBe(401);
        }
      }
    }
  });

  it('refuses a definition with no access kind or with two', () => {
    const base = { method: 'GET' as const, path: '/x', summary: 'x', tag: 'x', result: z.null() };
    expect(() => assertAccessRule(base)).toThrow();
    expect(() => assertAccessRule({ ...base, public: true, device: true })).toThrow();
    expect(() => assertAccessRule({ ...base, permission: SIGNED_IN, device: true })).toThrow();
    expect(() => assertAccessRule({ ...base, device: true })).not.toThrow();
  });
});
