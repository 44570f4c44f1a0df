import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
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
 * next attempt) of the lane heads just attempted, at $7, of subscription $8; then the next delivery
 * of each finished lane, read, not written: it is its lane's head as it stands (waiting, due at
 * once). The statement sees the lanes as they were before it, so the heads recorded here are left
 * out of the look for each finished lane's next. Its text does not depend on the group size.
 *
 * A head's first attempt of a series starts the series (it was waiting): its one write is the
 * outcome, so a delivery sent once costs one new row version, with entries in the key, event and log
 * indexes only (the lane and head indexes take unfinished and pending rows).
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
      series_started_at = case when d.status = 'waiting' then $7::timestamptz else d.series_started_at end,
      last_attempt_at = $7::timestamptz,
      next_attempt_at = v.next,
      delivered_at = case when v.status = 'delivered' then $7::timestamptz end
    from v
    -- The ids as an array too: without statistics (the embedded database has none) the planner
    -- may join the outcomes against a scan of the whole log instead of the key.
    where d.id = any($1::uuid[]) and d.id = v.id and d.status in ('waiting', 'pending')
    returning d.id, d.object_key, d.status
  ),
  head as (
    select n.*
    from (select distinct object_key from recorded where status <> 'pending') as f,
    lateral (
      select w.* from webhook_deliveries w
      where w.subscription_id = $8::uuid
        and w.object_key = f.object_key
        and w.status in ('waiting', 'pending')
        and w.id <> all($1::uuid[])
      order by w.seq
      limit 1
    ) as n
  )
  select 'recorded' as kind, to_jsonb(recorded) as row from recorded
  union all
  select 'next', to_jsonb(head) from head where head.status = 'waiting'
  union all
  select 'subscription', to_jsonb(s) from webhook_subscriptions s where s.id = $8::uuid`;

/**
 * The head of every lane of a subscription that has unfinished deliveries: its pending delivery,
 * else its oldest waiting one. The lanes are walked one index probe each (the lane index, in object
 * order), not row by row.
 */
const laneHeads = (subscriptionId: string): SQL => {
  const d = webhookDeliveries;
  const unfinished = sql`${d.subscriptionId} = ${subscriptionId} and ${d.status} in ('waiting', 'pending')`;
  return sql`
    with recursive lane(key) as (
      (select ${d.objectKey} from ${d} where ${unfinished} order by ${d.objectKey} limit 1)
      union all
      select (
        select ${d.objectKey} from ${d} where ${unfinished} and ${d.objectKey} > lane.key
        order by ${d.objectKey} limit 1
      ) from lane where lane.key is not null
    )
    select h.* from lane, lateral (
      select c.* from (
        (select * from ${d} where ${d.subscriptionId} = ${subscriptionId}
          and ${d.objectKey} = lane.key and ${d.status} = 'pending' limit 1)
        union all
        (select * from ${d} where ${unfinished} and ${d.objectKey} = lane.key order by ${d.seq} limit 1)
      ) as c limit 1
    ) as h
    where lane.key is not null`;
};

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
  async due(subscriptionId: string, now: Date, busy: string[], limit: number): Promise<DeliveryRecord[]> {
    const result = await db.execute(sql`
      select to_jsonb(h) as row from (${laneHeads(subscriptionId)}) as h
      where (h.next_attempt_at is null or h.next_attempt_at <= ${now.toISOString()}::timestamptz)
        and h.id <> all(${`{${busy.join(',')}}`}::uuid[])
      order by h.seq
      limit ${limit}`);
    return (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows.map((r) =>
      rowOf<DeliveryRecord>(r.row),
    );
  },

  /** When the subscription's next attempt is due (a waiting head is due at once), or null. */
  async nextDue(tx: Tx, subscriptionId: string): Promise<Date | null> {
    const result = await tx.execute(sql`
      select min(coalesce(h.next_attempt_at, to_timestamp(0))) as at
      from (${laneHeads(subscriptionId)}) as h`);
    const at = (result as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at;
    return at == null ? null : new Date(at);
  },

  /**
   * Records the outcomes of attempts on lane heads and answers the next delivery of every lane whose
   * head finished (due at once), in one statement after locking those lanes (see `lockLane`). Answers
   * the outcomes recorded (a delivery no longer unfinished, e.g. failed by the sweeper meanwhile, is
   * left alone), the next deliveries and the subscription as it is now.
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
   * were just failed by the sweeper: the next one's attempt series starts now); answers how many.
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
   * else waiting behind the lane's head, which is made pending so that it stays first (the row sent
   * again is older than the lane's waiting ones). Answers the row, or null when it was not finished.
   */
  async restart(tx: Tx, id: string, now: Date): Promise<DeliveryRecord | null> {
    const [d] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    if (!d || !['delivered', 'failed'].includes(d.status)) return null;
    const ahead = await laneBusy(tx, d.subscriptionId, d.objectKey);
    if (ahead) await pinHead(tx, d.subscriptionId, d.objectKey, now);
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

/**
 * Makes a lane's head pending when it is its oldest waiting delivery (it may be being sent: it
 * keeps its place, and its series starts now as a promotion's would).
 */
const pinHead = async (tx: Tx, subscriptionId: string, objectKey: string, now: Date) => {
  const d = webhookDeliveries;
  await tx.execute(sql`
    update ${d} set status = 'pending', series_started_at = ${now.toISOString()}::timestamptz,
      next_attempt_at = ${now.toISOString()}::timestamptz
    where ${d.id} = (
      select ${d.id} from ${d} where ${laneOf(subscriptionId, objectKey)} order by ${d.seq} limit 1
    ) and ${d.status} = 'waiting'
      and not exists (
        select 1 from ${d} where ${d.subscriptionId} = ${subscriptionId}
          and ${d.objectKey} = ${objectKey} and ${d.status} = 'pending'
      )`);
};

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
