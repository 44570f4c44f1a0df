import { type AppRecordText, RELEASE_STATUSES } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actor, clockTimestamps, ownership, parentRef, statusChange, ts, uuidKey } from '../../db/columns';

/**
 * Apps of the market: an Android package or a Windows program. `owner_id` is the publishing account,
 * so the data scope applies; a package name belongs to one app on its platform.
 */
export const apps = pgTable(
  'apps',
  {
    id: uuidKey(),
    platform: text({ enum: ['android', 'windows'] }).notNull(),
    name: text().notNull(),
    packageName: text().notNull(),
    /** Dictionary `app_type`. */
    type: text().notNull().default(''),
    description: text().notNull().default(''),
    notes: text().notNull().default(''),
    visibility: text({ enum: ['public', 'private'] }).notNull(),
    shelf: text({ enum: ['unlaunched', 'launched'] })
      .notNull()
      .default('unlaunched'),
    iconBlobId: uuid(),
    /** The signer certificate (SHA-256) of the first version; later versions must keep it. */
    signerSha256: text().notNull().default(''),
    ...ownership(),
    ...clockTimestamps(),
  },
  (t) => [
    uniqueIndex('apps_package_idx').on(t.platform, t.packageName),
    index('apps_owner_idx').on(t.ownerId, t.updatedAt),
    index('apps_shelf_idx').on(t.shelf, t.updatedAt),
  ],
);

/** Screenshots of an app (files of kind `appScreenshot`), in upload order. */
export const appScreenshots = pgTable(
  'app_screenshots',
  {
    appId: parentRef(() => apps.id),
    blobId: uuid().notNull(),
    sort: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.blobId] })],
);

/** Versions of an app with their review and release state. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: uuidKey(),
    appId: parentRef(() => apps.id),
    versionCode: bigint({ mode: 'number' }).notNull(),
    versionName: text().notNull(),
    blobId: uuid().notNull(),
    sha256: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    fileName: text().notNull(),
    minSdk: integer(),
    targetSdk: integer(),
    permissions: jsonb().$type<string[]>().notNull().default([]),
    label: text().notNull().default(''),
    signerSha256: text().notNull().default(''),
    signerSubject: text().notNull().default(''),
    /** Every certificate this APK speaks for (schemes and rotation lineage). */
    signerLineage: jsonb().$type<string[]>().notNull().default([]),
    schemes: jsonb().$type<string[]>().notNull().default([]),
    installer: text({ enum: ['exe', 'msi', 'zip'] }),
    installArgs: text().notNull().default(''),
    releaseNotesEn: text().notNull().default(''),
    releaseNotesZh: text().notNull().default(''),
    osMin: integer(),
    osMax: integer(),
    models: jsonb().$type<string[]>().notNull().default([]),
    autoUpdate: boolean().notNull().default(false),
    reviewStatus: text({ enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    rejectReason: text(),
    releaseStatus: text({ enum: RELEASE_STATUSES }).notNull().default('none'),
    graySns: jsonb().$type<string[]>().notNull().default([]),
    health: jsonb().$type<Record<string, number>>().notNull().default({}),
    pauseReason: text(),
    releasedAt: ts(),
    createdBy: uuid(),
    ...clockTimestamps(),
  },
  (t) => [
    uniqueIndex('app_versions_code_idx').on(t.appId, t.versionCode),
    index('app_versions_review_idx').on(t.reviewStatus, t.updatedAt),
    index('app_versions_gray_idx').on(t.releaseStatus).where(sql`${t.releaseStatus} = 'gray'`),
  ],
);

/**
 * The app operation records and the history of every state change: uploads, edits, reviews, shelf
 * and release changes, and installs, upgrades and uninstalls per terminal. Never updated; names are
 * copied so a record outlives a deleted app.
 */
export const appEvents = pgTable(
  'app_events',
  {
    id: uuidKey(),
    seq: integer().generatedAlwaysAsIdentity().notNull(),
    appId: uuid(),
    versionId: uuid(),
    ...statusChange(),
    appName: text().notNull(),
    packageName: text().notNull(),
    versionName: text().notNull().default(''),
    sn: text(),
    ...actor(),
    /** Free text as written (a reason, SNs, a file name); the server's own words are in `detailText`. */
    detail: text().notNull().default(''),
    /** What the server said of the operation, as a catalogue key and values rendered per reader. */
    detailText: jsonb().$type<AppRecordText>(),
    /** The market install task the record names (an auto update is recognised by it). */
    taskId: uuid(),
    result: text({ enum: ['success', 'failure'] })
      .notNull()
      .default('success'),
    /** The app's owner; the data scope of the records follows it. */
    ownerId: uuid().notNull(),
    at: ts().notNull(),
  },
  (t) => [
    index('app_events_owner_idx').on(t.ownerId, t.at),
    index('app_events_app_idx').on(t.appId, t.seq),
    index('app_events_sn_idx').on(t.sn),
  ],
);

/** Crashes and ANRs terminals reported, per package version, terminal and hour (the health gate reads them). */
export const appCrashCounts = pgTable(
  'app_crash_counts',
  {
    packageName: text().notNull(),
    versionCode: bigint({ mode: 'number' }).notNull(),
    sn: text().notNull(),
    hour: ts().notNull(),
    crashes: integer().notNull().default(0),
    anrs: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageName, t.versionCode, t.sn, t.hour] })],
);
