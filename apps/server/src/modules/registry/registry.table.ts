import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, uuidKey } from '../../db/columns';

/** Mailed 6-digit codes (hashed): single use, short-lived, void after too many wrong tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuidKey(),
    /** Lower-case address. */
    email: text().notNull(),
    /** Lower-case account name. */
    username: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: ts().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [index('email_codes_email_idx').on(t.email)],
);

/** Registrations waiting for their activation link; the account is created when the link is used. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuidKey(),
    tokenHash: text().notNull().unique(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    language: text().notNull().default('cn'),
    expiresAt: ts().notNull(),
  },
  (t) => [index('pending_registrations_username_idx').on(t.username)],
);

/** Fixed-window request counters for public calls (`mail:ip:1.2.3.4`, `mail:to:a@b.c`). */
export const requestCounters = pgTable('request_counters', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: ts().notNull(),
});
