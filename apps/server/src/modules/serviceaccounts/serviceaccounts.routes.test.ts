import {
  authEndpoints,
  devicesEndpoints,
  type EndpointDef,
  ERRORS,
  type IssuedApiKey,
  registryEndpoints,
  rolesEndpoints,
  serviceAccountsEndpoints as sa,
  usersEndpoints,
} from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf, urlOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { terminals } from '../devices/devices.table';
import { operationLogs } from '../oplog/oplog.table';
import { roles } from '../roles/roles.table';
import { createServiceAccountsRepository } from './serviceaccounts.repository';

const HOUR = 3_600_000;
const SCOPES = ['device:terminal:view', 'task:create:add'];

describe('service accounts and API keys', () => {
  let t: TestApp;
  let admin: ReturnType<typeof clientOf>;
  let serviceAccountId: string;
  let entId: string;
  let outsider: ReturnType<typeof clientOf>;

  /** Calls an endpoint with `Authorization: Bearer <key>` (and from an address, when given). */
  const withKey = async (key: string, def: EndpointDef, input?: object, remoteAddress?: string) => {
    const method = typeof def.method === 'string' ? def.method : def.method[0];
    const res = await t.app.inject({
      method,
      url: method === 'GET' ? urlOf(def, input as Record<string, unknown>) : def.path,
      headers: { authorization: `Bearer ${key}` },
      payload: method === 'POST' ? (input ?? {}) : undefined,
      remoteAddress,
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const listTerminals = (key: string, remoteAddress?: string) =>
    withKey(key, devicesEndpoints.terminalPage, { current: 1, size: 10 }, remoteAddress);

  /** A request to issue a key to the service account, with these fields changed. */
  const keyRequest = (over: Record<string, unknown> = {}) => ({
    serviceAccountId,
    name: 'till sync',
    scopes: SCOPES,
    expiresInHours: 24,
    ...over,
  });
  const issue = async (over: Record<string, unknown> = {}) => {
    const res = await admin.call(sa.issueKey, keyRequest(over));
    expect(res.body.code).toBe(1);
    return res.body.result as IssuedApiKey;
  };

  beforeAll(async () => {
    // Requests from 10.9.0.1 and 10.8.0.0/16 come through a proxy the server trusts.
    t = await createTestApp({ env: { TRUST_PROXY: '10.9.0.1, 10.8.0.0/16' } });
    const ent = await createAccount(t, { username: 'ent_svc' });
    entId = ent.id;
    const other = await createAccount(t, { username: 'other_ent' });
    await t.database.db.insert(terminals).values([
      { sn: 'SVC0001', name: 'mine', ownerId: ent.id },
      { sn: 'SVC0002', name: 'theirs', ownerId: other.id },
    ]);
    admin = clientOf(t, ent.token);
    outsider = clientOf(t, other.token);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'enterprise_admin'));
    const options = await admin.call(sa.roleOptions);
    expect(options.body.result.map((r) => r.id)).toContain(role.id);
    const made = await admin.call(sa.save, { name: 'POS bridge', roleId: role.id, enabled: true });
    expect(made.body.code).toBe(1);
    serviceAccountId = made.body.result.id;
  });
  afterAll(() => t.close());

  it('shows the key once, keeps only a hash, and lists it without the secret', async () => {
    const issued = await issue();
    expect(issued.key).toMatch(/^cpk_[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/);
    expect(issued.key.startsWith(`${issued.prefix}.`)).toBe(true);
    const page = await admin.call(sa.page, { current: 1, size: 10 });
    const secret = issued.key.split('.')[1];
    expect(JSON.stringify(page.body)).not.toContain(secret);
    const key = page.body.result.records[0].keys.find((k) => k.id === issued.id);
    expect(key).toMatchObject({ prefix: issued.prefix, scopes: SCOPES, status: 'active' });
  });

  it('reads within its scopes and data scope, is refused outside them, and expires', async () => {
    const { key } = await issue();
    const list = await listTerminals(key);
    expect(list.status).toBe(200);
    expect(list.body.result.records.map((r: { sn: string }) => r.sn)).toEqual(['SVC0001']);
    expect(list.headers['ratelimit-limit']).toBe('600');
    const del = await withKey(key, devicesEndpoints.terminalDelete, { sns: ['SVC0001'] });
    expect(del.status).toBe(403);
    t.clock.advance(24 * HOUR);
    const late = await listTerminals(key);
    expect(late.status).toBe(401);
    expect(late.body.messageEn).toMatch(/expired/);
    t.clock.advance(-24 * HOUR);
  });

  it('refuses scopes outside the role in both languages and changes nothing', async () => {
    const before = await admin.call(sa.page, { current: 1, size: 10 });
    const res = await admin.send(sa.issueKey, keyRequest({ name: 'too wide', scopes: ['user:menu:add'] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('子集');
    expect(res.body.messageEn).toContain('subset');
    const after = await admin.call(sa.page, { current: 1, size: 10 });
    expect(after.body.result.records[0].keys).toHaveLength(before.body.result.records[0].keys.length);
  });

  it('never does what only a console session may', async () => {
    const { key } = await issue({ scopes: SCOPES });
    const change = await withKey(key, registryEndpoints.changePassword, {
      oldPassword: 'x',
      newPassword: 'Abcdef#1',
    });
    expect(change.status).toBe(403);
    expect(change.body.messageEn).toMatch(/console session/);
    const stepUp = await withKey(key, authEndpoints.stepUp);
    expect(stepUp.status).toBe(403);
  });

  it('is refused on the very next request after revocation', async () => {
    const issued = await issue();
    expect((await listTerminals(issued.key)).status).toBe(200);
    expect((await admin.call(sa.revokeKey, { id: issued.id })).body.code).toBe(1);
    expect((await listTerminals(issued.key)).status).toBe(401);
  });

  it('keeps the old key for the overlap after a rotation, then only the new one', async () => {
    const old = await issue();
    const rotated = await admin.call(sa.rotateKey, { id: old.id, overlapMinutes: 10, expiresInHours: 48 });
    expect(rotated.body.code).toBe(1);
    const next = rotated.body.result;
    expect((await listTerminals(old.key)).status).toBe(200);
    expect((await listTerminals(next.key)).status).toBe(200);
    t.clock.advance(11 * 60_000);
    expect((await listTerminals(old.key)).status).toBe(401);
    expect((await listTerminals(next.key)).status).toBe(200);
  });

  it('locks a prefix after 25 wrong secrets, the right key included, until the lock ends', async () => {
    const { key, prefix } = await issue();
    const wrong = `${prefix}.${'A'.repeat(43)}`;
    for (let i = 0; i < 25; i++) expect((await listTerminals(wrong)).status).toBe(401);
    const locked = await listTerminals(key);
    expect(locked.status).toBe(429);
    expect(locked.body.messageEn).toMatch(/locked/);
    t.clock.advance(15 * 60_000);
    expect((await listTerminals(key)).status).toBe(200);
  });

  it('locks an address after 25 unknown prefixes', async () => {
    const { key } = await issue();
    const from = '192.0.2.7';
    for (let i = 0; i < 25; i++)
      expect((await listTerminals(`cpk_${String(i).padStart(12, '0')}.${'B'.repeat(43)}`, from)).status).toBe(
        401,
      );
    expect((await listTerminals(key, from)).status).toBe(429);
    expect((await listTerminals(key, '192.0.2.8')).status).toBe(200);
  });

  it('limits calls per key with the standard headers', async () => {
    const { key } = await issue({ rateLimitPerMinute: 2 });
    const first = await listTerminals(key);
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await listTerminals(key)).headers['ratelimit-remaining']).toBe('0');
    const third = await listTerminals(key);
    expect(third.status).toBe(429);
    expect(third.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '0' });
    expect(Number(third.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(third.body.message).toMatch(/频繁/);
  });

  it('only lets a key in from its allowed sources', async () => {
    const { key } = await issue({ allowedSources: ['10.0.0.0/8', '2001:db8::1'] });
    expect((await listTerminals(key, '10.20.30.40')).status).toBe(200);
    const refused = await listTerminals(key, '203.0.113.9');
    expect(refused.status).toBe(403);
    expect(refused.body.messageEn).toMatch(/address/);
  });

  it('sees the client behind a trusted proxy, and not what anyone else forwards', async () => {
    const { key } = await issue({ allowedSources: ['198.51.100.7'] });
    const via = async (proxy: string, forwardedFor: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: urlOf(devicesEndpoints.terminalPage, { current: 1, size: 10 }),
          headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor },
          remoteAddress: proxy,
        })
      ).statusCode;
    expect(await via('10.9.0.1', '198.51.100.7')).toBe(200);
    // Through two trusted proxies: the address the client itself wrote in front is not believed.
    expect(await via('10.8.3.4', '198.51.100.7, 10.9.0.1')).toBe(200);
    expect(await via('10.8.3.4', '198.51.100.7, 203.0.113.5')).toBe(403);
    // An untrusted proxy (or a client) claiming the allowed address is refused.
    expect(await via('10.20.30.40', '198.51.100.7')).toBe(403);
    expect(await via('127.0.0.1', '198.51.100.7')).toBe(403);
  });

  it('records issue, rotation, revocation and at most one use per key a minute', async () => {
    const issued = await issue();
    for (let i = 0; i < 3; i++) await listTerminals(issued.key);
    const uses = () =>
      t.database.db
        .select()
        .from(operationLogs)
        .where(
          and(eq(operationLogs.action, 'serviceaccount.key.use'), eq(operationLogs.objectId, issued.id)),
        );
    expect(await uses()).toHaveLength(1);
    expect((await uses())[0]).toMatchObject({ actorId: entId, actorName: `POS bridge (${issued.prefix})` });
    t.clock.advance(61_000);
    await listTerminals(issued.key);
    expect(await uses()).toHaveLength(2);
    // The enterprise's own operation log shows them: the owning account is the actor.
    const log = await admin.call(usersEndpoints.logPage, {
      current: 1,
      size: 5,
      action: 'serviceaccount.key.use',
    });
    expect(log.body.result.records[0]).toMatchObject({ objectId: issued.id });
    const actions = (await t.database.db.select().from(operationLogs)).map((r) => r.action);
    for (const action of [
      'serviceaccount.create',
      'serviceaccount.key.issue',
      'serviceaccount.key.rotate',
      'serviceaccount.key.revoke',
    ])
      expect(actions).toContain(action);
  });

  it('sweeps only the counters whose window started before the cut-off', async () => {
    const repo = createServiceAccountsRepository(t.database.db);
    const now = t.clock.now();
    await repo.hit('sweep:old', 60_000, new Date(now.getTime() - 2 * HOUR));
    await repo.hit('sweep:new', 60_000, now);
    expect(await repo.sweepCounters(new Date(now.getTime() - HOUR))).toBeGreaterThanOrEqual(1);
    expect([...(await repo.counters(['sweep:old', 'sweep:new'])).keys()]).toEqual(['sweep:new']);
  });

  it('keeps a role a service account holds from being deleted', async () => {
    const platform = clientOf(t, (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token);
    const roleId = await createRole(t, { code: 'svc_only', name: '集成', nameEn: 'Integration' }, SCOPES);
    const made = await platform.call(sa.save, { name: 'ERP link', roleId: roleId, enabled: true });
    expect(made.body.code).toBe(1);
    const refused = await platform.call(rolesEndpoints.remove, { id: roleId });
    expect(refused.body.messageEn).toBe(ERRORS.roleInUse.en);
    expect(await t.database.db.select().from(roles).where(eq(roles.id, roleId))).toHaveLength(1);
    expect((await platform.call(sa.remove, { id: made.body.result.id })).body.code).toBe(1);
    expect((await platform.call(rolesEndpoints.remove, { id: roleId })).body.code).toBe(1);
  });

  it("keeps another enterprise's administrator away from the accounts and keys", async () => {
    const issued = await issue();
    const page = await outsider.call(sa.page, { current: 1, size: 10 });
    expect(page.body.result.total).toBe(0);
    const revoke = await outsider.send(sa.revokeKey, { id: issued.id });
    expect(revoke.status).toBe(404);
    const more = await outsider.send(
      sa.issueKey,
      keyRequest({ name: 'stolen', scopes: ['device:terminal:view'], expiresInHours: 1 }),
    );
    expect(more.status).toBe(404);
    expect((await listTerminals(issued.key)).status).toBe(200);
  });
});
