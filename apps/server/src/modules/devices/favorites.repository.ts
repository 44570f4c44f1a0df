import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { terminalGroups } from '../groups/groups.table';
import { users } from '../users/users.table';
import { terminalFavorites, terminalModels, terminals } from './devices.table';
import { terminalRowColumns } from './terminals.repository';

/** Storage of each user's favourite terminals. */
export const createFavoritesRepository = (db: Db) => ({
  /** The user's favourites within their data scope, most recently marked first. */
  async findPage(scope: Scope, offset: number, limit: number) {
    const where = and(eq(terminalFavorites.userId, scope.userId), inDataScope(scope, terminals.ownerId));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(terminalRowColumns)
        .from(terminalFavorites)
        .innerJoin(terminals, eq(terminals.id, terminalFavorites.terminalId))
        .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
        .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
        .leftJoin(users, eq(users.id, terminals.ownerId))
        .where(where)
        .orderBy(desc(terminalFavorites.createdAt))
        .limit(limit)
        .offset(offset),
      db
        .select({ total: count() })
        .from(terminalFavorites)
        .innerJoin(terminals, eq(terminals.id, terminalFavorites.terminalId))
        .where(where),
    ]);
    return { rows, total };
  },

  /** Ids of the terminals with these SNs that the caller may see. */
  visibleIdsBySn: async (scope: Scope, sns: string[]) =>
    (
      await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(inDataScope(scope, terminals.ownerId), inArray(terminals.sn, sns)))
    ).map((r) => r.id),

  /** Marks terminals as the user's favourites; answers how many were new. */
  add: async (userId: string, terminalIds: string[]) =>
    (
      await db
        .insert(terminalFavorites)
        .values(terminalIds.map((terminalId) => ({ userId, terminalId })))
        .onConflictDoNothing()
        .returning()
    ).length,

  /** Removes terminals from the user's favourites; answers how many were removed. */
  remove: async (userId: string, terminalIds: string[]) =>
    (
      await db
        .delete(terminalFavorites)
        .where(and(eq(terminalFavorites.userId, userId), inArray(terminalFavorites.terminalId, terminalIds)))
        .returning()
    ).length,
});

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
