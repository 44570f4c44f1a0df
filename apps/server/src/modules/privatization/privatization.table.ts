import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Customers running their own deployment; the system password is kept AES-GCM encrypted. */
export const privateCustomers = pgTable(
  'private_customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    contact: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    country: text().notNull(),
    region: text().notNull(),
    address: text().notNull(),
    deploymentStatus: text().notNull(),
    networkType: text().notNull(),
    interfaceUrl: text().notNull(),
    serviceIp: text().notNull(),
    sysUser: text().notNull(),
    /** `v1:iv:tag:ciphertext` (base64), under the key in app_keys. */
    passwordEnc: text(),
    remark: text(),
    ownerId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('private_customers_owner_idx').on(t.ownerId)],
);
