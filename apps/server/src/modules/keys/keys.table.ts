import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/**
 * Keys generated at first start (the RSA pair passwords travel under, the AES key for stored
 * customer passwords). In the database so every instance shares them and restarts keep them.
 */
export const appKeys = pgTable('app_keys', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
});
