import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** The figures both rollups carry, summed or bounded over their period. */
const rollupColumns = () => ({
  terminalId: uuid().notNull(),
  /** Seconds between consecutive signs of life no further apart than the offline period. */
  onlineSec: integer().notNull().default(0),
  /** Powered-on seconds, from the growth of the heartbeat's uptime (counts time running while unreachable). */
  runtimeSec: integer().notNull().default(0),
  /** Mobile data used, bytes (from the heartbeat's since-boot counters). */
  mobileBytes: bigint({ mode: 'number' }).notNull().default(0),
  /** Wi-Fi data used, bytes. */
  wifiBytes: bigint({ mode: 'number' }).notNull().default(0),
  heartbeats: integer().notNull().default(0),
  /** Lowest battery level reported, percent. */
  batteryMin: integer(),
  /** Least free memory and storage reported, MB. */
  memoryFreeMinMb: integer(),
  storageFreeMinMb: integer(),
  boots: integer().notNull().default(0),
  shutdowns: integer().notNull().default(0),
  firstBootAt: ts(),
  lastShutdownAt: ts(),
});

/** Per terminal and hour (UTC): upserted from the heartbeat batch, never a row per heartbeat. */
export const terminalRollupHourly = pgTable(
  'terminal_rollup_hourly',
  { ...rollupColumns(), hour: ts().notNull() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.hour] }),
    index('terminal_rollup_hourly_hour_brin').using('brin', t.hour),
  ],
);

/**
 * Online seconds and terminals online per account and hour (UTC), kept by the same batch as the
 * terminal rollups: the dashboard's trend and the activity monitor's heat map read a row per account
 * and hour, never a row per terminal. A terminal counts for the account that owned it in that hour.
 */
export const ownerRollupHourly = pgTable(
  'owner_rollup_hourly',
  {
    ownerId: uuid().notNull(),
    hour: ts().notNull(),
    onlineSec: bigint({ mode: 'number' }).notNull().default(0),
    /** Terminals with online time in the hour: one added as a terminal's hourly rollup first gets some. */
    terminals: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.hour] }), index('owner_rollup_hourly_hour_idx').on(t.hour)],
);

/** Per terminal and day (UTC date): the run records. */
export const terminalRollupDaily = pgTable(
  'terminal_rollup_daily',
  { ...rollupColumns(), day: date({ mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.day] }),
    index('terminal_rollup_daily_day_brin').using('brin', t.day),
    // The fleet charts read a day range over all terminals.
    index('terminal_rollup_daily_day_idx').on(t.day, t.terminalId),
  ],
);

// The monitor's indexes on `terminals` (activation date; offline terminals by last sign of life, for
// the fleet and per owner) are created by migration 0024: the devices module declares that table.

/**
 * Terminals online (any online time) and active (online an hour or more) per account and day (UTC),
 * counted as the batch writer sees a terminal's daily rollup cross 0 s and 3600 s: the activity
 * monitor reads a row per account and day, whatever the size of the fleet. A terminal counts for the
 * account that owned it when it crossed.
 */
export const ownerActivityDaily = pgTable(
  'owner_activity_daily',
  {
    ownerId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    online: integer().notNull().default(0),
    active: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] }), index('owner_activity_daily_day_idx').on(t.day)],
);

/** The terminal attributes the activity monitor breaks the fleet down by. */
export const ACTIVITY_DIMENSIONS = ['model', 'group', 'osVersion', 'appVersion'] as const;

/**
 * Terminals online per account, day (UTC) and value of each attribute of `ACTIVITY_DIMENSIONS`
 * (model and group ids, OS and agent versions; null where the terminal has none), counted when a
 * terminal's daily rollup first gets online time, under the attributes the terminal had then. Summed
 * over a range it gives terminal-days online per value.
 */
export const ownerActivityBreakdownDaily = pgTable(
  'owner_activity_breakdown_daily',
  {
    ownerId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    dimension: text({ enum: ACTIVITY_DIMENSIONS }).notNull(),
    key: text(),
    terminals: integer().notNull().default(0),
  },
  (t) => [
    // A terminal without a model or version counts under null, one row like any other value.
    unique('owner_activity_breakdown_daily_key').on(t.ownerId, t.day, t.dimension, t.key).nullsNotDistinct(),
    index('owner_activity_breakdown_daily_day_idx').on(t.day),
  ],
);

/**
 * Terminal events (boot, shutdown, peripheral and app changes), partitioned by month on `at`. The
 * partitioned table, its indexes and partitions are created by the custom migration and the
 * partition job (drizzle cannot express partitioning), so this declaration is for queries only and
 * is not part of `db/schema.ts`.
 */
export const terminalEvents = pgTable('terminal_events', {
  id: bigserial({ mode: 'number' }).notNull(),
  terminalId: uuid().notNull(),
  kind: text().notNull(),
  detail: text(),
  at: ts().notNull(),
});
