import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parentRef, timestamps, ts, uuidKey } from '../../db/columns';

/** Terminal models (spec: name, description, state). */
export const terminalModels = pgTable(
  'terminal_models',
  {
    id: uuidKey(),
    name: text().notNull(),
    description: text(),
    /** 1 enabled, 0 disabled. */
    state: integer().notNull().default(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex('terminal_models_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * The terminals. One row per SN, owned by an enterprise account and placed in a terminal group.
 * The latest hello and heartbeat are kept on the row (history lives in the tables below), so the
 * list never joins a metrics table.
 */
export const terminals = pgTable(
  'terminals',
  {
    id: uuidKey(),
    /** Serial number, upper case; the terminal's identity everywhere. */
    sn: text().notNull(),
    name: text().notNull(),
    platform: text().notNull().default('android'),
    modelId: uuid(),
    /** The enterprise account owning the terminal; data scope follows it. */
    ownerId: uuid().notNull(),
    groupId: uuid(),
    storeName: text().notNull().default(''),
    /** Upper case, colon separated. */
    mac: text(),
    /** Terminal password (4-16 letters or digits), pushed to the terminal's settings screen. */
    password: text(),
    status: text({ enum: ['warehoused', 'shipped', 'activated', 'loggedOff'] })
      .notNull()
      .default('warehoused'),
    online: boolean().notNull().default(false),
    lastSeenAt: ts(),
    /** When `online` last changed. */
    onlineChangedAt: ts(),
    productionDate: date({ mode: 'string' }),
    shippingDate: date({ mode: 'string' }),
    activationDate: ts(),
    /** SHA-256 of the secret issued at enrollment (a 256-bit random value, so a fast hash suffices). */
    secretHash: text(),
    enrolledAt: ts(),
    osVersion: text(),
    firmwareVersion: text(),
    agentVersion: text(),
    hardware: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    apps: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    peripherals: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    helloAt: ts(),
    battery: integer(),
    ip: text(),
    /** Latest heartbeat as sent (network, storage, memory, runtime, data usage). */
    metrics: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    bootCount: integer().notNull().default(0),
    lastBootAt: ts(),
    lastShutdownAt: ts(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    locatedAt: ts(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('terminals_sn_idx').on(t.sn),
    uniqueIndex('terminals_mac_idx').on(t.mac),
    // The list pages newest first under each common filter; each index serves one filter plus the order
    // (scanned backwards, which matches ORDER BY ... DESC with its default NULLS FIRST).
    index('terminals_created_idx').on(t.createdAt, t.id),
    index('terminals_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    index('terminals_status_created_idx').on(t.status, t.createdAt, t.id),
    index('terminals_online_created_idx').on(t.online, t.createdAt, t.id),
    // An enterprise's own view filtered by status and online: narrows to the matches even when there are none.
    // The trailing columns make it cover the dashboard's counts (model, long offline, activated this
    // month), so they read this index alone; it is the same index every write already updates.
    index('terminals_owner_status_online_idx').on(
      t.ownerId,
      t.status,
      t.online,
      t.createdAt,
      t.id,
      t.modelId,
      t.lastSeenAt,
      t.activationDate,
    ),
    // A group's page is read in list order straight from this index, not sorted from all its members.
    index('terminals_group_idx').on(t.groupId, t.createdAt, t.id),
    index('terminals_model_idx').on(t.modelId),
    // An SN prefix may match tens of thousands: the list picks its page from this index alone (the
    // order columns ride along) and reads only that page's rows.
    index('terminals_sn_prefix_idx').on(t.sn.op('text_pattern_ops'), t.createdAt, t.id),
    // The heartbeat-timeout sweep looks only at online terminals.
    index('terminals_online_seen_idx').on(t.lastSeenAt).where(sql`${t.online}`),
    // The device map asks for terminals inside a box; PostgreSQL's own point type and GiST serve it
    // on PGlite too (no PostGIS there). Positions are WGS-84, x = longitude.
    index('terminals_position_idx')
      .using('gist', sql`point(${t.lng}, ${t.lat})`)
      .where(sql`${t.lat} is not null`),
  ],
);

/**
 * The terminals counted by owner, status, model and online state, kept by triggers on `terminals`
 * (migration 0028) so the dashboard reads counts instead of the fleet. Every insert, delete and change
 * of one of those columns adds rows of +1 and -1 here, never updating a row, so the heartbeat writer
 * and the offline sweep never wait on each other; the `devices.tallies` job folds them into one row
 * per key every minute. A count is the sum of `n` over its key.
 */
export const terminalTallies = pgTable(
  'terminal_tallies',
  {
    ownerId: uuid().notNull(),
    status: text().notNull(),
    modelId: uuid(),
    online: boolean().notNull(),
    n: integer().notNull(),
  },
  (t) => [index('terminal_tallies_owner_idx').on(t.ownerId)],
);

/**
 * A history table of terminals: an id, the terminal (its rows go with it), the table's own columns and
 * when, read newest first per terminal.
 */
const terminalHistory = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(
    name,
    { id: uuidKey(), terminalId: parentRef(() => terminals.id), ...columns, at: ts().notNull().defaultNow() },
    (t) => [index(`${name}_terminal_idx`).on(t.terminalId, t.at.desc())],
  );

/** Status and connection history of each terminal (online, offline, enrolled, status changes, events). */
export const terminalStatusLog = terminalHistory('terminal_status_log', {
  kind: text().notNull(),
  detail: text(),
});

/**
 * Kept location fixes: not every report, only one after the terminal moved more than
 * `GEO_LIMITS.historyMinMetres` or after `historyMinMinutes` (the latest is always on `terminals`).
 */
export const terminalLocations = terminalHistory('terminal_locations', {
  lat: doublePrecision().notNull(),
  lng: doublePrecision().notNull(),
  accuracy: doublePrecision(),
  source: text(),
});

/** Logs terminals uploaded on request. */
export const terminalLogs = terminalHistory('terminal_logs', {
  requestId: text().notNull(),
  text: text().notNull(),
});

/** Enrollment keys: one per enterprise account, stored as a SHA-256 hash. */
export const enrollmentKeys = pgTable('enrollment_keys', {
  ownerId: uuid().primaryKey(),
  keyHash: text().notNull(),
  createdAt: ts().notNull().defaultNow(),
});

/** Peripheral catalogue. */
export const peripherals = pgTable('peripherals', {
  id: uuidKey(),
  kind: text({ enum: ['serial', 'usb'] }).notNull(),
  pid: text(),
  vid: text(),
  name: text().notNull(),
  manufacturer: text(),
  brand: text(),
  identifier: text(),
  baudRate: integer(),
  authCode: text(),
  ...timestamps(),
});

/** Peripherals expected on each model. */
export const modelPeripherals = pgTable(
  'model_peripherals',
  {
    id: uuidKey(),
    modelId: parentRef(() => terminalModels.id),
    peripheralId: parentRef(() => peripherals.id),
    required: boolean().notNull().default(true),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_peripherals_pair_idx').on(t.modelId, t.peripheralId)],
);

/** Peripheral faults reported by terminals. */
export const peripheralFaults = pgTable(
  'peripheral_faults',
  {
    id: uuidKey(),
    terminalId: parentRef(() => terminals.id),
    peripheralName: text().notNull(),
    kind: text(),
    detail: text(),
    handled: boolean().notNull().default(false),
    at: ts().notNull().defaultNow(),
  },
  (t) => [
    index('peripheral_faults_at_idx').on(t.at.desc()),
    index('peripheral_faults_terminal_idx').on(t.terminalId),
  ],
);

/** Early warnings and who was told. */
export const terminalWarnings = pgTable(
  'terminal_warnings',
  {
    id: uuidKey(),
    terminalId: parentRef(() => terminals.id),
    kind: text({
      enum: ['longOffline', 'lowBattery', 'peripheralFault', 'fenceBreach', 'fenceReturn'],
    }).notNull(),
    detail: text(),
    /** Usernames of the accounts alerted. */
    alerted: jsonb().$type<string[]>().notNull().default([]),
    handled: boolean().notNull().default(false),
    at: ts().notNull().defaultNow(),
  },
  (t) => [
    index('terminal_warnings_at_idx').on(t.at.desc()),
    // One open warning of a kind per terminal.
    uniqueIndex('terminal_warnings_open_idx').on(t.terminalId, t.kind).where(sql`not ${t.handled}`),
  ],
);

/** Each user's favourite terminals. */
export const terminalFavorites = pgTable(
  'terminal_favorites',
  {
    userId: uuid().notNull(),
    terminalId: parentRef(() => terminals.id),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.terminalId] })],
);
