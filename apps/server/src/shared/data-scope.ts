import { type AnyColumn, and, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { AuthContext } from '../plugins/auth-context';
import { likeAnywhere } from './sql';

/** Whose data a read may see: the caller's account and data scope, all the filters below need. */
export type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;

/**
 * The one place that walks the account tree (`users.superior_id`). Every query that needs the
 * accounts below or above an account uses these subqueries instead of its own recursive SQL.
 */

/** Subquery of one account's id and the ids of every account below it. */
export const accountSubtreeSql = (rootId: string): SQL =>
  sql`(with recursive tree(id) as (
          select ${rootId}::uuid
          union
          select u.id from users u join tree on u.superior_id = tree.id
        ) select id from tree)`;

/** Subquery of one account's id and the ids of every account above it. */
export const accountAncestorsSql = (id: string): SQL =>
  sql`(with recursive up(id) as (
          select ${id}::uuid
          union
          select u.superior_id from users u join up on u.id = up.id where u.superior_id is not null
        ) select id from up)`;

/**
 * Subquery of rows `(start, id)`: for each existing account in `ids`, the account itself and every
 * account above it. For checks of many accounts at once (an enrollment batch).
 */
export const accountAncestorPairsSql = (ids: readonly string[]): SQL =>
  sql`(with recursive up(start, id) as (
          select u.id, u.id from users u where u.id = any(${`{${ids.join(',')}}`}::uuid[])
          union
          select up.start, u.superior_id from users u join up on u.id = up.id where u.superior_id is not null
        ) select start, id from up)`;

/**
 * Subquery of rows `(start, id, distance)`: for each account id the subquery `starts` answers, the
 * account itself (distance 0) and every account above it with how many steps up it is. For merges
 * that go from the top of the tree down (configuration policies).
 */
export const accountAncestorDistancesSql = (starts: SQL): SQL =>
  sql`(with recursive up(start, id, distance) as (
          select u.id, u.id, 0 from users u where u.id in ${starts}
          union all
          select up.start, u.superior_id, up.distance + 1
          from users u join up on u.id = up.id where u.superior_id is not null
        ) select start, id, distance from up)`;

/**
 * The account ids a caller may see: their own and every account below it in the superior tree.
 * Platform administrators (data scope 'all') see everything: the answer is null.
 */
export const visibleAccountsSql = (auth: Pick<AuthContext, 'userId' | 'dataScope'>): SQL | null =>
  auth.dataScope === 'all' ? null : accountSubtreeSql(auth.userId);

/**
 * The one filter every repository applies to tenant data: rows whose owner column is inside the
 * caller's account tree. Returns undefined (no filter) for platform administrators, so it can be
 * passed straight into `and(...)`.
 */
export const inDataScope = (auth: Pick<AuthContext, 'userId' | 'dataScope'>, ownerColumn: AnyColumn) => {
  const visible = visibleAccountsSql(auth);
  return visible ? sql`${ownerColumn} in ${visible}` : undefined;
};

/** A tenant's row by id, or null when it is absent or outside the caller's data scope. */
export const findInScope = async <T extends PgTable & { id: AnyPgColumn; ownerId: AnyPgColumn }>(
  db: Db,
  table: T,
  auth: Pick<AuthContext, 'userId' | 'dataScope'>,
  id: string,
): Promise<T['$inferSelect'] | null> => {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), inDataScope(auth, table.ownerId)));
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
};

/**
 * The filter most owned lists start from: rows inside the caller's data scope whose name contains the
 * searched text (any name when none is given), joined with the list's own conditions.
 */
export const ownedNamed = (
  auth: Pick<AuthContext, 'userId' | 'dataScope'>,
  table: { ownerId: AnyColumn; name: AnyColumn },
  name: string | undefined,
  ...more: (SQL | undefined)[]
) => and(inDataScope(auth, table.ownerId), name ? ilike(table.name, likeAnywhere(name)) : undefined, ...more);

/**
 * The row an owner keeps under exactly this name (names unique per owner), other than `exceptId`
 * when given: what a save checks before it takes a name.
 */
export const ownerNamed = (
  table: { id: AnyColumn; ownerId: AnyColumn; name: AnyColumn },
  ownerId: string,
  name: string,
  exceptId?: string,
) => and(eq(table.ownerId, ownerId), eq(table.name, name), exceptId ? ne(table.id, exceptId) : undefined);
