import { authEndpoints, type SsoProviderSave, ssoEndpoints } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { operationLogs } from '../oplog/oplog.table';
import { users } from '../users/users.table';
import { startTestProvider, TEST_CLIENT, type TestProvider } from './sso.provider.fixture';
import { ssoProviders } from './sso.table';

const PUBLIC_URL = 'http://console.test';

describe('single sign-on against a real OpenID provider', () => {
  let t: TestApp;
  let op: TestProvider;
  let admin: { token: string; userId: string };
  let enterpriseId: string;
  let roleId: string;
  let providerId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    op = await startTestProvider({
      redirectUri: `${PUBLIC_URL}/login`,
      accounts: [
        { sub: 'alice', email: 'alice@acme.test', name: 'Alice', groups: ['pos-admins', 'staff'] },
        { sub: 'bob', email: 'bob@acme.test', name: 'Bob', groups: ['cashiers'] },
        { sub: 'carol', email: 'carol@acme.test', name: 'Carol', groups: ['pos-admins'] },
      ],
    });
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    enterpriseId = (await createAccount(t, { username: 'acme', superiorId: admin.userId })).id;
    roleId = await createRole(t, { code: 'sso_fleet', name: '终端管理', nameEn: 'Fleet' }, 'device:%');
  });
  afterAll(async () => {
    await op?.close();
    await t?.close();
  });

  const anon = () => clientOf(t, null);
  const settings = (over: Partial<SsoProviderSave> = {}): SsoProviderSave => ({
    enterpriseId,
    displayName: 'Acme Login',
    issuer: op.issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    scopes: 'openid email profile groups',
    groupsClaim: 'groups',
    roleMappings: [{ group: 'pos-admins', roleId }],
    emailDomains: ['acme.test'],
    enterpriseCode: 'acme',
    jitCreate: true,
    reviewWaived: true,
    ssoOnly: false,
    enabled: true,
    ...over,
  });
  const save = (over: Partial<SsoProviderSave> = {}) =>
    clientOf(t, admin.token).call(ssoEndpoints.save, settings(over));

  /** Starts at the console, signs in at the provider as `sub` and completes at the console. */
  const ssoSignIn = async (sub: string, alter?: (query: string) => string) => {
    op.state.nextAccount = sub;
    const start = (await anon().call(ssoEndpoints.start, { providerId })).body.result;
    const query = await op.signIn(start.authorizationUrl);
    return (
      await anon().call(ssoEndpoints.finish, {
        flowToken: start.flowToken,
        callbackQuery: alter ? alter(query) : query,
      })
    ).body;
  };
  /** Re-signs the provider's ID token with these claims changed, with its own key or another. */
  const resign =
    (change: Record<string, unknown>, foreign = false) =>
    async (idToken: string) => {
      const key = foreign
        ? (await generateKeyPair('RS256')).privateKey
        : await importJWK(op.signingJwk, 'RS256');
      return new SignJWT({ ...decodeJwt(idToken), ...change })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(key);
    };
  const refusedWith = async (sub: string, tamper: (idToken: string) => Promise<string>) => {
    op.state.tamperIdToken = tamper;
    try {
      return await ssoSignIn(sub);
    } finally {
      op.state.tamperIdToken = null;
    }
  };

  it('stores the client secret encrypted, never answers it, and is found by e-mail domain or code', async () => {
    const saved = await save();
    expect(saved.body.code).toBe(1);
    providerId = saved.body.result.id;
    const [row] = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, providerId));
    expect(row.clientSecretEnc).toMatch(/^v1:/);
    expect(row.clientSecretEnc).not.toContain(TEST_CLIENT.secret);
    const list = await clientOf(t, admin.token).call(ssoEndpoints.list);
    expect(list.body.result).toMatchObject([
      { hasClientSecret: true, redirectUri: `${PUBLIC_URL}/login`, scopes: 'openid email profile groups' },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(TEST_CLIENT.secret);
    // Saving again without a secret keeps the stored one.
    expect((await save({ clientSecret: '' })).body.code).toBe(1);
    const [kept] = await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, providerId));
    expect(kept.clientSecretEnc).toBe(row.clientSecretEnc);
    const byMail = await anon().call(ssoEndpoints.discover, { query: 'Someone@ACME.test' });
    expect(byMail.body.result).toEqual({ providerId, displayName: 'Acme Login' });
    expect((await anon().call(ssoEndpoints.discover, { query: 'acme' })).body.result?.providerId).toBe(
      providerId,
    );
    expect((await anon().call(ssoEndpoints.discover, { query: 'x@other.test' })).body.result).toBeNull();
  });

  it('creates a new user with group pos-admins, gives the mapped role and opens an audited session', async () => {
    const answer = await ssoSignIn('alice');
    expect(answer.code).toBe(1);
    expect(answer.result.tokenValue).not.toBe('');
    expect(answer.result.userVo).toMatchObject({ username: 'alice@acme.test', name: 'Alice', verify: 1 });
    const status = await clientOf(t, answer.result.tokenValue).call(authEndpoints.userStatus);
    expect(status.body.result.permissions).toContain('device:detail:view');
    expect(status.body.result.permissions).not.toContain('user:user:view');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'alice@acme.test'));
    expect(user.superiorId).toBe(enterpriseId);
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'login'), eq(operationLogs.objectId, user.id)));
    expect(log).toMatchObject([{ result: 'success', detail: 'sso' }]);
    // Signing out ends the local session.
    await anon().call(authEndpoints.logout, { token: answer.result.tokenValue });
    expect((await clientOf(t, answer.result.tokenValue).call(authEndpoints.userStatus)).body.code).toBe(500);
    // The second sign-in finds the linked account instead of creating one.
    expect((await ssoSignIn('alice')).result.userVo.id).toBe(user.id);
  });

  it('signs out at the provider too: the local session ends first, then its end-session address is answered', async () => {
    const answer = await ssoSignIn('alice');
    const token = answer.result.tokenValue;
    const out = await clientOf(t, token).call(ssoEndpoints.logout);
    expect((await clientOf(t, token).call(authEndpoints.userStatus)).body.code).toBe(500);
    const discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as {
      end_session_endpoint: string;
    };
    const url = new URL(out.body.result.endSessionUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(discovery.end_session_endpoint);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(decodeJwt(url.searchParams.get('id_token_hint') ?? '')).toMatchObject({ sub: 'alice' });
    // A password session has no provider to leave.
    const local = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    expect((await clientOf(t, local.token).call(ssoEndpoints.logout)).body.result).toEqual({
      endSessionUrl: null,
    });
  });

  it('refuses an account in no mapped group, with a clear message, and creates nothing', async () => {
    const answer = await ssoSignIn('bob');
    expect(answer).toMatchObject({
      code: 403,
      messageEn: expect.stringMatching(/no group mapped to a role/),
    });
    expect(answer.message).toContain('映射');
    expect(await t.database.db.select().from(users).where(eq(users.username, 'bob@acme.test'))).toEqual([]);
  });

  it('refuses a tampered ID token and one signed by a foreign key', async () => {
    const tampered = await refusedWith('carol', async (idToken) => {
      const [h, p, s] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['pos-admins', 'root'] })).toString(
        'base64url',
      );
      return [h, forged, s].join('.');
    });
    expect(tampered).toMatchObject({
      code: 400,
      messageEn: expect.stringMatching(/identity token is not valid/),
    });
    const foreign = await refusedWith('carol', resign({}, true));
    expect(foreign.messageEn).toMatch(/identity token is not valid/);
  });

  it('refuses a wrong nonce and a changed state as a response that does not match the request', async () => {
    const nonce = await refusedWith('carol', resign({ nonce: 'not-the-nonce-sent' }));
    expect(nonce).toMatchObject({
      code: 400,
      messageEn: expect.stringMatching(/does not match this request/),
    });
    const state = await ssoSignIn('carol', (q) => q.replace(/state=[^&]+/, 'state=forged'));
    expect(state.messageEn).toMatch(/does not match this request/);
  });

  it('refuses a wrong audience and an expired token', async () => {
    const audience = await refusedWith('carol', resign({ aud: 'another-client' }));
    expect(audience).toMatchObject({ code: 400, messageEn: expect.stringMatching(/audience/) });
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await refusedWith('carol', resign({ iat: past - 600, exp: past }));
    expect(expired.messageEn).toMatch(/identity token is not valid/);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'carol@acme.test'))).toEqual([]);
  });

  it('lets in no one the provider disabled since the last sign-in', async () => {
    expect((await ssoSignIn('carol')).code).toBe(1);
    const carol = op.accounts.get('carol');
    if (carol) carol.disabled = true;
    const refused = await ssoSignIn('carol');
    expect(refused).toMatchObject({ code: 403, messageEn: expect.stringMatching(/provider refused/) });
    expect(refused.message).toContain('拒绝');
  });

  it('makes an SSO-only enterprise refuse password sign-in, with a clear message', async () => {
    const member = await createAccount(t, { username: 'acme-cashier', superiorId: enterpriseId });
    expect(member.token).toBeTruthy();
    expect((await save({ clientSecret: '', ssoOnly: true })).body.code).toBe(1);
    const login = await anon().call(authEndpoints.login, {
      username: 'acme-cashier',
      password: ACCOUNT_PASSWORD,
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
    expect(login.body).toMatchObject({
      code: 403,
      messageEn: expect.stringMatching(/requires single sign-on/),
    });
    expect(login.body.message).toContain('单点登录');
    const wrong = await anon().call(authEndpoints.login, {
      username: 'acme-cashier',
      password: 'not-the-password',
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
    expect(wrong.body.messageEn).not.toMatch(/single sign-on/);
  });

  it('tells when the provider cannot be reached', async () => {
    const closed = await startTestProvider({ redirectUri: `${PUBLIC_URL}/login`, accounts: [] });
    await closed.close();
    expect((await save({ clientSecret: '', issuer: closed.issuer, ssoOnly: false })).body.code).toBe(1);
    const start = await anon().call(ssoEndpoints.start, { providerId });
    expect(start.body).toMatchObject({ code: 400, messageEn: expect.stringMatching(/cannot be reached/) });
    expect(start.body.message).toContain('无法连接');
  });
});
