import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts, uuidKey } from '../../db/columns';

/** Mail written while no SMTP server is configured; an operator can read it here. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuidKey(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
});
