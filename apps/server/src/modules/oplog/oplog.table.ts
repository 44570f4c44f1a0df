import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, uuidKey } from '../../db/columns';

/** Who did what to which object, from where, when (UTC) and with what result. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: uuidKey(),
    at: ts().notNull(),
    /** Null when the actor is unknown (a failed login with an unknown name). */
    actorId: uuid(),
    actorName: text().notNull(),
    ip: text(),
    action: text().notNull(),
    objectType: text().notNull(),
    objectId: text(),
    objectName: text(),
    result: text({ enum: ['success', 'failure'] }).notNull(),
    detail: text(),
    /** Order of writing; the audit stream's cursor counts in it. */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('operation_logs_at_idx').on(t.at),
    index('operation_logs_actor_idx').on(t.actorId),
    uniqueIndex('operation_logs_seq_idx').on(t.seq),
  ],
);
