/** Helpers for repositories: LIKE patterns, array parameters and database error codes. */

import type { ErrorKey } from '@cpm/contracts';
import { count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { AppError } from './app-error';

/** Escapes the LIKE wildcards in a user's search text. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pattern matching the text anywhere. */
export const likeAnywhere = (value: string) => `%${escapeLike(value)}%`;

/** Pattern matching values that start with the text. */
export const likePrefix = (value: string) => `${escapeLike(value)}%`;

/** Rows where any of `columns` holds the search text, ignoring case; no condition without a text. */
export const containsIn = (text: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined =>
  text ? or(...columns.map((c) => ilike(c, likeAnywhere(text)))) : undefined;

/** Whether a database error is a unique constraint violation (PostgreSQL 23505, also when wrapped). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** Runs a write, answering null when it clashes with a unique index (a taken name, a second claim). */
export const nullOnUniqueViolation = async <T>(write: () => Promise<T>): Promise<T | null> => {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
};

/** Runs a write, refusing with the catalogue error `key` when it clashes with a unique index (a taken name). */
export const refuseOnUniqueViolation = async <T>(key: ErrorKey, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(key);
    throw err;
  }
};

/** How many rows of a table match a filter (a list's total). */
export const countWhere = async (db: Db, table: PgTable, where: SQL | undefined): Promise<number> =>
  (await db.select({ n: count() }).from(table).where(where))[0].n;

/**
 * A list's optional equality filters: `column = value` for each value given, nothing for an absent or
 * empty one. Spread into `and(...)`.
 */
export const equalTo = <T extends PgTable>(table: T, values: { [K in keyof T['_']['columns']]?: unknown }) =>
  Object.entries(values).map(([key, value]) =>
    value ? eq((table as unknown as Record<string, AnyPgColumn>)[key], value) : undefined,
  );

/** What a list is sorted by: columns (ascending) or `asc(...)` / `desc(...)` terms. */
export type SortTerms = readonly (AnyPgColumn | SQL)[];

/** Newest first, the id breaking ties so that pages never overlap. */
export const newestFirst = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }): SortTerms => [
  desc(table.createdAt),
  desc(table.id),
];

/** One page of a table's rows under a filter, in a given order. */
export const rowsWhere = <T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SortTerms,
  offset: number,
  limit: number,
): Promise<T['$inferSelect'][]> =>
  db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit) as Promise<T['$inferSelect'][]>;

/** Every row of a table matching a filter, in a given order: for lists that stay short, as a row's children. */
export const allWhere = <T extends PgTable>(db: Db, table: T, where: SQL | undefined, order: SortTerms) =>
  db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order) as Promise<T['$inferSelect'][]>;

/** One page of a table's rows and the total under the same filter, read side by side. */
export const pageWhere = async <T extends PgTable>(...read: Parameters<typeof rowsWhere<T>>) => {
  const [db, table, where] = read;
  const [rows, total] = await Promise.all([rowsWhere(...read), countWhere(db, table, where)]);
  return { rows, total };
};

/**
 * One page read by a query of its own (joins, chosen columns) and the total of `table` under the
 * same filter, read side by side.
 */
export const withTotal = async <R>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  rows: PromiseLike<R[]>,
) => {
  const [page, total] = await Promise.all([rows, countWhere(db, table, where)]);
  return { rows: page, total };
};

/** The first row of a table matching a filter in a given order (any order when none is given), or null. */
export const firstWhere = async <T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SortTerms = [],
): Promise<T['$inferSelect'] | null> =>
  ((
    await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(1)
  )[0] as T['$inferSelect'] | undefined) ?? null;

/** Whether any row of a table matches a filter. */
export const existsWhere = async (db: Pick<Db, 'select'>, table: PgTable, where: SQL | undefined) =>
  (await db.select({ one: sql`1` }).from(table).where(where).limit(1)).length > 0;

/** Updates the row with this id, or inserts one when no id is given; answers the row, null when the id names none. */
export const saveById = async <T extends PgTable & { id: AnyPgColumn }>(
  db: Db,
  table: T,
  id: string | undefined,
  values: T['$inferInsert'],
): Promise<T['$inferSelect'] | null> => {
  const rows = id
    ? await db
        .update(table as PgTable)
        .set(values)
        .where(eq(table.id, id))
        .returning()
    : await db
        .insert(table as PgTable)
        .values(values)
        .returning();
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
};

