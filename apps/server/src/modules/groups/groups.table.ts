import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, uuidKey } from '../../db/columns';

/**
 * Terminal groups (stores, regions, branches): a tree per enterprise. Terminals sit in a group; a
 * user's store scope is a subtree of it; messages can target groups.
 */
export const terminalGroups = pgTable(
  'terminal_groups',
  {
    id: uuidKey(),
    parentId: uuid(),
    name: text().notNull(),
    /** The group number customers use (store number, branch code); unique per owner. */
    number: text().notNull(),
    /** Free classification from the dictionary (region, store, warehouse...). */
    type: text().notNull().default('store'),
    areaCode: text(),
    address: text(),
    contact: text(),
    phone: text(),
    /** IANA time zone of the store; null inherits the nearest ancestor's. */
    timeZone: text(),
    /** The enterprise account owning the group; data scope follows it. */
    ownerId: uuid().notNull(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('terminal_groups_owner_number_idx').on(t.ownerId, t.number),
    index('terminal_groups_parent_idx').on(t.parentId),
  ],
);
