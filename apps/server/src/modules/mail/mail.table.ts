import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, uuidKey } from '../../db/columns';

/** Mail written while no SMTP server is configured; an operator can read it here. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuidKey(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  /** The HTML body, when the mail has one (scheduled reports). */
  html: text(),
  /** Attached files, content in base64, so the operator can read them as they would have arrived. */
  attachments: jsonb().$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
  createdAt: ts().notNull().defaultNow(),
});
