import { and, arrayContains, arrayOverlaps, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refuseOnUniqueViolation } from '../../shared/sql';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import { ssoIdentities, ssoProviders } from './sso.table';

export type SsoProviderRecord = typeof ssoProviders.$inferSelect;
/** A provider with its enterprise's account name. */
export type SsoProviderListed = SsoProviderRecord & { enterpriseName: string };
export type SsoProviderValues = Omit<typeof ssoProviders.$inferInsert, 'id' | 'createdAt'>;

/** Storage of enterprises' OpenID Connect providers and of the provider subjects linked to accounts. */
export const createSsoRepository = (db: Db) => ({
  /** Providers of these enterprises (every provider when `enterpriseIds` is undefined). */
  list: async (enterpriseIds?: string[]): Promise<SsoProviderListed[]> => {
    if (enterpriseIds?.length === 0) return [];
    const rows = await db
      .select({ p: ssoProviders, enterpriseName: users.username })
      .from(ssoProviders)
      .innerJoin(users, eq(users.id, ssoProviders.enterpriseId))
      .where(enterpriseIds ? inArray(ssoProviders.enterpriseId, enterpriseIds) : undefined)
      .orderBy(users.username);
    return rows.map((r) => ({ ...r.p, enterpriseName: r.enterpriseName }));
  },

  findById: async (id: string): Promise<SsoProviderRecord | null> =>
    (await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)))[0] ?? null,

  findByEnterprise: async (enterpriseId: string): Promise<SsoProviderRecord | null> =>
    (await db.select().from(ssoProviders).where(eq(ssoProviders.enterpriseId, enterpriseId)))[0] ?? null,

  /** The enabled provider found by an e-mail domain or an enterprise code. */
  findEnabledBy: async (find: { domain: string } | { code: string }): Promise<SsoProviderRecord | null> =>
    (
      await db
        .select()
        .from(ssoProviders)
        .where(
          and(
            eq(ssoProviders.enabled, true),
            'domain' in find
              ? arrayContains(ssoProviders.emailDomains, [find.domain])
              : eq(ssoProviders.enterpriseCode, find.code),
          ),
        )
        .limit(1)
    )[0] ?? null,

  /** Whether another enterprise's provider uses one of these domains. */
  domainsTaken: async (enterpriseId: string, domains: string[]) =>
    domains.length > 0 &&
    (
      await db
        .select({ id: ssoProviders.id })
        .from(ssoProviders)
        .where(
          and(ne(ssoProviders.enterpriseId, enterpriseId), arrayOverlaps(ssoProviders.emailDomains, domains)),
        )
        .limit(1)
    ).length > 0,

  /** Creates or replaces the enterprise's provider; a code another enterprise holds is refused. */
  save: (values: SsoProviderValues, now: Date) =>
    refuseOnUniqueViolation('ssoTaken', async () => {
      const [row] = await db
        .insert(ssoProviders)
        .values({ ...values, createdAt: now })
        .onConflictDoUpdate({ target: ssoProviders.enterpriseId, set: values })
        .returning({ id: ssoProviders.id });
      return row.id;
    }),

  remove: (id: string) => db.delete(ssoProviders).where(eq(ssoProviders.id, id)),

  /** Names of the roles among these ids. */
  roleNames: async (ids: string[]) =>
    new Map(
      ids.length
        ? (await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids))).map(
            (r) => [r.id, r.name] as const,
          )
        : [],
    ),

  /** The account linked to a provider subject. */
  findLinkedUser: async (providerId: string, subject: string): Promise<string | null> =>
    (
      await db
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.providerId, providerId), eq(ssoIdentities.subject, subject)))
    )[0]?.userId ?? null,

  /** Links a provider subject to an account (once) and notes the sign-in. */
  async link(providerId: string, subject: string, userId: string, now: Date) {
    await db
      .insert(ssoIdentities)
      .values({ providerId, subject, userId, createdAt: now, lastSignInAt: now })
      .onConflictDoUpdate({
        target: [ssoIdentities.providerId, ssoIdentities.subject],
        set: { lastSignInAt: now },
      });
  },
});

export type SsoRepository = ReturnType<typeof createSsoRepository>;
