import { MENU_TYPE, type MenuNode, type MenuType } from '@cpm/contracts';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountAncestorsSql } from '../../shared/data-scope';
import { countWhere, firstWhere } from '../../shared/sql';
import { usablePermissions } from '../devices/catalogue-owner';
import { roleMenus, roles } from '../roles/roles.table';
import { userRoles, users } from '../users/users.table';
import { menus } from './menus.table';

/** A stored menu row. */
export type MenuRow = typeof menus.$inferSelect;

const toNode = (row: MenuRow): MenuNode => ({
  id: row.id,
  name: row.name,
  menuEnglishName: row.englishName,
  url: row.url,
  icon: row.icon,
  hidden: row.hidden ? 1 : 0,
  parentId: row.parentId,
  menuType: row.menuType as MenuType,
  permission: row.permission,
  sort: row.sort,
  menuVoList: [],
});

/**
 * Builds the three-level tree (modules, pages, buttons) from granted rows. A granted page brings
 * its module along even when the module itself was not ticked.
 */
export const buildMenuTree = (granted: readonly MenuRow[], all: readonly MenuRow[]): MenuNode[] => {
  const byId = new Map(all.map((row) => [row.id, row]));
  const include = new Set<string>();
  for (const row of granted) {
    include.add(row.id);
    let parent = row.parentId ? byId.get(row.parentId) : undefined;
    while (parent && parent.menuType !== MENU_TYPE.system) {
      include.add(parent.id);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
  }
  const nodes = new Map<string, MenuNode>();
  for (const row of all) if (include.has(row.id) && row.enabled) nodes.set(row.id, toNode(row));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.menuVoList.push(node);
    else if (node.menuType === MENU_TYPE.module) roots.push(node);
  }
  const sortTree = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort);
    for (const node of list) sortTree(node.menuVoList);
  };
  sortTree(roots);
  return roots;
};

/** Menu rows granted to a user through enabled roles. */
export const findGrantedMenus = async (db: Db, userId: string): Promise<MenuRow[]> =>
  db
    .selectDistinct({ menu: menus })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.enabled, true)))
    .where(eq(userRoles.userId, userId))
    .then((rows) => rows.map((r) => r.menu));

/** Every menu row, ordered. */
export const findAllMenus = (db: Db): Promise<MenuRow[]> => db.select().from(menus).orderBy(asc(menus.sort));

/** The user's menu tree as the console receives it. */
export const findUserMenuTree = async (db: Db, userId: string): Promise<MenuNode[]> => {
  const [granted, all, grants] = await Promise.all([
    findGrantedMenus(db, userId),
    findAllMenus(db),
    findGrants(db, userId),
  ]);
  // Buttons the caller's data scope could never use (the shared catalogue's) are not shown.
  const usable = usablePermissions(grants.permissions, grants.dataScope);
  return buildMenuTree(
    granted.filter((m) => m.menuType !== MENU_TYPE.button || !m.permission || usable.has(m.permission)),
    all,
  );
};

/** Permission keys and data scope a user's enabled roles grant. */
export const findGrants = async (db: Db, userId: string) => {
  const rows = await db
    .selectDistinct({ permission: menus.permission, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .leftJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.enabled, true)))
    .where(eq(userRoles.userId, userId));
  return {
    permissions: new Set(rows.map((r) => r.permission).filter((p): p is string => Boolean(p))),
    dataScope: rows.some((r) => r.dataScope === 'all') ? ('all' as const) : ('tree' as const),
  };
};

/**
 * Active accounts holding a permission through an enabled role, that can see what `ownerId` owns:
 * those with a role of data scope 'all', and `ownerId` itself or an account above it. For asking
 * someone to act on another account's work (a second person's approval).
 */
export const findPermissionHolders = async (db: Db, permission: string, ownerId: string) =>
  (
    await db
      .selectDistinct({ id: users.id })
      .from(userRoles)
      .innerJoin(users, and(eq(users.id, userRoles.userId), eq(users.enabled, true), eq(users.state, 1)))
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
      .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
      .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.enabled, true)))
      .where(
        and(
          eq(menus.permission, permission),
          or(eq(roles.dataScope, 'all'), sql`${users.id} in ${accountAncestorsSql(ownerId)}`),
        ),
      )
  ).map((r) => r.id);

/** Menu ids for the given seed keys. */
export const findMenuIdsBySeedKeys = async (db: Db, keys: string[]) =>
  keys.length === 0
    ? []
    : db.select({ id: menus.id, seedKey: menus.seedKey }).from(menus).where(inArray(menus.seedKey, keys));

/** Permission keys one role grants through enabled entries. */
export const findRolePermissions = async (db: Db, roleId: string) =>
  new Set(
    (
      await db
        .select({ permission: menus.permission })
        .from(roleMenus)
        .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.enabled, true)))
        .where(eq(roleMenus.roleId, roleId))
    )
      .map((r) => r.permission)
      .filter(Boolean),
  );

/** One role's names, state, data scope and granted permission keys; null when there is no such role. */
export const findRoleGrants = async (db: Db, roleId: string) => {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) return null;
  const permissions = role.enabled ? await findRolePermissions(db, roleId) : new Set<string>();
  return {
    name: role.name,
    nameEn: role.nameEn,
    enabled: role.enabled,
    dataScope: role.dataScope,
    permissions,
  };
};

export type MenuValues = Omit<typeof menus.$inferInsert, 'id' | 'seedKey' | 'createdAt' | 'updatedAt'>;

/** Storage of the menu tree for its management page. */
export const createMenusRepository = (db: Db) => ({
  findAll: () => findAllMenus(db),

  findById: async (id: string): Promise<MenuRow | null> => firstWhere(db, menus, eq(menus.id, id)),

  childCount: async (id: string) => countWhere(db, menus, eq(menus.parentId, id)),

  insert: async (values: MenuValues) =>
    (await db.insert(menus).values(values).returning({ id: menus.id }))[0].id,

  update: async (id: string, values: MenuValues & { updatedAt: Date }) => {
    await db.update(menus).set(values).where(eq(menus.id, id));
  },

  remove: async (id: string) => {
    await db.delete(menus).where(eq(menus.id, id));
  },
});

export type MenusRepository = ReturnType<typeof createMenusRepository>;
