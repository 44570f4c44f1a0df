import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { parentRef, timestamps, uuidKey } from '../../db/columns';

/** Dictionaries: named value lists the console shows in selects and tags, in both languages. */
export const dicts = pgTable(
  'dicts',
  {
    id: uuidKey(),
    code: text().notNull(),
    name: text().notNull(),
    englishName: text().notNull(),
    description: text(),
    enabled: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('dicts_code_idx').on(t.code)],
);

/** Items of a dictionary. */
export const dictItems = pgTable(
  'dict_items',
  {
    id: uuidKey(),
    dictId: parentRef(() => dicts.id),
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
