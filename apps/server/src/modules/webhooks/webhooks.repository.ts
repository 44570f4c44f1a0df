import { and, asc, desc, eq, gt, inArray, lt, lte, min, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountAncestorsSql, inDataScope, type Scope } from '../../shared/data-scope';
import {
  deletedCount,
  existsWhere,
  likeAnywhere,
  newestFirst,
  pageWhere,
  updatedCount,
} from '../../shared/sql';
import { webhookDeliveries, webhookSubscriptions } from './webhooks.table';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SubscriptionRecord = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<
  DeliveryRecord,
  'subscriptionId' | 'eventId' | 'eventType' | 'objectKey' | 'body' | 'createdAt'
>;

const UNFINISHED = ['waiting', 'pending'] as const;

/** The outcome of one attempt, as recorded on its delivery. */
export type AttemptOutcome = Pick<
  DeliveryRecord,
  'id' | 'objectKey' | 'status' | 'responseCode' | 'durationMs' | 'error' | 'nextAttemptAt'
>;

/**
 * `recordAttempts` in one statement: the outcomes (as arrays, $1-$6: id, status, code, ms, error,
 * next attempt) of pending deliveries, at $7, of subscription $8; then the next delivery of each
 * finished lane goes. The statement sees the lanes as they were before it, so the heads recorded here
 * are left out of the look for each finished lane's next. Its text does not depend on the group size.
 */
