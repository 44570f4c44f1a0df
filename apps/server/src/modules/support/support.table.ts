import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actor, clockTimestamps, ownership, parentRef, statusChange, ts, uuidKey } from '../../db/columns';

/** After-sales orders; `owner_id` is the customer's account (the terminal's owner), so the data scope applies. */
export const supportOrders = pgTable(
  'support_orders',
  {
    id: uuidKey(),
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
    dueAt: ts(),
    rejectReason: text(),
    /** `manual`, `health` or `inspection`. */
    source: text().notNull().default('manual'),
    /** The console's key for one opening; the same key again answers this order. */
    requestKey: text(),
    /** `{terminalId}:{peripheralType}` of an order opened by peripheral health. */
    healthKey: text(),
    /** The inspection record and item whose failure opened the order. */
    recordId: uuid(),
    recordItemKey: text(),
    ...ownership(),
    ...clockTimestamps(),
  },
  (t) => [
    index('support_orders_owner_idx').on(t.ownerId, t.createdAt),
    index('support_orders_assignee_idx').on(t.assigneeId),
    index('support_orders_sn_idx').on(t.sn),
    // A double click or a retried request opens one order.
    uniqueIndex('support_orders_request_uq')
      .on(t.createdBy, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    // One standing order per terminal peripheral: further faults are linked to it.
    uniqueIndex('support_orders_health_uq')
      .on(t.healthKey)
      .where(
        sql`${t.healthKey} is not null and ${t.status} in ('draft', 'submitted', 'accepted', 'repairing')`,
      ),
    // A failed inspection item opens one order.
    uniqueIndex('support_orders_record_item_uq')
      .on(t.recordId, t.recordItemKey)
      .where(sql`${t.recordId} is not null`),
  ],
);

/** The photos and videos of an order (files of kind `supportMedia`), in upload order. */
export const supportOrderMedia = pgTable(
  'support_order_media',
  {
    orderId: parentRef(() => supportOrders.id),
    blobId: uuid().notNull(),
    sort: integer().notNull(),
  },
  (t) => [index('support_order_media_order_idx').on(t.orderId, t.sort)],
);

/** Every step of an order's life: creation, each state change, each comment. Never updated. */
export const supportOrderEvents = pgTable(
  'support_order_events',
  {
    id: uuidKey(),
    /** Insertion order: steps written within one clock tick keep their order. */
    seq: integer().generatedAlwaysAsIdentity().notNull(),
    orderId: parentRef(() => supportOrders.id),
    ...statusChange(),
    note: text(),
    ...actor(),
    at: ts().notNull(),
  },
  (t) => [index('support_order_events_order_idx').on(t.orderId, t.seq)],
);

/** Inspection processes; the checklist itself lives in versions, so past records keep theirs. */
export const inspectionProcesses = pgTable(
  'inspection_processes',
  {
    id: uuidKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text().notNull(),
    version: integer().notNull(),
    currentVersionId: uuid().notNull(),
    ownerId: uuid().notNull(),
    ...clockTimestamps(),
  },
  (t) => [index('inspection_processes_owner_idx').on(t.ownerId, t.createdAt)],
);

/** One version of a process's standards and content items; never changed once a record uses it. */
export const inspectionProcessVersions = pgTable(
  'inspection_process_versions',
  {
    id: uuidKey(),
    processId: parentRef(() => inspectionProcesses.id),
    version: integer().notNull(),
    standards: jsonb().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex('inspection_process_versions_uq').on(t.processId, t.version)],
);

/** Every state change and edit of a process. */
export const inspectionProcessEvents = pgTable(
  'inspection_process_events',
  {
    seq: integer().generatedAlwaysAsIdentity().primaryKey(),
    processId: parentRef(() => inspectionProcesses.id),
    ...statusChange(),
    version: integer().notNull(),
    ...actor(),
    at: ts().notNull(),
  },
  (t) => [index('inspection_process_events_process_idx').on(t.processId, t.seq)],
);

/** A visit: each content item's result checked against the version it was filled for. */
export const inspectionRecords = pgTable(
  'inspection_records',
  {
    id: uuidKey(),
    processId: uuid()
      .notNull()
      .references(() => inspectionProcesses.id),
    versionId: uuid()
      .notNull()
      .references(() => inspectionProcessVersions.id),
    processName: text().notNull(),
    version: integer().notNull(),
    storeName: text().notNull(),
    contact: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    inspectorId: uuid(),
    inspectorName: text().notNull(),
    visitedAt: ts().notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    results: jsonb().notNull(),
    failedCount: integer().notNull(),
    itemCount: integer().notNull(),
    /** Orders opened from failed items: `{ key, orderId, number }[]`. */
    orders: jsonb().notNull().default([]),
    ownerId: uuid().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [
    index('inspection_records_owner_idx').on(t.ownerId, t.createdAt),
    index('inspection_records_process_idx').on(t.processId),
  ],
);

/** Per peripheral type: how many faults of one terminal's peripheral within a window open work. */
export const supportHealthRules = pgTable('support_health_rules', {
  id: uuidKey(),
  /** Lower case; `hardware` for the terminal's own hardware, else a part of the peripheral's name. */
  peripheralType: text().notNull().unique(),
  threshold: integer().notNull(),
  windowMinutes: integer().notNull(),
  /** `order` or `inspection`. */
  action: text().notNull(),
  faultType: text().notNull(),
  priority: text().notNull(),
  enabled: boolean().notNull().default(true),
  updatedAt: ts().notNull(),
});

/** Store visits proposed by peripheral health. */
export const supportInspectionProposals = pgTable(
  'support_inspection_proposals',
  {
    id: uuidKey(),
    /** `{terminalId}:{peripheralType}`, as for orders. */
    healthKey: text().notNull(),
    sn: text().notNull(),
    storeName: text().notNull(),
    peripheralType: text().notNull(),
    peripheralName: text().notNull(),
    /** `open`, `done` or `dismissed`. */
    status: text().notNull(),
    recordId: uuid(),
    ownerId: uuid().notNull(),
    ...clockTimestamps(),
  },
  (t) => [
    index('support_inspection_proposals_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('support_inspection_proposals_open_uq').on(t.healthKey).where(sql`${t.status} = 'open'`),
  ],
);

/** Faults heard by peripheral health, and the order or proposal each was linked to. */
export const supportHealthEvents = pgTable(
  'support_health_events',
  {
    id: uuidKey(),
    healthKey: text().notNull(),
    terminalId: uuid().notNull(),
    sn: text().notNull(),
    ownerId: uuid().notNull(),
    /** `peripheral` or `hardware`. */
    kind: text().notNull(),
    peripheralType: text().notNull(),
    peripheralName: text().notNull(),
    detail: text(),
    orderId: uuid().references(() => supportOrders.id, { onDelete: 'set null' }),
    proposalId: uuid().references(() => supportInspectionProposals.id, { onDelete: 'set null' }),
    at: ts().notNull(),
  },
  (t) => [
    index('support_health_events_key_idx').on(t.healthKey, t.at),
    index('support_health_events_order_idx').on(t.orderId),
  ],
);
