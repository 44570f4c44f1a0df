import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, uuidKey } from '../../db/columns';

/** The menu tree: systems, modules, pages and buttons (menuType 0-3). */
export const menus = pgTable(
  'menus',
  {
    id: uuidKey(),
    parentId: uuid(),
    menuType: integer().notNull(),
    name: text().notNull(),
    englishName: text().notNull(),
    url: text().notNull().default(''),
    icon: text().notNull().default(''),
    hidden: boolean().notNull().default(false),
    permission: text().notNull().default(''),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    sysCode: text().notNull().default('cpm'),
    /** Stable key of a seeded entry (`device/index`, `device/index#add`); null for entries made by users. */
    seedKey: text(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('menus_seed_key_idx').on(t.seedKey), index('menus_parent_idx').on(t.parentId)],
);