/** Deletes the row with this id; answers whether there was one. */
export const deleteById = async (db: Db, table: PgTable & { id: AnyPgColumn }, id: string) =>
  (await db.delete(table).where(eq(table.id, id)).returning()).length > 0;

/** Updates the rows matching a filter; answers how many it changed (0: none matched, as a lost race). */
export const updatedCount = async <T extends PgTable>(
  db: Pick<Db, 'update'>,
  table: T,
  set: PgUpdateSetSource<T>,
  where: SQL | undefined,
) => (await db.update(table).set(set).where(where).returning({ one: sql<number>`1` })).length;

/** Deletes the rows matching a filter; answers how many went. */
export const deletedCount = async (db: Pick<Db, 'delete'>, table: PgTable, where: SQL | undefined) =>
  (await db.delete(table).where(where).returning({ one: sql<number>`1` })).length;

/**
 * Adds `amount` (0 only reads) to the fixed window counted under `key`, starting a new window when
 * the old one has passed; answers the count and the window's start after the hit.
 */
export const hitWindow = async (
  db: Pick<Db, 'insert'>,
  table: PgTable & { key: AnyPgColumn; count: AnyPgColumn; windowStart: AnyPgColumn },
  key: string,
  windowMs: number,
  now: Date,
  amount = 1,
): Promise<{ count: number; windowStart: Date }> => {
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const fresh = sql`${table.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(table)
    .values({ key, count: amount, windowStart: now } as never)
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`case when ${fresh} then ${amount} else ${table.count} + ${amount} end`,
        windowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${table.windowStart} end`,
      } as never,
    })
    .returning({ count: table.count, windowStart: table.windowStart });
  return row as { count: number; windowStart: Date };
};

/** A uuid[] parameter: one parameter however many ids, where a list would take one each. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A text[] parameter, each element quoted. */
export const textArray = (values: readonly string[]): SQL => sql`${arrayLiteral(values)}::text[]`;

/** Characters an array element escapes with a backslash: one pattern to find them, one to replace them all. */
const ARRAY_SPECIAL = /["\\]/;
const ARRAY_SPECIAL_ALL = new RegExp(ARRAY_SPECIAL.source, 'g');
/**
 * The array literal of `values`, each element quoted. Batches pass thousands of SNs this way, which
 * hold nothing to escape: those are joined in one go rather than escaped one by one.
 */
const arrayLiteral = (values: readonly string[]): string => {
  if (values.length === 0) return '{}';
  if (!values.some((v) => ARRAY_SPECIAL.test(v))) return `{"${values.join('","')}"}`;
  return `{${values.map((v) => `"${v.replace(ARRAY_SPECIAL_ALL, (c) => `\\${c}`)}"`).join(',')}}`;
};

/** Writes the rows of a link table (a role's menus, a user's roles); none for an empty list. */
export const insertLinks = async <T extends PgTable>(
  db: Pick<Db, 'insert'>,
  table: T,
  rows: PgInsertValue<T>[],
) => {
  if (rows.length) await db.insert(table).values(rows);
};

/** Replaces the rows of a link table whose `column` is `id` with `rows`. */
export const replaceLinks = async <T extends PgTable>(
  db: Pick<Db, 'insert' | 'delete'>,
  table: T,
  column: AnyPgColumn,
  id: string,
  rows: PgInsertValue<T>[],
) => {
  await db.delete(table).where(eq(column, id));
  await insertLinks(db, table, rows);
};

/** Inserts a row and the link rows naming it in one transaction; answers the row's id. */
export const insertWithLinks = <T extends PgTable & { id: AnyPgColumn }, L extends PgTable>(
  db: Db,
  table: T,
  values: T['$inferInsert'],
  links: L,
  linksOf: (id: string) => PgInsertValue<L>[],
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(table as PgTable)
      .values(values)
      .returning({ id: table.id });
    const id = row.id as string;
    await insertLinks(tx, links, linksOf(id));
    return id;
  });
