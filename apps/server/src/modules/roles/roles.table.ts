import { boolean, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { parentRef, timestamps, uuidKey } from '../../db/columns';
import { menus } from '../menus/menus.table';

/** Roles grant menu and button entries; `dataScope` 'all' sees every tenant's data. */
export const roles = pgTable(
  'roles',
  {
    id: uuidKey(),
    name: text().notNull(),
    nameEn: text().notNull().default(''),
    code: text().notNull(),
    description: text(),
    enabled: boolean().notNull().default(true),
    dataScope: text({ enum: ['all', 'tree'] })
      .notNull()
      .default('tree'),
    /** The account that made the role; null for the built-in roles every deployment starts with. */
    ownerId: uuid(),
    ...timestamps(),
  },
  // Codes are unique per owner (the built-in roles, owner null, count as one owner): an account's
  // codes are its own namespace, so a refused code never tells of another tenant's role.
  (t) => [unique('roles_owner_code_key').on(t.ownerId, t.code).nullsNotDistinct()],
);

/** Menu and button entries a role grants. */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: parentRef(() => roles.id),
    menuId: parentRef(() => menus.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);
