import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findInScope, inDataScope, ownedNamed, ownerNamed, type Scope } from '../../shared/data-scope';
import {
  allWhere,
  deletedCount,
  existsWhere,
  hitWindow,
  newestFirst,
  pageWhere,
  updatedCount,
} from '../../shared/sql';
import { apiKeyCounters, serviceAccountKeys, serviceAccounts } from './serviceaccounts.table';

export type ServiceAccountRecord = typeof serviceAccounts.$inferSelect;
export type ApiKeyRecord = typeof serviceAccountKeys.$inferSelect;
export type ServiceAccountValues = Omit<typeof serviceAccounts.$inferInsert, 'id' | 'createdAt'>;
export type ApiKeyValues = Omit<typeof serviceAccountKeys.$inferInsert, 'id'>;
/** A key with the service account it belongs to. */
export type KeyWithAccount = { key: ApiKeyRecord; account: ServiceAccountRecord };
/** A fixed window's count after a hit. */
export type CounterState = { count: number; windowStart: Date };

/** Storage of service accounts, their keys and the keys' counters. */
export const createServiceAccountsRepository = (db: Db) => ({
  /** A page of the service accounts in scope, named like `name`, newest first, and their total. */
  page: (scope: Scope, name: string | undefined, offset: number, limit: number) =>
    pageWhere(
      db,
      serviceAccounts,
      ownedNamed(scope, serviceAccounts, name),
      newestFirst(serviceAccounts),
      offset,
      limit,
    ),

  /** The keys of these service accounts, newest first. */
  keysOf: async (accountIds: string[]): Promise<ApiKeyRecord[]> =>
    accountIds.length
      ? allWhere(
          db,
          serviceAccountKeys,
          inArray(serviceAccountKeys.serviceAccountId, accountIds),
          newestFirst(serviceAccountKeys),
        )
      : [],

  findVisible: (scope: Scope, id: string): Promise<ServiceAccountRecord | null> =>
    findInScope(db, serviceAccounts, scope, id),

  nameTaken: (ownerId: string, name: string, exceptId?: string) =>
    existsWhere(db, serviceAccounts, ownerNamed(serviceAccounts, ownerId, name, exceptId)),

  insert: async (values: ServiceAccountValues) =>
    (await db.insert(serviceAccounts).values(values).returning({ id: serviceAccounts.id }))[0].id,

  update: async (id: string, values: Partial<ServiceAccountValues>) => {
    await db.update(serviceAccounts).set(values).where(eq(serviceAccounts.id, id));
  },

  /** Deletes the service account and, with it, its keys. */
  remove: async (id: string) => {
    await db.delete(serviceAccounts).where(eq(serviceAccounts.id, id));
  },

  /** A key with its service account, when the account is inside the caller's data scope. */
  findKeyVisible: async (scope: Scope, keyId: string): Promise<KeyWithAccount | null> =>
    (
      await db
        .select({ key: serviceAccountKeys, account: serviceAccounts })
        .from(serviceAccountKeys)
        .innerJoin(serviceAccounts, eq(serviceAccounts.id, serviceAccountKeys.serviceAccountId))
        .where(and(eq(serviceAccountKeys.id, keyId), inDataScope(scope, serviceAccounts.ownerId)))
    )[0] ?? null,

  /** A key with its service account, by the key's prefix (authentication). */
  findKeyByPrefix: async (prefix: string): Promise<KeyWithAccount | null> =>
    (
      await db
        .select({ key: serviceAccountKeys, account: serviceAccounts })
        .from(serviceAccountKeys)
        .innerJoin(serviceAccounts, eq(serviceAccounts.id, serviceAccountKeys.serviceAccountId))
        .where(eq(serviceAccountKeys.prefix, prefix))
    )[0] ?? null,

  insertKey: async (values: ApiKeyValues) =>
    (await db.insert(serviceAccountKeys).values(values).returning({ id: serviceAccountKeys.id }))[0].id,

  /** Inserts the successor and shortens the old key's life to the overlap, together. */
  rotateKey: (oldId: string, oldExpiresAt: Date, successor: ApiKeyValues) =>
    db.transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(serviceAccountKeys)
        .values(successor)
        .returning({ id: serviceAccountKeys.id });
      await tx
        .update(serviceAccountKeys)
        .set({ expiresAt: oldExpiresAt, replacedById: id })
        .where(eq(serviceAccountKeys.id, oldId));
      return id;
    }),

  revokeKey: async (id: string, at: Date) => {
    await db.update(serviceAccountKeys).set({ revokedAt: at }).where(eq(serviceAccountKeys.id, id));
  },

  /** Records a use; answers false when another request recorded one since `notBefore` (so only one logs it). */
  touchKey: async (id: string, at: Date, ip: string, notBefore: Date) =>
    (await updatedCount(
      db,
      serviceAccountKeys,
      { lastUsedAt: at, lastUsedIp: ip },
      and(
        eq(serviceAccountKeys.id, id),
        sql`(${serviceAccountKeys.lastUsedAt} is null or ${serviceAccountKeys.lastUsedAt} < ${notBefore.toISOString()}::timestamptz)`,
      ),
    )) > 0,

  /** The counters with these keys that exist, by key (a read: checking a lock writes nothing). */
  counters: async (keys: string[]): Promise<Map<string, CounterState>> =>
    new Map(
      (await db.select().from(apiKeyCounters).where(inArray(apiKeyCounters.key, keys))).map((r) => [
        r.key,
        { count: r.count, windowStart: r.windowStart },
      ]),
    ),

  /** Deletes counters whose window started before `before`; answers how many. */
  sweepCounters: (before: Date) => deletedCount(db, apiKeyCounters, lt(apiKeyCounters.windowStart, before)),

  /** Adds `amount` (0 only reads) to a fixed window, starting a new one when the old has passed. */
  hit: (key: string, windowMs: number, now: Date, amount = 1): Promise<CounterState> =>
    hitWindow(db, apiKeyCounters, key, windowMs, now, amount),
});

export type ServiceAccountsRepository = ReturnType<typeof createServiceAccountsRepository>;
