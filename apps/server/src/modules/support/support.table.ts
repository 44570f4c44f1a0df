import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** After-sales orders; `owner_id` is the customer's account (the terminal's owner), so the data scope applies. */
export const supportOrders = pgTable(
  'support_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Shown as `SO-000001`. */
    seq: integer().generatedAlwaysAsIdentity().notNull(),
    sn: text(),
    modelName: text().notNull().default(''),
    enterpriseName: text().notNull().default(''),
    storeName: text().notNull().default(''),
    contact: text().notNull(),
    phone: text().notNull(),
    faultType: text().notNull(),
    description: text().notNull(),
    priority: text().notNull(),
    status: text().notNull(),
    assigneeId: uuid(),
    assigneeName: text(),
    dueAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    ownerId: uuid().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_orders_owner_idx').on(t.ownerId, t.createdAt),
    index('support_orders_assignee_idx').on(t.assigneeId),
    index('support_orders_sn_idx').on(t.sn),
  ],
);

/** The photos and videos of an order (files of kind `supportMedia`), in upload order. */
export const supportOrderMedia = pgTable(
  'support_order_media',
  {
    orderId: uuid()
      .notNull()
      .references(() => supportOrders.id, { onDelete: 'cascade' }),
    blobId: uuid().notNull(),
    sort: integer().notNull(),
  },
  (t) => [index('support_order_media_order_idx').on(t.orderId, t.sort)],
);

/** Every step of an order's life: creation, each state change, each comment. Never updated. */
export const supportOrderEvents = pgTable(
  'support_order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: steps written within one clock tick keep their order. */
    seq: integer().generatedAlwaysAsIdentity().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => supportOrders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    note: text(),
    actorId: uuid(),
    actorName: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('support_order_events_order_idx').on(t.orderId, t.seq)],
);
