import { and, asc, count, desc, eq, ilike, inArray, lt, notExists, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { accountAncestorsSql, inDataScope } from '../../shared/data-scope';
import { firstWhere } from '../../shared/sql';
import { users } from '../users/users.table';
import { blobContents, blobQuotas, blobs } from './blobs.table';

export type BlobRow = typeof blobs.$inferSelect;

/** Blob records and the content rows that track stored bytes. */
export const createBlobsRepository = (db: Db) => ({
  /** Marks bytes as stored (or just used again) now, so the sweep leaves them for the grace period. */
  async touchContent(sha256: string, size: number, at: Date) {
    await db
      .insert(blobContents)
      .values({ sha256, size, touchedAt: at })
      .onConflictDoUpdate({ target: blobContents.sha256, set: { touchedAt: at } });
  },

  async insert(row: typeof blobs.$inferInsert): Promise<BlobRow> {
    const [created] = await db.insert(blobs).values(row).returning();
    return created;
  },

  async findById(id: string): Promise<BlobRow | undefined> {
    const [row] = await db.select().from(blobs).where(eq(blobs.id, id));
    return row;
  },

  /** A record inside the caller's data scope. */
  async findVisible(auth: Pick<AuthContext, 'userId' | 'dataScope'>, id: string) {
    const [row] = await db
      .select()
      .from(blobs)
      .where(and(eq(blobs.id, id), inDataScope(auth, blobs.ownerId)));
    return row;
  },

  /** Whether `account` is `owner` or one of the accounts above it (files from above reach terminals below). */
  async isSameOrAbove(account: string, owner: string): Promise<boolean> {
    const rows = await db.execute(sql`with recursive up(id, superior_id) as (
        select id, superior_id from users where id = ${owner}::uuid
        union
        select u.id, u.superior_id from users u join up on u.id = up.superior_id
      ) select 1 as hit from up where id = ${account}::uuid limit 1`);
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    return list.length > 0;
  },

  /** One record of a kind with these bytes owned by `account` or an account above it, in one query. */
  findForAccountBySha: async (kind: string, sha256: string, account: string): Promise<BlobRow | undefined> =>
    (await firstWhere(
      db,
      blobs,
      and(
        eq(blobs.kind, kind),
        eq(blobs.sha256, sha256),
        sql`${blobs.ownerId} in ${accountAncestorsSql(account)}`,
      ),
      [blobs.createdAt],
    )) ?? undefined,

  async quotaOf(ownerId: string): Promise<number | null> {
    const [row] = await db.select().from(blobQuotas).where(eq(blobQuotas.ownerId, ownerId));
    return row ? row.maxBytes : null;
  },

  async setQuota(ownerId: string, maxBytes: number | null, at: Date) {
    if (maxBytes === null) await db.delete(blobQuotas).where(eq(blobQuotas.ownerId, ownerId));
    else
      await db
        .insert(blobQuotas)
        .values({ ownerId, maxBytes, updatedAt: at })
        .onConflictDoUpdate({ target: blobQuotas.ownerId, set: { maxBytes, updatedAt: at } });
  },

  /** Removes records of a kind created before `before` (bytes go with the next sweep); answers how many. */
  async removeOlderOfKind(kind: string, before: Date) {
    const gone = await db
      .delete(blobs)
      .where(and(eq(blobs.kind, kind), lt(blobs.createdAt, before)))
      .returning({ id: blobs.id });
    return gone.length;
  },

  async remove(id: string) {
    await db.delete(blobs).where(eq(blobs.id, id));
  },

  /**
   * Removes content rows no record references and untouched since `before`, calling `removeBytes`
   * for each inside the transaction, so an upload of the same bytes waits and then stores afresh.
   */
  async sweepContents(before: Date, limit: number, removeBytes: (sha256: string) => Promise<void>) {
    return db.transaction(async (tx) => {
      const orphans = await tx
        .select({ sha256: blobContents.sha256, size: blobContents.size })
        .from(blobContents)
        .where(
          and(
            lt(blobContents.touchedAt, before),
            notExists(tx.select({ one: sql`1` }).from(blobs).where(eq(blobs.sha256, blobContents.sha256))),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const o of orphans) await removeBytes(o.sha256);
      if (orphans.length)
        await tx.delete(blobContents).where(
          inArray(
            blobContents.sha256,
            orphans.map((o) => o.sha256),
          ),
        );
      return orphans;
    });
  },

  /**
   * Accounts with their stored bytes (each distinct content once per owner) and quotas, largest
   * use first: the platform administrators' quota list.
   */
  async accountsByUsage(f: { username?: string }, offset: number, limit: number) {
    const perOwner = db
      .selectDistinct({ ownerId: blobs.ownerId, sha256: blobs.sha256, size: blobs.size })
      .from(blobs)
      .as('per_owner');
    const used = db
      .select({ ownerId: perOwner.ownerId, bytes: sum(perOwner.size).as('bytes') })
      .from(perOwner)
      .groupBy(perOwner.ownerId)
      .as('used');
    const where = f.username
      ? ilike(users.username, `%${f.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined;
    const usedBytes = sql<number>`coalesce(${used.bytes}, 0)`.mapWith(Number);
    const records = await db
      .select({
        ownerId: users.id,
        username: users.username,
        companyName: users.companyName,
        usedBytes,
        quotaBytes: blobQuotas.maxBytes,
      })
      .from(users)
      .leftJoin(used, eq(used.ownerId, users.id))
      .leftJoin(blobQuotas, eq(blobQuotas.ownerId, users.id))
      .where(where)
      .orderBy(desc(usedBytes), asc(users.username))
      .offset(offset)
      .limit(limit);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { records, total: total.n };
  },

  /** Bytes used per owner: each distinct content counted once per owner. */
  async usageByOwner(ownerIds?: string[]) {
    const perOwner = db
      .selectDistinct({ ownerId: blobs.ownerId, sha256: blobs.sha256, size: blobs.size })
      .from(blobs)
      .where(ownerIds ? inArray(blobs.ownerId, ownerIds) : (undefined as SQL | undefined))
      .as('per_owner');
    const rows = await db
      .select({ ownerId: perOwner.ownerId, bytes: sum(perOwner.size).mapWith(Number) })
      .from(perOwner)
      .groupBy(perOwner.ownerId);
    return rows;
  },
});

export type BlobsRepository = ReturnType<typeof createBlobsRepository>;
