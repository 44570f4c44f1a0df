import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** The deployment's one audit stream: where it sends (set by a platform admin) and how far it has come. */
export const auditStreams = pgTable('audit_streams', {
  /** Always `default`: one stream per deployment. */
  id: text().primaryKey(),
  enabled: boolean().notNull().default(false),
  host: text().notNull().default(''),
  port: integer().notNull().default(6514),
  tls: boolean().notNull().default(true),
  caCert: text().notNull().default(''),
  facility: text().notNull().default('local0'),
  /** `operation_logs.seq` of the last event the receiver is taken to hold; sending resumes after it. */
  cursor: bigint({ mode: 'number' }).notNull().default(0),
  lastSentAt: ts(),
  lastError: text(),
  lastErrorAt: ts(),
  /** The server instance that ships now; another takes over once `leaseUntil` has passed. */
  leaseHolder: text(),
  leaseUntil: ts(),
  updatedAt: ts().notNull().defaultNow(),
});
