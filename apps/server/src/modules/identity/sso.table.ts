import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clockTimestamps, parentRef, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/** An enterprise's OpenID Connect provider: at most one per enterprise (its top account). */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuidKey(),
    enterpriseId: parentRef(() => users.id),
    displayName: text().notNull(),
    issuer: text().notNull(),
    clientId: text().notNull(),
    /** The client secret encrypted with the server key (`AppKeys.encryptSecret`); never answered. */
    clientSecretEnc: text(),
    scopes: text().notNull(),
    groupsClaim: text().notNull(),
    /** Provider group -> console role. */
    roleMappings: jsonb().$type<{ group: string; roleId: string }[]>().notNull(),
    /** Lower-case e-mail domains that find this provider on the sign-in page. */
    emailDomains: text().array().notNull(),
    /** Lower-case code that finds this provider on the sign-in page. */
    enterpriseCode: text(),
    jitCreate: boolean().notNull(),
    reviewWaived: boolean().notNull(),
    ssoOnly: boolean().notNull(),
    enabled: boolean().notNull(),
    ...clockTimestamps(),
  },
  (t) => [
    uniqueIndex('sso_providers_enterprise_idx').on(t.enterpriseId),
    uniqueIndex('sso_providers_code_idx').on(t.enterpriseCode).where(sql`${t.enterpriseCode} is not null`),
    index('sso_providers_domains_idx').using('gin', t.emailDomains),
  ],
);

/** Which provider subject (`iss` + `sub`) an account signs in as. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuidKey(),
    providerId: parentRef(() => ssoProviders.id),
    subject: text().notNull(),
    userId: parentRef(() => users.id),
    lastSignInAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_idx').on(t.providerId, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);
