import { type AnyPgColumn, bigint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every time the tables keep is a `timestamptz`, so a reading never depends on the server's zone. */
export const ts = () => timestamp({ withTimezone: true });

/** A random UUID primary key, the id of most rows. */
export const uuidKey = () => uuid().primaryKey().defaultRandom();

/** An increasing numeric key, so rows added within the same instant keep their order. */
export const serialKey = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

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

/** The account owning a row (data scope follows it) and the user who made it (null: the system). */
export const ownership = () => ({
  ownerId: uuid().notNull(),
  createdBy: uuid(),
});

/** A history step: what happened, and the state it moved from and to (null when it moved none). */
export const statusChange = () => ({
  kind: text().notNull(),
  fromStatus: text(),
  toStatus: text(),
});

/** Who took a step: the account, and its name as it was then so the step outlives the account. */
export const actor = () => ({
  actorId: uuid(),
  actorName: text().notNull(),
});

/** A stored history step (`statusChange`, `actor` and when) as the API answers it. */
export const historyStep = <S extends string>(r: {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string;
  at: Date;
}) => ({
  kind: r.kind,
  fromStatus: r.fromStatus as S | null,
  toStatus: r.toStatus as S | null,
  actorName: r.actorName,
  at: r.at.toISOString(),
});
