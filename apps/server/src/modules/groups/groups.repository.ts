import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { allWhere, firstWhere } from '../../shared/sql';
import { terminalGroups } from './groups.table';

export type GroupRow = typeof terminalGroups.$inferSelect;

/** Storage of terminal groups, always within the caller's data scope. */
export const createGroupsRepository = (db: Db) => ({
  /** Every group the caller may see. */
  listVisible: (auth: AuthContext): Promise<GroupRow[]> =>
    allWhere(db, terminalGroups, inDataScope(auth, terminalGroups.ownerId), [
      asc(terminalGroups.sort),
      asc(terminalGroups.name),
    ]),

  /** One group, if the caller may see it. */
  findVisible: async (auth: AuthContext, id: string): Promise<GroupRow | null> =>
    firstWhere(
      db,
      terminalGroups,
      and(eq(terminalGroups.id, id), inDataScope(auth, terminalGroups.ownerId) as SQL | undefined),
    ),

  /** Every group of one owner (for subtree and cycle checks). */
  listByOwner: (ownerId: string): Promise<GroupRow[]> =>
    db.select().from(terminalGroups).where(eq(terminalGroups.ownerId, ownerId)),

  /**
   * The name of the nearest store-type group at or above a group (walking up its parents), or null
   * when no group on the way is a store (regions, branches and warehouses are not stores).
   */
  nearestStoreName: async (groupId: string): Promise<string | null> => {
    const { rows } = (await db.execute(sql`with recursive up(id, parent_id, name, type, depth) as (
        select id, parent_id, name, type, 0 from terminal_groups where id = ${groupId}::uuid
        union all
        select g.id, g.parent_id, g.name, g.type, up.depth + 1
        from terminal_groups g join up on g.id = up.parent_id
        where up.depth < 64
      ) select name from up where type = 'store' order by depth limit 1`)) as unknown as {
      rows: { name: string }[];
    };
    return rows[0]?.name ?? null;
  },

  findByNumber: async (ownerId: string, number: string) =>
    (
      await db
        .select({ id: terminalGroups.id })
        .from(terminalGroups)
        .where(and(eq(terminalGroups.ownerId, ownerId), eq(terminalGroups.number, number)))
    )[0] ?? null,

  insert: async (values: typeof terminalGroups.$inferInsert) =>
    (await db.insert(terminalGroups).values(values).returning({ id: terminalGroups.id }))[0].id,

  update: (id: string, values: Partial<typeof terminalGroups.$inferInsert>) =>
    db.update(terminalGroups).set(values).where(eq(terminalGroups.id, id)),

  remove: (id: string) => db.delete(terminalGroups).where(eq(terminalGroups.id, id)),
});

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
