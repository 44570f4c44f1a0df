import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountAncestorsSql, inDataScope, type Scope } from '../../shared/data-scope';
import { existsWhere, likeAnywhere, newestFirst, pageWhere, updatedCount } from '../../shared/sql';
import { webhookDeliveries, webhookSubscriptions } from './webhooks.table';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SubscriptionRecord = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<
  DeliveryRecord,
  'subscriptionId' | 'eventId' | 'eventType' | 'objectKey' | 'body' | 'createdAt'
>;

const UNFINISHED = ['waiting', 'pending'] as const;

/** Serializes the writes of one lane (subscription and object) for the rest of the transaction. */
const lockLane = (tx: Tx | Db, subscriptionId: string, objectKey: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${subscriptionId}|${objectKey}`}, 7))`);

/** Subscriptions and their delivery log. */
export const createWebhooksRepository = (db: Db) => ({
  /** Runs `work` in one transaction. */
  transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

  async page(scope: Scope, f: { name?: string; offset: number; limit: number }) {
    const where = and(
      inDataScope(scope, webhookSubscriptions.ownerId),
      f.name ? sql`${webhookSubscriptions.name} ilike ${likeAnywhere(f.name)}` : undefined,
    );
    return pageWhere(db, webhookSubscriptions, where, newestFirst(webhookSubscriptions), f.offset, f.limit);
  },

  findVisible: async (scope: Scope, id: string): Promise<SubscriptionRecord | null> =>
    (
      await db
        .select()
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.id, id), inDataScope(scope, webhookSubscriptions.ownerId)))
    )[0] ?? null,

  findById: async (id: string): Promise<SubscriptionRecord | null> =>
    (await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)))[0] ?? null,

  insert: async (row: typeof webhookSubscriptions.$inferInsert): Promise<SubscriptionRecord> =>
    (await db.insert(webhookSubscriptions).values(row).returning())[0],

  update: async (id: string, set: Partial<typeof webhookSubscriptions.$inferInsert>) => {
    await db.update(webhookSubscriptions).set(set).where(eq(webhookSubscriptions.id, id));
  },

  remove: async (id: string) => {
    await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  },

  /** The event types some enabled subscription chose. */
  subscribedTypes: async (): Promise<string[]> =>
    (
      await db
        .selectDistinct({ type: sql<string>`unnest(${webhookSubscriptions.eventTypes})` })
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.enabled, true))
    ).map((r) => r.type),

  /** Enabled subscriptions of `ownerId`'s account or any account above it that chose `type`. */
  matching: (type: string, ownerId: string): Promise<SubscriptionRecord[]> =>
    db
      .select()
      .from(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.enabled, true),
          sql`${webhookSubscriptions.eventTypes} @> array[${type}]::text[]`,
          sql`${webhookSubscriptions.ownerId} in ${accountAncestorsSql(ownerId)}`,
        ),
      ),

  /**
   * Inserts a delivery at the end of its lane: `pending` when the lane was empty, else `waiting`.
   * An event already delivered to the subscription is not inserted twice (null).
   */
  async enqueue(tx: Tx, d: NewDelivery): Promise<DeliveryRecord | null> {
    const ahead = await laneBusy(tx, d.subscriptionId, d.objectKey);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        ...d,
        status: ahead ? 'waiting' : 'pending',
        seriesStartedAt: d.createdAt,
        nextAttemptAt: ahead ? null : d.createdAt,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  },

  findDelivery: async (id: string): Promise<DeliveryRecord | null> =>
    (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0] ?? null,

  async deliveries(
    subscriptionId: string,
    f: { status?: DeliveryRecord['status']; offset: number; limit: number },
  ) {
    const where = and(
      eq(webhookDeliveries.subscriptionId, subscriptionId),
      f.status ? eq(webhookDeliveries.status, f.status) : undefined,
    );
    return pageWhere(db, webhookDeliveries, where, [desc(webhookDeliveries.seq)], f.offset, f.limit);
  },

  /** Records one attempt's outcome on a pending delivery; false when it is no longer pending. */
  async recordAttempt(
    tx: Tx,
    id: string,
    a: Pick<DeliveryRecord, 'status' | 'responseCode' | 'durationMs' | 'error' | 'nextAttemptAt'> & {
      now: Date;
    },
  ): Promise<boolean> {
    const changed = await updatedCount(
      tx,
      webhookDeliveries,
      {
        status: a.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseCode: a.responseCode,
        durationMs: a.durationMs,
        error: a.error,
        lastAttemptAt: a.now,
        nextAttemptAt: a.nextAttemptAt,
        deliveredAt: a.status === 'delivered' ? a.now : null,
      },
      and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')),
    );
    return changed > 0;
  },

  /** Makes the oldest waiting delivery of a lane pending, when none is; answers it, or null. */
  async promoteNext(
    tx: Tx,
    subscriptionId: string,
    objectKey: string,
    now: Date,
  ): Promise<DeliveryRecord | null> {
    await lockLane(tx, subscriptionId, objectKey);
    const [head] = await tx
      .select()
      .from(webhookDeliveries)
      .where(laneOf(subscriptionId, objectKey))
      .orderBy(asc(webhookDeliveries.seq))
      .limit(1);
    if (!head || head.status === 'pending') return null;
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', seriesStartedAt: now, nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, head.id))
      .returning();
    return row;
  },

  /**
   * Starts a new attempt series of a finished delivery: pending at once when its lane is empty,
   * else waiting behind it. Answers the row, or null when it was not finished.
   */
  async restart(tx: Tx, id: string, now: Date): Promise<DeliveryRecord | null> {
    const [d] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    if (!d || !['delivered', 'failed'].includes(d.status)) return null;
    const ahead = await laneBusy(tx, d.subscriptionId, d.objectKey);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: ahead ? 'waiting' : 'pending',
        seriesStartedAt: now,
        nextAttemptAt: ahead ? null : now,
        error: null,
        deliveredAt: null,
      })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row;
  },

  /** Ends a failure streak; writes only when there was one. */
  async succeeded(tx: Tx, subscriptionId: string) {
    await tx
      .update(webhookSubscriptions)
      .set({ consecutiveFailures: 0, failingSince: null })
      .where(
        and(eq(webhookSubscriptions.id, subscriptionId), gt(webhookSubscriptions.consecutiveFailures, 0)),
      );
  },

  /** Counts a failed attempt; answers the streak. */
  async failed(tx: Tx, subscriptionId: string, now: Date) {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + 1`,
        failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookSubscriptions.id, subscriptionId))
      .returning();
    return row ?? null;
  },

  /** Turns an enabled subscription off; false when it already was. */
  disable: async (tx: Tx, subscriptionId: string, reason: string, now: Date): Promise<boolean> =>
    (await updatedCount(
      tx,
      webhookSubscriptions,
      { enabled: false, disabledReason: reason, updatedAt: now },
      and(eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.enabled, true)),
    )) > 0,
});

/** Locks a lane (see `lockLane`) and answers whether a delivery of it is still unfinished. */
const laneBusy = async (tx: Tx, subscriptionId: string, objectKey: string) => {
  await lockLane(tx, subscriptionId, objectKey);
  return existsWhere(tx, webhookDeliveries, laneOf(subscriptionId, objectKey));
};

const laneOf = (subscriptionId: string, objectKey: string): SQL =>
  and(
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    eq(webhookDeliveries.objectKey, objectKey),
    inArray(webhookDeliveries.status, [...UNFINISHED]),
  ) as SQL;

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
