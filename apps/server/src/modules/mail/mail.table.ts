import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail written while no SMTP server is configured; an operator can read it here. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
