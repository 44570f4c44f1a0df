import { ACCOUNT_STATE, type LoginResult, type SsoChoice } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AppKeys } from '../keys/app-keys';
import type { OidcChecks, OidcClient } from './sso.oidc';
import type { SsoProviderRecord, SsoRepository } from './sso.repository';

/** How long the browser may take at the provider before the attempt must start again. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

/** An account as the sign-in needs it. */
export type SsoAccount = { id: string; username: string; enabled: boolean };

/** One sign-in through a provider, as the operation log sees it. */
export type SsoAttempt = {
  username: string;
  userId: string | null;
  ip: string;
  ok: boolean;
  reason?: string;
};

type Meta = { ip: string; userAgent?: string };
type Flow = OidcChecks & { providerId: string; expiresAt: number };

/** The groups a claim holds: a list of names, or one name. */
export const groupsOf = (claims: Record<string, unknown>, claim: string): string[] => {
  const value = claims[claim];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return typeof value === 'string' ? [value] : [];
};

/**
 * Sign-in through an enterprise's OpenID Connect provider: finding the provider by e-mail domain or
 * enterprise code, the authorization code flow with PKCE (state, nonce and verifier sealed with the
 * server key and kept by the browser tab), then the account found or created with the roles its
 * groups map to, and a console session opened as a password sign-in would.
 */
