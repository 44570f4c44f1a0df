import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { menus } from '../menus/menus.table';

/** Roles grant menu and button entries; `dataScope` 'all' sees every tenant's data. */
export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_idx').on(t.code)],
);

/** Menu and button entries a role grants. */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: uuid()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);
