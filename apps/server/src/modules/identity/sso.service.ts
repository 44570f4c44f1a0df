import { SSO_DEFAULT_SCOPES, type SsoProvider, type SsoProviderSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import type { AppKeys } from '../keys/app-keys';
import type { SsoProviderListed, SsoRepository } from './sso.repository';

type Named = { id: string; username: string };

/** The scopes as sent: `openid` first, each once. */
export const scopesOf = (scopes: string) =>
  [...new Set(['openid', ...(scopes.trim() || SSO_DEFAULT_SCOPES).split(/\s+/)])].join(' ');

/**
 * Enterprises' OpenID Connect provider settings: one per enterprise (its top account), the client
 * secret encrypted with the server key and never answered, roles mapped from provider groups.
 */
export const createSsoService = (deps: {
  repo: SsoRepository;
  keys: Pick<AppKeys, 'encryptSecret'>;
  clock: Clock;
  /** The console address the provider sends the browser back to. */
  redirectUri: string;
  enterpriseOf(userId: string): Promise<string>;
  /** An account in the caller's data scope, or null. */
  visibleAccount(auth: AuthContext, id: string): Promise<Named | null>;
  /** A role the caller may hand out, or null. */
  visibleRole(auth: AuthContext, id: string): Promise<{ id: string; name: string } | null>;
}) => {
  const { repo, clock } = deps;

  const present = (p: SsoProviderListed, roleNames: Map<string, string>): SsoProvider => ({
    id: p.id,
    enterpriseId: p.enterpriseId,
    enterpriseName: p.enterpriseName,
    displayName: p.displayName,
    issuer: p.issuer,
    clientId: p.clientId,
    hasClientSecret: Boolean(p.clientSecretEnc),
    scopes: p.scopes,
    groupsClaim: p.groupsClaim,
    roleMappings: p.roleMappings.map((m) => ({ ...m, roleName: roleNames.get(m.roleId) ?? '' })),
    emailDomains: p.emailDomains,
    enterpriseCode: p.enterpriseCode,
    jitCreate: p.jitCreate,
    reviewWaived: p.reviewWaived,
    ssoOnly: p.ssoOnly,
    enabled: p.enabled,
    redirectUri: deps.redirectUri,
    updatedAt: p.updatedAt.toISOString(),
  });

  /** The enterprise's top account when the caller sees it. */
  const visibleEnterprise = async (auth: AuthContext, id: string) => {
    const account = orNotFound(await deps.visibleAccount(auth, id));
    if ((await deps.enterpriseOf(account.id)) !== account.id) throw new AppError('ssoTarget');
    return account;
  };

  return {
    /** Providers of the enterprises the caller sees. */
    async list(auth: AuthContext): Promise<SsoProvider[]> {
      const all = await repo.list();
      const seen = await Promise.all(all.map((p) => deps.visibleAccount(auth, p.enterpriseId)));
      const mine = all.filter((_, i) => seen[i] !== null);
      const roleNames = await repo.roleNames([
        ...new Set(mine.flatMap((p) => p.roleMappings.map((m) => m.roleId))),
      ]);
      return mine.map((p) => present(p, roleNames));
    },

    /** Sets an enterprise's provider; an empty secret keeps the stored one. */
    async save(auth: AuthContext, note: OperationNote, body: SsoProviderSave) {
      const enterprise = await visibleEnterprise(auth, body.enterpriseId);
      for (const m of body.roleMappings) orNotFound(await deps.visibleRole(auth, m.roleId));
      const domains = [...new Set(body.emailDomains)];
      if (await repo.domainsTaken(enterprise.id, domains)) throw new AppError('ssoTaken');
      const existing = await repo.findByEnterprise(enterprise.id);
      const id = await repo.save(
        {
          enterpriseId: enterprise.id,
          displayName: body.displayName,
          issuer: body.issuer.replace(/\/$/, ''),
          clientId: body.clientId,
          clientSecretEnc: body.clientSecret
            ? deps.keys.encryptSecret(body.clientSecret)
            : (existing?.clientSecretEnc ?? null),
          scopes: scopesOf(body.scopes ?? ''),
          groupsClaim: body.groupsClaim,
          roleMappings: body.roleMappings,
          emailDomains: domains,
          enterpriseCode: body.enterpriseCode,
          jitCreate: body.jitCreate,
          reviewWaived: body.reviewWaived,
          ssoOnly: body.ssoOnly,
          enabled: body.enabled,
          updatedAt: clock.now(),
        },
        clock.now(),
      );
      note.subject({ id, name: enterprise.username, detail: body.issuer });
      return { id };
    },

    /** Removes a provider the caller sees; its enterprise's accounts sign in with passwords again. */
    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const provider = orNotFound(await repo.findById(id));
      const enterprise = orNotFound(await deps.visibleAccount(auth, provider.enterpriseId));
      await repo.remove(id);
      note.subject({ id, name: enterprise.username, detail: provider.issuer });
      return null;
    },

    /** Whether the account's enterprise lets it in only through its provider. */
    async passwordRefused(userId: string) {
      const provider = await repo.findByEnterprise(await deps.enterpriseOf(userId));
      return Boolean(provider?.enabled && provider.ssoOnly);
    },
  };
};

export type SsoService = ReturnType<typeof createSsoService>;
