import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ownership, parentRef, timestamps, ts, uuidKey } from '../../db/columns';

/** Non-human callers of the API: a role for the permissions, an owning account for the data scope. */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: uuidKey(),
    name: text().notNull(),
    description: text(),
    /** The role granting the permissions; a role that is gone or disabled grants nothing. */
    roleId: uuid().notNull(),
    ...ownership(),
    enabled: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [unique('service_accounts_owner_name_key').on(t.ownerId, t.name), index().on(t.ownerId)],
);

/** API keys `prefix.secret`: only a SHA-256 of the secret is kept; a key is found by its prefix. */
export const serviceAccountKeys = pgTable(
  'service_account_keys',
  {
    id: uuidKey(),
    serviceAccountId: parentRef(() => serviceAccounts.id),
    prefix: text().notNull().unique(),
    secretHash: text().notNull(),
    name: text().notNull(),
    scopes: text().array().notNull(),
    expiresAt: ts().notNull(),
    allowedSources: text().array().notNull(),
    rateLimitPerMinute: integer().notNull(),
    lastUsedAt: ts(),
    lastUsedIp: text(),
    revokedAt: ts(),
    /** The key issued by rotating this one. */
    replacedById: uuid(),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.serviceAccountId)],
);

/** Fixed-window counters of key calls (rate limits) and failed key authentications (locks). */
export const apiKeyCounters = pgTable('api_key_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowStart: ts().notNull(),
});
