import { ACCOUNT_STATE, type LoginResult } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test-support/test-app';
import type { OidcClient } from './sso.oidc';
import type { SsoProviderRecord, SsoRepository } from './sso.repository';
import { scopesOf } from './sso.service';
import { createSsoSignInService, groupsOf, SSO_FLOW_TTL_MS, type SsoAccount } from './sso.signin.service';

const ENTERPRISE = '00000000-0000-4000-8000-000000000001';
const provider = (over: Partial<SsoProviderRecord> = {}): SsoProviderRecord => ({
  id: 'p1',
  enterpriseId: ENTERPRISE,
  displayName: 'Acme',
  issuer: 'https://id.acme.test',
  clientId: 'c',
  clientSecretEnc: null,
  scopes: 'openid email',
  groupsClaim: 'groups',
  roleMappings: [{ group: 'pos-admins', roleId: 'r-admin' }],
  emailDomains: ['acme.test'],
  enterpriseCode: 'acme',
  jitCreate: true,
  reviewWaived: false,
  ssoOnly: false,
  enabled: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...over,
});

/** The sign-in over in-memory fakes; `claims` is what the provider's checked ID token holds. */
const setup = (
  opts: { provider?: SsoProviderRecord; claims?: Record<string, unknown>; accounts?: SsoAccount[] } = {},
) => {
  const clock = createTestClock();
  const p = opts.provider ?? provider();
  const accounts = new Map((opts.accounts ?? []).map((a) => [a.id, a]));
  const enterprises = new Map<string, string>();
  const created: { username: string; state: number; roleIds: string[] }[] = [];
  const links = new Map<string, string>();
  const repo: Pick<SsoRepository, 'findById' | 'findEnabledBy' | 'findLinkedUser' | 'link'> = {
    findById: async (id) => (id === p.id ? p : null),
    findEnabledBy: async (find) =>
      p.enabled && ('domain' in find ? p.emailDomains.includes(find.domain) : p.enterpriseCode === find.code)
        ? p
        : null,
    findLinkedUser: async (_p, sub) => links.get(sub) ?? null,
    link: async (_p, sub, userId) => {
      links.set(sub, userId);
    },
  };
  const oidc: OidcClient = {
    newChecks: () => ({ state: 's', nonce: 'n', codeVerifier: 'v' }),
    authorizationUrl: async () => 'https://id.acme.test/auth',
    exchange: async () => ({
      claims: opts.claims ?? { sub: 'u1', email: 'ann@acme.test', groups: ['pos-admins'] },
      idToken: 'id.token.sig',
    }),
    endSessionUrl: async () => null,
  };
  const service = createSsoSignInService({
    repo: repo as SsoRepository,
    oidc,
    keys: {
      encryptSecret: (s) => Buffer.from(s).toString('base64'),
      decryptSecret: (s) => Buffer.from(s, 'base64').toString(),
    },
    clock,
    redirectUri: 'http://console.test/login',
    accounts: {
      findById: async (id) => accounts.get(id) ?? null,
      findByUsername: async (name) => [...accounts.values()].find((a) => a.username === name) ?? null,
      enterpriseOf: async (id) => enterprises.get(id) ?? id,
      create: async (a) => {
        const id = `new-${created.length}`;
        created.push(a);
        accounts.set(id, { id, username: a.username, enabled: true });
        return id;
      },
      setRoles: async () => undefined,
    },
    openSession: async (userId) => ({ tokenValue: `t-${userId}` }) as unknown as LoginResult,
    record: async () => undefined,
  });
  const finish = async () => {
    const { flowToken } = await service.start(p.id);
    return service.finish({ flowToken, callbackQuery: '?code=x&state=s' }, { ip: '127.0.0.1' });
  };
  return { service, clock, created, accounts, enterprises, finish };
};

describe('single sign-on rules', () => {
  it('finds the provider by the domain of an e-mail, in any case, or by the enterprise code', async () => {
    const { service } = setup();
    expect(await service.discover('Ann@ACME.test')).toEqual({ providerId: 'p1', displayName: 'Acme' });
    expect(await service.discover(' ACME ')).toEqual({ providerId: 'p1', displayName: 'Acme' });
    expect(await service.discover('ann@other.test')).toBeNull();
  });

  it('creates an account waiting for review when the review is not waived', async () => {
    const { finish, created } = setup();
    await finish();
    expect(created).toEqual([
      expect.objectContaining({
        username: 'ann@acme.test',
        state: ACCOUNT_STATE.pendingReview,
        roleIds: ['r-admin'],
      }),
    ]);
  });

  it('creates an active account when the review is waived', async () => {
    const { finish, created } = setup({ provider: provider({ reviewWaived: true }) });
    await finish();
    expect(created[0].state).toBe(ACCOUNT_STATE.active);
  });

  it('refuses when no group maps to a role, and creates nothing', async () => {
    const { finish, created } = setup({ claims: { sub: 'u1', email: 'ann@acme.test', groups: 'cashiers' } });
    await expect(finish()).rejects.toMatchObject({ key: 'ssoNotMapped' });
    expect(created).toEqual([]);
  });

  it('never takes over an account of another enterprise with the same name', async () => {
    const other = { id: 'o1', username: 'ann@acme.test', enabled: true };
    const { finish, enterprises } = setup({ accounts: [other] });
    enterprises.set('o1', 'another-enterprise');
    await expect(finish()).rejects.toMatchObject({ key: 'ssoNoAccount' });
  });

  it('refuses without an account when accounts are not created on first sign-in', async () => {
    const { finish } = setup({ provider: provider({ jitCreate: false }) });
    await expect(finish()).rejects.toMatchObject({ key: 'ssoNoAccount' });
  });

  it('refuses an account disabled in the console', async () => {
    const { finish, enterprises } = setup({
      accounts: [{ id: 'a1', username: 'ann@acme.test', enabled: false }],
    });
    enterprises.set('a1', ENTERPRISE);
    await expect(finish()).rejects.toMatchObject({ key: 'accountDisabled' });
  });

  it('refuses a flow older than its lifetime and a forged flow token', async () => {
    const { service, clock } = setup();
    const { flowToken } = await service.start('p1');
    clock.advance(SSO_FLOW_TTL_MS);
    await expect(service.finish({ flowToken, callbackQuery: '' }, { ip: 'x' })).rejects.toMatchObject({
      key: 'ssoFlowExpired',
    });
    await expect(
      service.finish({ flowToken: 'forged', callbackQuery: '' }, { ip: 'x' }),
    ).rejects.toMatchObject({
      key: 'ssoStateMismatch',
    });
  });

  it('reads groups from a list or a single name, and always asks for openid once', () => {
    expect(groupsOf({ g: ['a', 1, 'b'] }, 'g')).toEqual(['a', 'b']);
    expect(groupsOf({ g: 'a' }, 'g')).toEqual(['a']);
    expect(groupsOf({}, 'g')).toEqual([]);
    expect(scopesOf('email openid  groups')).toBe('openid email groups');
    expect(scopesOf('')).toBe('openid email profile');
  });
});
