import { boolean, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { parentRef, timestamps, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Reports mailed on a schedule. The owner is the account whose data scope the report shows; a
 * deleted account takes its schedules with it.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuidKey(),
    name: text().notNull(),
    email: text().notNull(),
    /** daily, weekly or monthly. */
    frequency: text().notNull(),
    hour: smallint().notNull(),
    weekday: smallint(),
    monthDay: smallint(),
    timeZone: text().notNull(),
    language: text().notNull(),
    sections: jsonb().$type<string[]>().notNull(),
    paused: boolean().notNull().default(false),
    /** The next occurrence; the dispatcher picks schedules whose time has come. Null while paused. */
    nextRunAt: ts(),
    lastSentAt: ts(),
    ownerId: parentRef(() => users.id),
    createdBy: uuid(),
    ...timestamps(),
  },
  (t) => [
    index('report_schedules_owner_idx').on(t.ownerId),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);
