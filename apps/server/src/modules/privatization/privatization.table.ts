import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, uuidKey } from '../../db/columns';

/** Customers running their own deployment; the system password is kept AES-GCM encrypted. */
export const privateCustomers = pgTable(
  'private_customers',
  {
    id: uuidKey(),
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
    ...timestamps(),
  },
  (t) => [index('private_customers_owner_idx').on(t.ownerId)],
);
