import type { PrivateCustomerRow } from '@cpm/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findInScope, ownedNamed, type Scope } from '../../shared/data-scope';
import { countWhere, equalTo, newestFirst, rowsWhere } from '../../shared/sql';
import { privateCustomers } from './privatization.table';

export type CustomerFilter = { name?: string; deploymentStatus?: string; country?: string };
export type CustomerRecord = typeof privateCustomers.$inferSelect;
export type CustomerValues = Omit<typeof privateCustomers.$inferInsert, 'id' | 'ownerId' | 'createdAt'>;

const toRow = (r: CustomerRecord): PrivateCustomerRow => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  phone: r.phone,
  email: r.email,
  country: r.country,
  region: r.region,
  address: r.address,
  deploymentStatus: r.deploymentStatus,
  networkType: r.networkType,
  interfaceUrl: r.interfaceUrl,
  serviceIp: r.serviceIp,
  sysUser: r.sysUser,
  hasPassword: r.passwordEnc !== null,
  remark: r.remark,
  ownerId: r.ownerId,
  createdAt: r.createdAt.toISOString(),
});

/** Storage of private-deployment customers, always within the caller's data scope. */
export const createPrivatizationRepository = (db: Db) => {
  const where = (scope: Scope, f: CustomerFilter): SQL | undefined =>
    ownedNamed(
      scope,
      privateCustomers,
      f.name,
      ...equalTo(privateCustomers, { deploymentStatus: f.deploymentStatus, country: f.country }),
    );
  return {
    /** Rows as the list shows them: the password only as `hasPassword`. */
    list: async (scope: Scope, f: CustomerFilter, offset: number, limit: number) =>
      (
        await rowsWhere(db, privateCustomers, where(scope, f), newestFirst(privateCustomers), offset, limit)
      ).map(toRow),

    count: async (scope: Scope, f: CustomerFilter) => countWhere(db, privateCustomers, where(scope, f)),

    findVisible: async (scope: Scope, id: string): Promise<CustomerRecord | null> =>
      findInScope(db, privateCustomers, scope, id),

    insert: async (values: CustomerValues & { ownerId: string }) =>
      (await db.insert(privateCustomers).values(values).returning({ id: privateCustomers.id }))[0],

    update: async (id: string, values: Partial<CustomerValues>) => {
      await db.update(privateCustomers).set(values).where(eq(privateCustomers.id, id));
    },

    remove: async (id: string) => {
      await db.delete(privateCustomers).where(eq(privateCustomers.id, id));
    },
  };
};

export type PrivatizationRepository = ReturnType<typeof createPrivatizationRepository>;
