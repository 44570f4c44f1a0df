import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parentRef, timestamps, ts, uuidKey } from '../../db/columns';

/** PostgreSQL's built-in `polygon` (x = longitude, y = latitude), written and read as its text form. */
const polygon = customType<{ data: string; driverData: string }>({ dataType: () => 'polygon' });

/**
 * Geofences. Both shapes are checked through `area`: a circle is stored as its centre and radius
 * (for editing) and as a 64-sided polygon, so one GiST index serves every check.
 */
export const geofences = pgTable(
  'geofences',
  {
    id: uuidKey(),
    ownerId: uuid().notNull(),
    name: text().notNull(),
    shape: text({ enum: ['polygon', 'circle'] }).notNull(),
    /** The corners as drawn, `[lng, lat]` pairs (polygon) or empty (circle). */
    points: jsonb().$type<[number, number][]>().notNull().default([]),
    centerLat: doublePrecision(),
    centerLng: doublePrecision(),
    radiusM: doublePrecision(),
    area: polygon().notNull(),
    /** `inside`: terminals must stay inside; `outside`: they must stay out. */
    rule: text({ enum: ['inside', 'outside'] }).notNull(),
    /** Active hours as minutes of the day in `timezone`; both null: always. */
    activeFrom: integer(),
    activeTo: integer(),
    timezone: text().notNull().default('UTC'),
    /** Lock the payment app of a terminal while it breaks the rule. */
    lockPayment: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('geofences_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`),
    index('geofences_area_idx').using('gist', t.area),
  ],
);

/** Which groups and terminals a fence applies to. */
export const geofenceTargets = pgTable(
  'geofence_targets',
  {
    fenceId: parentRef(() => geofences.id),
    kind: text({ enum: ['group', 'terminal'] }).notNull(),
    targetId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fenceId, t.targetId] }),
    index('geofence_targets_target_idx').on(t.targetId),
  ],
);

/**
 * Each terminal's standing with each fence: whether it breaks the rule, and how many fixes in a
 * row have disagreed (a change needs `FENCE_LIMITS.confirmFixes` of them: GPS jitter flips nothing).
 */
export const geofenceStates = pgTable(
  'geofence_states',
  {
    fenceId: parentRef(() => geofences.id),
    terminalId: uuid().notNull(),
    violating: boolean().notNull().default(false),
    pending: integer().notNull().default(0),
    changedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fenceId, t.terminalId] }),
    index('geofence_states_terminal_idx').on(t.terminalId),
  ],
);

/**
 * The payment-app lock of each terminal a locking fence has ever touched: what the server asks
 * (`locked`, by which fence, since when) and what the terminal last reported holding.
 */
export const paymentLocks = pgTable('payment_locks', {
  terminalId: uuid().primaryKey(),
  locked: boolean().notNull(),
  fenceId: uuid(),
  fenceName: text(),
  changedAt: ts().notNull(),
  /** The state the terminal reported; null until it reports. */
  reported: boolean(),
  reportedAt: ts(),
});
