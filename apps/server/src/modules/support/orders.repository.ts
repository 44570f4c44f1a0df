import type { OrderEvent, OrderFault, OrderFilter, OrderStatus } from '@cpm/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { historyStep } from '../../db/columns';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { inBatches } from '../../shared/paging';
import {
  allWhere,
  containsIn,
  countWhere,
  equalTo,
  firstWhere,
  nullOnUniqueViolation,
} from '../../shared/sql';
import { supportHealthEvents, supportOrderEvents, supportOrderMedia, supportOrders } from './support.table';

/** Rows the export reads at a time. */
const EXPORT_BATCH = 1000;
export type OrderRecord = typeof supportOrders.$inferSelect;
export type OrderValues = Omit<typeof supportOrders.$inferInsert, 'id' | 'seq'>;
export type OrderEventValues = Omit<typeof supportOrderEvents.$inferInsert, 'id' | 'seq' | 'orderId'>;

const OPEN: OrderStatus[] = ['submitted', 'accepted', 'repairing'];

const toEvent = (r: typeof supportOrderEvents.$inferSelect): OrderEvent => ({
  id: r.id,
  ...historyStep<OrderStatus>(r),
  note: r.note,
});

/** Storage of after-sales orders: rows, their files and their history. */
export const createOrdersRepository = (db: Db) => {
  /** Orders owned inside the caller's account tree, or assigned to the caller. */
  const visible = (scope: Scope): SQL | undefined => {
    const owned = inDataScope(scope, supportOrders.ownerId);
    return owned ? or(owned, eq(supportOrders.assigneeId, scope.userId)) : undefined;
  };
  const where = (scope: Scope, f: OrderFilter, now: Date): SQL | undefined =>
    and(
      visible(scope),
      containsIn(
        f.keyword,
        supportOrders.sn,
        supportOrders.storeName,
        supportOrders.contact,
        supportOrders.description,
      ),
      ...equalTo(supportOrders, { status: f.status, faultType: f.faultType, priority: f.priority }),
      f.overdue ? and(inArray(supportOrders.status, OPEN), lt(supportOrders.dueAt, now)) : undefined,
      f.source ? eq(supportOrders.source, f.source) : undefined,
      f.mine ? eq(supportOrders.assigneeId, scope.userId) : undefined,
    );
  const list = (scope: Scope, f: OrderFilter, now: Date, offset: number, limit: number) =>
    db
      .select()
      .from(supportOrders)
      .where(where(scope, f, now))
      .orderBy(desc(supportOrders.createdAt), desc(supportOrders.seq))
      .offset(offset)
      .limit(limit);

  return {
    list,

    /** Every order under the filter, a batch at a time (exports). */
    batches: (scope: Scope, f: OrderFilter, now: Date) =>
      inBatches((offset, limit) => list(scope, f, now, offset, limit), EXPORT_BATCH),

    count: async (scope: Scope, f: OrderFilter, now: Date) =>
      countWhere(db, supportOrders, where(scope, f, now)),

    findVisible: async (scope: Scope, id: string): Promise<OrderRecord | null> =>
      firstWhere(db, supportOrders, and(eq(supportOrders.id, id), visible(scope))),

    findById: async (id: string): Promise<OrderRecord | null> =>
      firstWhere(db, supportOrders, eq(supportOrders.id, id)),

    /** The order the caller opened with this request key, if any. */
    findByRequestKey: async (createdBy: string, requestKey: string): Promise<OrderRecord | null> =>
      firstWhere(
        db,
        supportOrders,
        and(eq(supportOrders.createdBy, createdBy), eq(supportOrders.requestKey, requestKey)),
      ),

    /**
     * Inserts the order, its files and its creation event in one transaction. Answers null, with
     * nothing written, when a unique rule refused it (the request key or the inspection item was
     * used already, or the peripheral has a standing order).
     */
    insert: async (
      values: OrderValues,
      mediaIds: string[],
      event: OrderEventValues,
      /** For an order of peripheral health: its terminal peripheral's waiting faults since then are linked to it. */
      linkFaultsSince?: Date,
    ) => {
      return nullOnUniqueViolation(async () => {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(supportOrders).values(values).returning();
          if (mediaIds.length)
            await tx
              .insert(supportOrderMedia)
              .values(mediaIds.map((blobId, sort) => ({ orderId: row.id, blobId, sort })));
          await tx.insert(supportOrderEvents).values({ ...event, orderId: row.id });
          if (values.healthKey && linkFaultsSince)
            await tx
              .update(supportHealthEvents)
              .set({ orderId: row.id })
              .where(
                and(
                  eq(supportHealthEvents.healthKey, values.healthKey),
                  isNull(supportHealthEvents.orderId),
                  isNull(supportHealthEvents.proposalId),
                  gte(supportHealthEvents.at, linkFaultsSince),
                ),
              );
          return row;
        });
      });
    },

    /**
     * Changes the assignee and due time of an order not yet closed or rejected, with its history
     * step, in one transaction; null when the order was closed or rejected meanwhile.
     */
    assign: (id: string, values: Partial<OrderValues> & { updatedAt: Date }, event: OrderEventValues) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(supportOrders)
          .set(values)
          .where(and(eq(supportOrders.id, id), notInArray(supportOrders.status, ['closed', 'rejected'])))
          .returning();
        if (!row) return null;
        await tx.insert(supportOrderEvents).values({ ...event, orderId: id });
        return row;
      }),

    /** The faults peripheral health linked to an order, oldest first. */
    faults: async (orderId: string): Promise<OrderFault[]> =>
      (
        await allWhere(db, supportHealthEvents, eq(supportHealthEvents.orderId, orderId), [
          asc(supportHealthEvents.at),
        ])
      ).map((e) => ({
        id: e.id,
        kind: e.kind,
        peripheralType: e.peripheralType,
        peripheralName: e.peripheralName,
        detail: e.detail,
        at: e.at.toISOString(),
      })),

    /** Orders opened from the failed items of an inspection record. */
    ofRecord: (recordId: string) =>
      db
        .select({ key: supportOrders.recordItemKey, id: supportOrders.id, seq: supportOrders.seq })
        .from(supportOrders)
        .where(eq(supportOrders.recordId, recordId))
        .orderBy(asc(supportOrders.seq)),

    /**
     * Moves the order only while it is still in one of `from` (the guard that makes a lost race
     * fail instead of overwriting), and writes the history step with it. Null when it was not.
     */
    transition: (
      id: string,
      from: readonly OrderStatus[],
      values: Partial<OrderValues> & { status: OrderStatus; updatedAt: Date },
      event: OrderEventValues,
    ) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(supportOrders)
          .set(values)
          .where(and(eq(supportOrders.id, id), inArray(supportOrders.status, [...from])))
          .returning();
        if (!row) return null;
        await tx.insert(supportOrderEvents).values({ ...event, orderId: id });
        return row;
      }),

    addEvent: async (orderId: string, event: OrderEventValues) =>
      toEvent(
        (
          await db
            .insert(supportOrderEvents)
            .values({ ...event, orderId })
            .returning()
        )[0],
      ),

    history: async (orderId: string) =>
      (
        await allWhere(db, supportOrderEvents, eq(supportOrderEvents.orderId, orderId), [
          asc(supportOrderEvents.seq),
        ])
      ).map(toEvent),

    mediaIds: async (orderId: string) =>
      (
        await db
          .select({ blobId: supportOrderMedia.blobId })
          .from(supportOrderMedia)
          .where(eq(supportOrderMedia.orderId, orderId))
          .orderBy(asc(supportOrderMedia.sort))
      ).map((r) => r.blobId),
  };
};

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