export const createSsoSignInService = (deps: {
  repo: SsoRepository;
  oidc: OidcClient;
  keys: Pick<AppKeys, 'encryptSecret' | 'decryptSecret'>;
  clock: Clock;
  redirectUri: string;
  accounts: {
    findById(id: string): Promise<SsoAccount | null>;
    findByUsername(username: string): Promise<SsoAccount | null>;
    enterpriseOf(userId: string): Promise<string>;
    create(a: {
      username: string;
      name: string;
      email: string | null;
      enterpriseId: string;
      roleIds: string[];
      state: number;
    }): Promise<string>;
    setRoles(userId: string, roleIds: string[]): Promise<void>;
  };
  /** Opens the session, remembering the provider and its ID token for signing out there later. */
  openSession(
    userId: string,
    meta: Meta & { sso: { providerId: string; idTokenEnc: string | null } },
  ): Promise<LoginResult>;
  record(attempt: SsoAttempt): Promise<void>;
}) => {
  const { repo, clock } = deps;

  const connectionOf = (p: SsoProviderRecord) => ({
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: p.clientSecretEnc ? deps.keys.decryptSecret(p.clientSecretEnc) : null,
    version: p.updatedAt.toISOString(),
  });

  const enabledProvider = async (id: string) => {
    const p = await repo.findById(id);
    if (!p?.enabled) throw new AppError('ssoNotAvailable');
    return p;
  };

  const openFlow = (token: string): Flow => {
    let flow: Flow;
    try {
      flow = JSON.parse(deps.keys.decryptSecret(token)) as Flow;
    } catch {
      throw new AppError('ssoStateMismatch');
    }
    if (flow.expiresAt <= clock.now().getTime()) throw new AppError('ssoFlowExpired');
    return flow;
  };

  /** The account behind the checked claims: linked before, found by its verified e-mail, or created. */
  const accountFor = async (p: SsoProviderRecord, claims: Record<string, unknown>, roleIds: string[]) => {
    const subject = String(claims.sub);
    const linked = await repo.findLinkedUser(p.id, subject);
    if (linked) return deps.accounts.findById(linked);
    const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
    const username =
      email ?? (typeof claims.preferred_username === 'string' ? claims.preferred_username : subject);
    const existing = await deps.accounts.findByUsername(username);
    if (existing) {
      // An account of another enterprise is never taken over by this provider.
      if ((await deps.accounts.enterpriseOf(existing.id)) !== p.enterpriseId)
        throw new AppError('ssoNoAccount');
      return existing;
    }
    if (!p.jitCreate) throw new AppError('ssoNoAccount');
    const id = await deps.accounts.create({
      username,
      name: typeof claims.name === 'string' ? claims.name : username,
      email,
      enterpriseId: p.enterpriseId,
      roleIds,
      state: p.reviewWaived ? ACCOUNT_STATE.active : ACCOUNT_STATE.pendingReview,
    });
    return deps.accounts.findById(id);
  };

  return {
    /**
     * Where the browser signs out at the provider after the local sign-out (RP-initiated logout), for
     * a session a provider opened: null for other sessions, a provider removed or switched off, or
     * one without an `end_session_endpoint`.
     */
    async endSessionUrl(binding: { providerId: string; idTokenEnc: string | null } | null) {
      if (!binding) return null;
      const p = await repo.findById(binding.providerId);
      if (!p?.enabled) return null;
      let idTokenHint: string | null = null;
      try {
        idTokenHint = binding.idTokenEnc ? deps.keys.decryptSecret(binding.idTokenEnc) : null;
      } catch {
        // A token sealed with a key since rotated: the provider then asks the user to confirm.
      }
      return deps.oidc.endSessionUrl(connectionOf(p), {
        idTokenHint,
        postLogoutRedirectUri: deps.redirectUri,
      });
    },

    /** The enabled provider for an e-mail address (by its domain) or an enterprise code. */
    async discover(query: string): Promise<SsoChoice | null> {
      const q = query.trim().toLowerCase();
      const at = q.lastIndexOf('@');
      const p = await repo.findEnabledBy(at >= 0 ? { domain: q.slice(at + 1) } : { code: q });
      return p ? { providerId: p.id, displayName: p.displayName } : null;
    },

    /** Starts an attempt: the authorization URL and the sealed checks the tab keeps. */
    async start(providerId: string) {
      const p = await enabledProvider(providerId);
      const checks = deps.oidc.newChecks();
      const authorizationUrl = await deps.oidc.authorizationUrl(connectionOf(p), {
        redirectUri: deps.redirectUri,
        scope: p.scopes,
        checks,
      });
      const flow: Flow = { ...checks, providerId: p.id, expiresAt: clock.now().getTime() + SSO_FLOW_TTL_MS };
      return { authorizationUrl, flowToken: deps.keys.encryptSecret(JSON.stringify(flow)) };
    },

    /**
     * Completes an attempt with the callback's query: checks it, maps the groups to roles (none
     * mapped: refused), finds or creates the account and opens its session. Every outcome is audited.
     */
    async finish(body: { flowToken: string; callbackQuery: string }, meta: Meta): Promise<LoginResult> {
      let username = '';
      let userId: string | null = null;
      try {
        const flow = openFlow(body.flowToken);
        const p = await enabledProvider(flow.providerId);
        const callback = new URL(deps.redirectUri);
        callback.search = body.callbackQuery.replace(/^\?/, '');
        const { claims, idToken } = await deps.oidc.exchange(connectionOf(p), callback, flow);
        username = String(claims.email ?? claims.preferred_username ?? claims.sub);
        const groups = new Set(groupsOf(claims, p.groupsClaim));
        const roleIds = [...new Set(p.roleMappings.filter((m) => groups.has(m.group)).map((m) => m.roleId))];
        if (roleIds.length === 0) throw new AppError('ssoNotMapped');
        const account = await accountFor(p, claims, roleIds);
        if (!account) throw new AppError('ssoNoAccount');
        username = account.username;
        userId = account.id;
        if (!account.enabled) throw new AppError('accountDisabled');
        await deps.accounts.setRoles(account.id, roleIds);
        await repo.link(p.id, String(claims.sub), account.id, clock.now());
        const result = await deps.openSession(account.id, {
          ...meta,
          sso: { providerId: p.id, idTokenEnc: idToken ? deps.keys.encryptSecret(idToken) : null },
        });
        await deps.record({ username, userId, ip: meta.ip, ok: true, reason: 'sso' });
        return result;
      } catch (err) {
        if (err instanceof AppError)
          await deps.record({
            username: username || '(sso)',
            userId,
            ip: meta.ip,
            ok: false,
            reason: err.key,
          });
        throw err;
      }
    },
  };
};

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
