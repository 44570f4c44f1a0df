import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mailed 6-digit codes (hashed): single use, short-lived, void after too many wrong tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-case address. */
    email: text().notNull(),
    /** Lower-case account name. */
    username: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_codes_email_idx').on(t.email)],
);

/** Registrations waiting for their activation link; the account is created when the link is used. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    language: text().notNull().default('cn'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('pending_registrations_username_idx').on(t.username)],
);

/** Fixed-window request counters for public calls (`mail:ip:1.2.3.4`, `mail:to:a@b.c`). */
export const requestCounters = pgTable('request_counters', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull(),
});