const RECORD_ATTEMPTS_SQL = `
  with v as (
    select * from unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::text[], $6::timestamptz[])
      as v(id, status, code, ms, error, next)
  ),
  recorded as (
    update webhook_deliveries d set
      status = v.status,
      attempts = d.attempts + 1,
      response_code = v.code,
      duration_ms = v.ms,
      error = v.error,
      last_attempt_at = $7::timestamptz,
      next_attempt_at = v.next,
      delivered_at = case when v.status = 'delivered' then $7::timestamptz end
    from v
    -- The ids as an array too: without statistics (the embedded database has none) the planner
    -- may join the outcomes against a scan of the whole log instead of the key.
    where d.id = any($1::uuid[]) and d.id = v.id and d.status = 'pending'
    returning d.id, d.object_key, d.status
  ),
  head as (
    select n.id, n.status
    from (select distinct object_key from recorded where status <> 'pending') as f,
    lateral (
      select w.id, w.status from webhook_deliveries w
      where w.subscription_id = $8::uuid
        and w.object_key = f.object_key
        and w.status in ('waiting', 'pending')
        and w.id <> all($1::uuid[])
      order by w.seq
      limit 1
    ) as n
  ),
  promoted as (
    update webhook_deliveries d set
      status = 'pending', series_started_at = $7::timestamptz, next_attempt_at = $7::timestamptz
    from head
    where d.id = head.id and head.status = 'waiting'
    returning d.*
  )
  select 'recorded' as kind, to_jsonb(recorded) as row from recorded
  union all
  select 'next', to_jsonb(promoted) from promoted
  union all
  select 'subscription', to_jsonb(s) from webhook_subscriptions s where s.id = $8::uuid`;

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
      )
      .orderBy(asc(webhookSubscriptions.id)),

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

  /**
   * Up to `limit` deliveries of a subscription due for an attempt (each the head of its lane), oldest
   * first, leaving out `busy` (being sent or waiting for their outcome to be recorded).
   */
  due: (subscriptionId: string, now: Date, busy: string[], limit: number): Promise<DeliveryRecord[]> =>
    db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.subscriptionId, subscriptionId),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          busy.length ? notInArray(webhookDeliveries.id, busy) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.seq))
      .limit(limit),

  /** When the subscription's next attempt is due (its earliest pending delivery), or null. */
  nextDue: async (tx: Tx, subscriptionId: string): Promise<Date | null> =>
    (
      await tx
        .select({ at: min(webhookDeliveries.nextAttemptAt) })
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'pending')),
        )
    )[0]?.at ?? null,

  /**
   * Records the outcomes of attempts on pending deliveries and lets the next delivery of every lane
   * whose head finished go (pending, due at `now`), in one statement after locking those lanes (see
   * `lockLane`). Answers the outcomes recorded (a delivery no longer pending, e.g. failed by the
   * sweeper meanwhile, is left alone), the deliveries that went and the subscription as it is now.
   */
  async recordAttempts(tx: Tx, subscriptionId: string, attempts: AttemptOutcome[], now: Date) {
    if (attempts.length === 0) return { recorded: [], next: [], subscription: null };
    const finished = attempts.filter((a) => a.status !== 'pending').map((a) => a.objectKey);
    await lockLanes(tx, subscriptionId, finished);
    const params = [
      attempts.map((a) => a.id),
      attempts.map((a) => a.status),
      attempts.map((a) => a.responseCode),
      attempts.map((a) => a.durationMs),
      attempts.map((a) => a.error),
      attempts.map((a) => a.nextAttemptAt?.toISOString() ?? null),
      now.toISOString(),
      subscriptionId,
    ];
    // Named, so that PostgreSQL parses it once per connection (its text is the same for any group).
    const result = (await tx._.session
      .prepareQuery({ sql: RECORD_ATTEMPTS_SQL, params }, undefined, 'webhooks_record_attempts', false)
      .execute()) as { rows: { kind: string; row: Record<string, unknown> }[] };
    const rows = result.rows;
    return {
      recorded: rows
        .filter((r) => r.kind === 'recorded')
        .map((r) => rowOf<Pick<DeliveryRecord, 'id' | 'objectKey' | 'status'>>(r.row)),
      // In the order they were made, so that the oldest goes first.
      next: rows
        .filter((r) => r.kind === 'next')
        .map((r) => rowOf<DeliveryRecord>(r.row))
        .sort((x, y) => x.seq - y.seq),
      subscription:
        rows.filter((r) => r.kind === 'subscription').map((r) => rowOf<SubscriptionRecord>(r.row))[0] ?? null,
    };
  },

  /**
   * Makes the oldest waiting delivery of each given lane pending where none is (the lanes' heads
   * were just finished); answers how many went.
   */
  async promoteNextOf(tx: Tx, subscriptionId: string, objectKeys: string[], now: Date): Promise<number> {
    if (objectKeys.length === 0) return 0;
    const keys = [...new Set(objectKeys)].sort();
    await lockLanes(tx, subscriptionId, keys);
    const d = webhookDeliveries;
    const result = await tx.execute(sql`
      update ${d} set status = 'pending', series_started_at = ${now.toISOString()}::timestamptz,
        next_attempt_at = ${now.toISOString()}::timestamptz
      from (
        select distinct on (${d.objectKey}) ${d.id} as id, ${d.status} as status from ${d}
        where ${d.subscriptionId} = ${subscriptionId}
          and ${d.objectKey} in ${keys}
          and ${d.status} in ('waiting', 'pending')
        order by ${d.objectKey}, ${d.seq}
      ) as head
      where ${d.id} = head.id and head.status = 'waiting'
      returning ${d.id}`);
    return (result as unknown as { rows: unknown[] }).rows.length;
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

  /** Up to 500 pending deliveries whose attempt series began before `cutoff` (their retries ran out). */
  exhausted: (cutoff: Date) =>
    db
      .select({ id: webhookDeliveries.id, subscriptionId: webhookDeliveries.subscriptionId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.seriesStartedAt, cutoff)))
      .limit(500),

  /** Fails pending deliveries for good; answers those it changed. */
  failForGood: (tx: Tx, ids: string[], error: string, now: Date) =>
    tx
      .update(webhookDeliveries)
      .set({ status: 'failed', error, nextAttemptAt: null, lastAttemptAt: now })
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id, objectKey: webhookDeliveries.objectKey }),

  /** Deletes finished deliveries made before `before`; answers how many. */
  pruneLog: (before: Date) =>
    deletedCount(
      db,
      webhookDeliveries,
      and(
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
        lt(webhookDeliveries.createdAt, before),
      ),
    ),

  /** Ends a failure streak; writes only when there was one. */
  async succeeded(tx: Tx, subscriptionId: string) {
    await tx
      .update(webhookSubscriptions)
      .set({ consecutiveFailures: 0, failingSince: null })
      .where(
        and(eq(webhookSubscriptions.id, subscriptionId), gt(webhookSubscriptions.consecutiveFailures, 0)),
      );
  },

  /** Counts failed attempts (one unless told); answers the streak. */
  async failed(tx: Tx, subscriptionId: string, now: Date, n = 1) {
    const [row] = await tx
      .update(webhookSubscriptions)
      .set({
        consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + ${n}`,
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

/**
 * Locks several lanes (see `lockLane`) in one statement, one after another in one order, so that two
 * writers of overlapping lanes cannot wait for each other.
 */
const lockLanes = async (tx: Tx, subscriptionId: string, objectKeys: string[]) => {
  if (objectKeys.length === 0) return;
  const lanes = sql.join(
    [...new Set(objectKeys)].sort().map((k) => sql`${`${subscriptionId}|${k}`}`),
    sql`, `,
  );
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 7))
    from (select unnest(array[${lanes}]::text[]) as k order by 1) as lane`);
};

/**
 * A row read back as JSON (`to_jsonb`) as Drizzle would have answered it: keys in camel case,
 * timestamps (`..._at`, `..._since`) as dates.
 */
const rowOf = <T>(r: Record<string, unknown>): T =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [
      k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      v != null && /_(at|since)$/.test(k) ? new Date(v as string) : v,
    ]),
  ) as T;

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
