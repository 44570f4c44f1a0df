import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Dictionaries: named value lists the console shows in selects and tags, in both languages. */
export const dicts = pgTable(
  'dicts',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    name: text().notNull(),
    englishName: text().notNull(),
    description: text(),
    enabled: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dicts_code_idx').on(t.code)],
);

/** Items of a dictionary. */
export const dictItems = pgTable(
  'dict_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    dictId: uuid()
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    englishName: text().notNull(),
    value: text().notNull(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('dict_items_value_idx').on(t.dictId, t.value),
    index('dict_items_dict_idx').on(t.dictId),
  ],
);
