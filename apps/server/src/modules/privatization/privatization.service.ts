import type { PageQuery, PrivateCustomerRow, PrivateCustomerSave } from '@cpm/contracts';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { inDataScope } from '../../shared/data-scope';
import { requireAddOrEdit } from '../../shared/permissions';
import type { AppKeys } from '../keys/app-keys';
import type { OplogService } from '../oplog/oplog.service';
import { privateCustomers } from './privatization.table';

type Filter = { name?: string; deploymentStatus?: string; country?: string };

const toRow = (r: typeof privateCustomers.$inferSelect): PrivateCustomerRow => ({
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

/** Private-deployment customers; the customer system's password is only ever given by `reveal`. */
export const createPrivatizationService = (deps: {
  db: Db;
  keys: AppKeys;
  clock: Clock;
  oplog: OplogService;
}) => {
  const { db } = deps;
  const where = (auth: AuthContext, f: Filter): SQL | undefined =>
    and(
      inDataScope(auth, privateCustomers.ownerId),
      f.name ? ilike(privateCustomers.name, `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      f.deploymentStatus ? eq(privateCustomers.deploymentStatus, f.deploymentStatus) : undefined,
      f.country ? eq(privateCustomers.country, f.country) : undefined,
    );
  const mustFind = async (auth: AuthContext, id: string) => {
    const [row] = await db
      .select()
      .from(privateCustomers)
      .where(and(eq(privateCustomers.id, id), inDataScope(auth, privateCustomers.ownerId)));
    if (!row) throw new AppError('notFound');
    return row;
  };

  return {
    list: async (auth: AuthContext, f: Filter, offset: number, limit: number) =>
      (
        await db
          .select()
          .from(privateCustomers)
          .where(where(auth, f))
          .orderBy(desc(privateCustomers.createdAt), desc(privateCustomers.id))
          .offset(offset)
          .limit(limit)
      ).map(toRow),

    async count(auth: AuthContext, f: Filter) {
      const [row] = await db.select({ n: count() }).from(privateCustomers).where(where(auth, f));
      return row.n;
    },

    async page(auth: AuthContext, q: PageQuery & Filter) {
      const records = await this.list(auth, q, (q.current - 1) * q.size, q.size);
      return { records, total: await this.count(auth, q), current: q.current, size: q.size };
    },

    async save(auth: AuthContext, body: PrivateCustomerSave) {
      requireAddOrEdit(auth, 'user:private', body.id);
      const existing = body.id ? await mustFind(auth, body.id) : null;
      if (!existing && !body.password) throw new AppError('passwordRequiredForNew');
      const { id: _id, password, ...fields } = body;
      const values = {
        ...fields,
        remark: body.remark ?? null,
        ...(password ? { passwordEnc: deps.keys.encryptSecret(password) } : {}),
      };
      if (existing) {
        await db
          .update(privateCustomers)
          .set({ ...values, updatedAt: deps.clock.now() })
          .where(eq(privateCustomers.id, existing.id));
        return { id: existing.id };
      }
      const [row] = await db
        .insert(privateCustomers)
        .values({ ...values, ownerId: auth.userId })
        .returning({ id: privateCustomers.id });
      return row;
    },

    async remove(auth: AuthContext, id: string) {
      await mustFind(auth, id);
      await db.delete(privateCustomers).where(eq(privateCustomers.id, id));
    },

    /** The stored password in clear, recorded in the operation log. */
    async reveal(auth: AuthContext, ip: string, id: string) {
      const row = await mustFind(auth, id);
      await deps.oplog.record(auth, ip, {
        action: 'private.reveal',
        objectType: 'privateCustomer',
        objectId: row.id,
        objectName: row.name,
      });
      return { password: row.passwordEnc ? deps.keys.decryptSecret(row.passwordEnc) : '' };
    },
  };
};

export type PrivatizationService = ReturnType<typeof createPrivatizationService>;
