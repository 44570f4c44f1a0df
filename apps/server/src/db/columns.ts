import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every time the tables keep is a `timestamptz`, so a reading never depends on the server's zone. */
export const ts = () => timestamp({ withTimezone: true });

/** A random UUID primary key, the id of most rows. */
export const uuidKey = () => uuid().primaryKey().defaultRandom();

/** A row's required link to the row it belongs to; deleting that row deletes this one with it. */
export const parentRef = (parent: () => AnyPgColumn) =>
  uuid().notNull().references(parent, { onDelete: 'cascade' });

/** `createdAt` and `updatedAt`, filled by the database when an insert leaves them out. */
export const timestamps = () => ({
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
});

/** `createdAt` and `updatedAt` with no default: the service writes them from its clock. */
export const clockTimestamps = () => ({
  createdAt: ts().notNull(),
  updatedAt: ts().notNull(),
});
