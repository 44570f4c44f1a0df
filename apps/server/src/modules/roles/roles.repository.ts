import type { RoleRow } from '@cpm/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { allWhere, firstWhere, insertWithLinks, replaceLinks, rowsWhere } from '../../shared/sql';
import { serviceAccounts } from '../serviceaccounts/serviceaccounts.table';
import { userRoles } from '../users/users.table';
import { roleMenus, roles } from './roles.table';

export type RoleRecord = typeof roles.$inferSelect;

const like = (column: Parameters<typeof ilike>[0], v: string) =>
  ilike(column, `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** The link rows giving a role its menus. */
const menuRows = (roleId: string, menuIds: string[]) => menuIds.map((menuId) => ({ roleId, menuId }));

/** Storage of roles. A caller sees the built-in roles and those made inside its account tree. */
export const createRolesRepository = (db: Db) => {
  const visible = (auth: AuthContext): SQL | undefined => {
    const scoped = inDataScope(auth, roles.ownerId);
    return scoped ? or(isNull(roles.ownerId), scoped) : undefined;
  };
  const where = (auth: AuthContext, f: { name?: string; code?: string }) =>
    and(
      visible(auth),
      f.name ? like(roles.name, f.name) : undefined,
      f.code ? like(roles.code, f.code) : undefined,
    );

  const menuIdsOf = async (ids: string[]) => {
    const map = new Map<string, string[]>();
    if (!ids.length) return map;
    const rows = await db.select().from(roleMenus).where(inArray(roleMenus.roleId, ids));
    for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.menuId]);
    return map;
  };
  const holdersOf = async (ids: string[]) => {
    if (!ids.length) return new Map<string, number>();
    const rows = await db
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .where(inArray(userRoles.roleId, ids))
      .groupBy(userRoles.roleId);
    return new Map(rows.map((r) => [r.roleId, r.n]));
  };

  return {
    async list(auth: AuthContext, f: { name?: string; code?: string }, offset: number, limit: number) {
      const order = [asc(roles.createdAt), asc(roles.code)];
      const rows = await rowsWhere(db, roles, where(auth, f), order, offset, limit);
      const ids = rows.map((r) => r.id);
      const [menus, holders] = await Promise.all([menuIdsOf(ids), holdersOf(ids)]);
      return rows.map(
        (r): RoleRow => ({
          id: r.id,
          name: r.name,
          nameEn: r.nameEn,
          code: r.code,
          description: r.description,
          status: r.enabled ? 1 : 0,
          dataScope: r.dataScope,
          menuIds: menus.get(r.id) ?? [],
          userCount: holders.get(r.id) ?? 0,
          builtIn: r.ownerId === null,
          createdAt: r.createdAt.toISOString(),
        }),
      );
    },
    async count(auth: AuthContext, f: { name?: string; code?: string }) {
      const [row] = await db.select({ n: count() }).from(roles).where(where(auth, f));
      return row.n;
    },
    listVisible: (auth: AuthContext) =>
      allWhere(db, roles, visible(auth), [asc(roles.createdAt), asc(roles.code)]),
    findVisible: async (auth: AuthContext, id: string): Promise<RoleRecord | null> =>
      firstWhere(db, roles, and(eq(roles.id, id), visible(auth))),
    findByIds: (ids: string[]) => (ids.length ? db.select().from(roles).where(inArray(roles.id, ids)) : []),
    /** Whether a role the caller can see (a built-in one, or one in their scope) has the code. */
    codeTaken: async (auth: AuthContext, code: string, exceptId?: string) =>
      (
        await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.code, code), visible(auth)))
      ).some((r) => r.id !== exceptId),
    menuIdsOf: async (id: string) => (await menuIdsOf([id])).get(id) ?? [],
    /** Users and service accounts holding a role: either keeps it from being deleted. */
    holderCount: async (id: string) => {
      const [services] = await db
        .select({ n: count() })
        .from(serviceAccounts)
        .where(eq(serviceAccounts.roleId, id));
      return ((await holdersOf([id])).get(id) ?? 0) + services.n;
    },
    /** The users holding a role. */
    holderIds: async (id: string) =>
      (await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, id))).map(
        (r) => r.userId,
      ),
    insert: (values: typeof roles.$inferInsert, menuIds: string[]) =>
      insertWithLinks(db, roles, values, roleMenus, (roleId) => menuRows(roleId, menuIds)),
    async update(id: string, values: Partial<typeof roles.$inferInsert>, menuIds: string[]) {
      await db.transaction(async (tx) => {
        await tx.update(roles).set(values).where(eq(roles.id, id));
        await replaceLinks(tx, roleMenus, roleMenus.roleId, id, menuRows(id, menuIds));
      });
    },
    remove: (id: string) => db.delete(roles).where(eq(roles.id, id)),
  };
};

export type RolesRepository = ReturnType<typeof createRolesRepository>;
