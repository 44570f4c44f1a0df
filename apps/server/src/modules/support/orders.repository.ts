import type { OrderEvent, OrderFilter, OrderStatus } from '@cpm/contracts';
import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { likeAnywhere } from '../../shared/sql';
import { supportOrderEvents, supportOrderMedia, supportOrders } from './support.table';

type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;
export type OrderRecord = typeof supportOrders.$inferSelect;
export type OrderValues = Omit<typeof supportOrders.$inferInsert, 'id' | 'seq'>;
export type OrderEventValues = Omit<typeof supportOrderEvents.$inferInsert, 'id' | 'seq' | 'orderId'>;

const OPEN: OrderStatus[] = ['submitted', 'accepted', 'repairing'];

const toEvent = (r: typeof supportOrderEvents.$inferSelect): OrderEvent => ({
  id: r.id,
  kind: r.kind,
  fromStatus: r.fromStatus as OrderStatus | null,
  toStatus: r.toStatus as OrderStatus | null,
  note: r.note,
  actorName: r.actorName,
  at: r.at.toISOString(),
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
      f.keyword
        ? or(
            ilike(supportOrders.sn, likeAnywhere(f.keyword)),
            ilike(supportOrders.storeName, likeAnywhere(f.keyword)),
            ilike(supportOrders.contact, likeAnywhere(f.keyword)),
            ilike(supportOrders.description, likeAnywhere(f.keyword)),
          )
        : undefined,
      f.status ? eq(supportOrders.status, f.status) : undefined,
      f.faultType ? eq(supportOrders.faultType, f.faultType) : undefined,
      f.priority ? eq(supportOrders.priority, f.priority) : undefined,
      f.overdue ? and(inArray(supportOrders.status, OPEN), lt(supportOrders.dueAt, now)) : undefined,
    );

  return {
    list: (scope: Scope, f: OrderFilter, now: Date, offset: number, limit: number) =>
      db
        .select()
        .from(supportOrders)
        .where(where(scope, f, now))
        .orderBy(desc(supportOrders.createdAt), desc(supportOrders.seq))
        .offset(offset)
        .limit(limit),

    count: async (scope: Scope, f: OrderFilter, now: Date) =>
      (
        await db
          .select({ n: count() })
          .from(supportOrders)
          .where(where(scope, f, now))
      )[0].n,

    findVisible: async (scope: Scope, id: string): Promise<OrderRecord | null> =>
      (
        await db
          .select()
          .from(supportOrders)
          .where(and(eq(supportOrders.id, id), visible(scope)))
      )[0] ?? null,

    /** Inserts the order, its files and its creation event in one transaction. */
    insert: (values: OrderValues, mediaIds: string[], event: OrderEventValues) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(supportOrders).values(values).returning();
        if (mediaIds.length)
          await tx
            .insert(supportOrderMedia)
            .values(mediaIds.map((blobId, sort) => ({ orderId: row.id, blobId, sort })));
        await tx.insert(supportOrderEvents).values({ ...event, orderId: row.id });
        return row;
      }),

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
        await db
          .select()
          .from(supportOrderEvents)
          .where(eq(supportOrderEvents.orderId, orderId))
          .orderBy(asc(supportOrderEvents.seq))
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
