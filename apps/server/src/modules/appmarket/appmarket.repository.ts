import {
  type AppFilter,
  type AppReviewStatus,
  type ReleaseStatus,
  type ShelfStatus,
  SUPERSEDE_TRANSITION,
} from '@cpm/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountAncestorsSql, findInScope, inDataScope, type Scope } from '../../shared/data-scope';
import {
  allWhere,
  containsIn,
  countWhere,
  equalTo,
  firstWhere,
  likeAnywhere,
  rowsWhere,
} from '../../shared/sql';
import { appEvents, appScreenshots, apps, appVersions } from './appmarket.table';

export type AppRecord = typeof apps.$inferSelect;
export type VersionRecord = typeof appVersions.$inferSelect;
export type EventRecord = typeof appEvents.$inferSelect;
export type AppValues = Omit<typeof apps.$inferInsert, 'id'>;
export type VersionValues = Omit<typeof appVersions.$inferInsert, 'id' | 'appId'>;
export type EventValues = Omit<typeof appEvents.$inferInsert, 'id' | 'seq'>;

/** Which apps a list shows: the market's (launched and visible) or the publisher's own. */
export type AppListKind = 'market' | 'mine';

/** Storage of the app market: apps, versions, screenshots, review history and releases. */
export const createAppMarketRepository = (db: Db) => {
  /**
   * Apps a caller may see in the market: launched, and public or private to an account at or above
   * the caller (its enterprise: "sub-users access private apps"), or owned inside its data scope.
   */
  const marketVisible = (scope: Scope): SQL | undefined =>
    and(
      eq(apps.shelf, 'launched'),
      scope.dataScope === 'all'
        ? undefined
        : or(
            eq(apps.visibility, 'public'),
            sql`${apps.ownerId} in ${accountAncestorsSql(scope.userId)}`,
            inDataScope(scope, apps.ownerId),
          ),
    );

  const appWhere = (kind: AppListKind, scope: Scope, f: AppFilter): SQL | undefined =>
    and(
      kind === 'market' ? marketVisible(scope) : inDataScope(scope, apps.ownerId),
      containsIn(f.keyword, apps.name, apps.packageName),
      ...equalTo(apps, { type: f.type, platform: f.platform, shelf: f.shelf }),
      // An app is for a model when its newest version lists no models (every model) or names it.
      f.model
        ? sql`exists (select 1 from ${appVersions} v where v.app_id = ${apps.id}
            and (v.models = '[]'::jsonb or v.models @> ${JSON.stringify([f.model])}::jsonb))`
        : undefined,
    );

  /** Deletes the row the filter still matches and records it, in one transaction; null when none matched. */
  const deleteRecorded = <T extends typeof apps | typeof appVersions>(
    table: T,
    where: SQL | undefined,
    event: EventValues,
  ) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .delete(table as PgTable)
        .where(where)
        .returning();
      if (row) await tx.insert(appEvents).values(event);
      return (row as T['$inferSelect'] | undefined) ?? null;
    });

  return {
    listApps: (kind: AppListKind, scope: Scope, f: AppFilter, offset: number, limit: number) =>
      rowsWhere(db, apps, appWhere(kind, scope, f), [desc(apps.updatedAt), desc(apps.id)], offset, limit),

    countApps: async (kind: AppListKind, scope: Scope, f: AppFilter) =>
      countWhere(db, apps, appWhere(kind, scope, f)),

    /** An app the caller publishes (inside its data scope). */
    findOwned: async (scope: Scope, id: string): Promise<AppRecord | null> =>
      findInScope(db, apps, scope, id),

    /** An app the caller may look at: its own, or one the market shows it. */
    findViewable: async (scope: Scope, id: string): Promise<AppRecord | null> =>
      firstWhere(
        db,
        apps,
        and(eq(apps.id, id), or(inDataScope(scope, apps.ownerId) ?? sql`true`, marketVisible(scope))),
      ),

    findById: async (id: string): Promise<AppRecord | null> => firstWhere(db, apps, eq(apps.id, id)),

    /** The names of the apps a caller may see, among these packages of a platform, by package. */
    namesByPackage: async (scope: Scope, platform: string, packageNames: string[]) => {
      if (!packageNames.length) return new Map<string, string>();
      const rows = await db
        .select({ packageName: apps.packageName, name: apps.name })
        .from(apps)
        .where(
          and(
            eq(apps.platform, platform as AppRecord['platform']),
            inArray(apps.packageName, packageNames),
            or(inDataScope(scope, apps.ownerId) ?? sql`true`, marketVisible(scope)),
          ),
        );
      return new Map(rows.map((r) => [r.packageName, r.name]));
    },

    /** Packages of apps the caller may see (in the market or their own) whose name contains `keyword`. */
    packagesNamed: async (scope: Scope, platform: string, keyword: string) =>
      (
        await db
          .select({ packageName: apps.packageName })
          .from(apps)
          .where(
            and(
              eq(apps.platform, platform as AppRecord['platform']),
              ilike(apps.name, likeAnywhere(keyword)),
              or(inDataScope(scope, apps.ownerId) ?? sql`true`, marketVisible(scope)),
            ),
          )
          .limit(50)
      ).map((r) => r.packageName),

    findByPackage: async (platform: 'android' | 'windows', packageName: string): Promise<AppRecord | null> =>
      firstWhere(db, apps, and(eq(apps.platform, platform), eq(apps.packageName, packageName))),

    /** Creates an app with its first version and the upload record, in one transaction. */
    insertApp: (app: AppValues, version: VersionValues, event: EventValues) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(apps).values(app).returning();
        const [v] = await tx
          .insert(appVersions)
          .values({ ...version, appId: row.id })
          .returning();
        await tx.insert(appEvents).values({ ...event, appId: row.id, versionId: v.id });
        return { app: row, version: v };
      }),

    /**
     * Adds a version only while the app's newest version code is still below it (two uploads racing
     * cannot both pass the check); null when it is not.
     */
    insertVersion: (appId: string, version: VersionValues, event: EventValues, touchedAt: Date) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${apps} where ${apps.id} = ${appId} for update`);
        const [{ max }] = await tx
          .select({ max: sql<number | null>`max(${appVersions.versionCode})`.mapWith(Number) })
          .from(appVersions)
          .where(eq(appVersions.appId, appId));
        if (max !== null && max >= version.versionCode) return null;
        const [v] = await tx
          .insert(appVersions)
          .values({ ...version, appId })
          .returning();
        await tx.update(apps).set({ updatedAt: touchedAt }).where(eq(apps.id, appId));
        await tx.insert(appEvents).values({ ...event, appId, versionId: v.id });
        return v;
      }),

    updateApp: async (id: string, values: Partial<AppValues>) =>
      (await db.update(apps).set(values).where(eq(apps.id, id)).returning())[0] ?? null,

    deleteApp: (id: string, event: EventValues) =>
      deleteRecorded(apps, and(eq(apps.id, id), eq(apps.shelf, 'unlaunched')), event),

    versionsOf: (appId: string) =>
      allWhere(db, appVersions, eq(appVersions.appId, appId), [desc(appVersions.versionCode)]),

    /** Versions of many apps (for list rows), newest first. */
    versionsOfApps: async (appIds: string[]) =>
      appIds.length
        ? allWhere(db, appVersions, inArray(appVersions.appId, appIds), [desc(appVersions.versionCode)])
        : [],

    findVersion: async (id: string): Promise<VersionRecord | null> =>
      firstWhere(db, appVersions, eq(appVersions.id, id)),

    /** Edits a version only while its review state is one of `editable`; null otherwise. */
    updateVersion: async (
      id: string,
      editable: readonly AppReviewStatus[],
      values: Partial<VersionValues>,
    ): Promise<VersionRecord | null> =>
      (
        await db
          .update(appVersions)
          .set(values)
          .where(and(eq(appVersions.id, id), inArray(appVersions.reviewStatus, [...editable])))
          .returning()
      )[0] ?? null,

    /**
     * Moves a version's review or release state only while it is still in one of `from` (the guard
     * that makes a lost race fail instead of overwriting), with its history record. Null when not.
     */
    transitionVersion: (
      id: string,
      column: 'reviewStatus' | 'releaseStatus',
      from: readonly (AppReviewStatus | ReleaseStatus)[],
      values: Partial<VersionValues>,
      event: EventValues,
      guard?: { reviewStatus: AppReviewStatus },
    ) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(appVersions)
          .set(values)
          .where(
            and(
              eq(appVersions.id, id),
              inArray(appVersions[column], [...from] as never[]),
              guard ? eq(appVersions.reviewStatus, guard.reviewStatus) : undefined,
            ),
          )
          .returning();
        if (!row) return null;
        await tx.insert(appEvents).values(event);
        return row;
      }),

    /** Moves an app on or off the shelf while it is in one of `from`; launching needs an approved version. */
    transitionShelf: (
      id: string,
      from: readonly ShelfStatus[],
      to: ShelfStatus,
      at: Date,
      event: EventValues,
    ) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(apps)
          .set({ shelf: to, updatedAt: at })
          .where(
            and(
              eq(apps.id, id),
              inArray(apps.shelf, [...from]),
              to === 'launched'
                ? sql`exists (select 1 from ${appVersions} v where v.app_id = ${apps.id} and v.review_status = 'approved')`
                : undefined,
            ),
          )
          .returning();
        if (!row) return null;
        await tx.insert(appEvents).values(event);
        return row;
      }),

    /** Deletes a version that was never released. */
    deleteVersion: (id: string, event: EventValues) =>
      deleteRecorded(appVersions, and(eq(appVersions.id, id), eq(appVersions.releaseStatus, 'none')), event),

    screenshotsOf: (appId: string) =>
      allWhere(db, appScreenshots, eq(appScreenshots.appId, appId), [asc(appScreenshots.sort)]),

    /** Adds a screenshot while the app has fewer than `max`; false when it has them already. */
    addScreenshot: (appId: string, blobId: string, max: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${apps} where ${apps.id} = ${appId} for update`);
        const [{ n, top }] = await tx
          .select({ n: count(), top: sql<number | null>`max(${appScreenshots.sort})`.mapWith(Number) })
          .from(appScreenshots)
          .where(eq(appScreenshots.appId, appId));
        if (n >= max) return false;
        await tx.insert(appScreenshots).values({ appId, blobId, sort: (top ?? -1) + 1 });
        return true;
      }),

    removeScreenshot: async (appId: string, blobId: string) =>
      (
        await db
          .delete(appScreenshots)
          .where(and(eq(appScreenshots.appId, appId), eq(appScreenshots.blobId, blobId)))
          .returning()
      ).length > 0,

    /** Pending versions first, then the newest, with their apps, inside the reviewer's scope. */
    auditPage: async (
      scope: Scope,
      f: { keyword?: string; status?: AppReviewStatus; platform?: 'android' | 'windows' },
      offset: number,
      limit: number,
    ) => {
      const where = and(
        inDataScope(scope, apps.ownerId),
        f.status ? eq(appVersions.reviewStatus, f.status) : sql`${appVersions.reviewStatus} <> 'draft'`,
        f.platform ? eq(apps.platform, f.platform) : undefined,
        containsIn(f.keyword, apps.name, apps.packageName),
      );
      const rows = await db
        .select({ version: appVersions, app: apps })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .where(where)
        .orderBy(
          sql`case when ${appVersions.reviewStatus} = 'pending' then 0 else 1 end`,
          desc(appVersions.updatedAt),
        )
        .offset(offset)
        .limit(limit);
      const [{ n }] = await db
        .select({ n: count() })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .where(where);
      return { rows, total: n };
    },

    /**
     * Ends the gray releases (running or paused) of an app's versions below `belowCode`, with a
     * history record each from `eventOf`; answers the versions it moved.
     */
    supersedeGray: (
      appId: string,
      belowCode: number,
      values: Partial<VersionValues>,
      eventOf: (v: VersionRecord) => EventValues,
    ) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .update(appVersions)
          .set({ ...values, releaseStatus: SUPERSEDE_TRANSITION.to })
          .where(
            and(
              eq(appVersions.appId, appId),
              sql`${appVersions.versionCode} < ${belowCode}`,
              inArray(appVersions.releaseStatus, [...SUPERSEDE_TRANSITION.from]),
            ),
          )
          .returning();
        if (rows.length) await tx.insert(appEvents).values(rows.map(eventOf));
        return rows;
      }),

    /** The newest version of an app below a version code, optionally only released ones. */
    previousVersion: async (appId: string, belowCode: number, releasedOnly = false) =>
      (
        await db
          .select()
          .from(appVersions)
          .where(
            and(
              eq(appVersions.appId, appId),
              sql`${appVersions.versionCode} < ${belowCode}`,
              releasedOnly ? inArray(appVersions.releaseStatus, ['official', 'gray', 'paused']) : undefined,
            ),
          )
          .orderBy(desc(appVersions.versionCode))
          .limit(1)
      )[0] ?? null,

    /** The latest submit record of each version (who submitted it). */
    submitters: async (versionIds: string[]): Promise<Map<string, string>> => {
      if (!versionIds.length) return new Map();
      const rows = await db
        .select({ versionId: appEvents.versionId, actorName: appEvents.actorName })
        .from(appEvents)
        .where(and(inArray(appEvents.versionId, versionIds), eq(appEvents.kind, 'submit')))
        .orderBy(asc(appEvents.seq));
      return new Map(rows.map((r) => [r.versionId ?? '', r.actorName]));
    },

    /** Submissions and decisions of versions, newest first. */
    reviewHistory: async (versionIds: string[]) =>
      versionIds.length
        ? allWhere(
            db,
            appEvents,
            and(
              inArray(appEvents.versionId, versionIds),
              inArray(appEvents.kind, ['submit', 'approve', 'reject']),
            ),
            [desc(appEvents.seq)],
          )
        : [],

    /** Versions in gray release (the health gate checks each). */
    grayVersions: () => db.select().from(appVersions).where(eq(appVersions.releaseStatus, 'gray')),

    /**
     * Per app, its newest officially released version when that version updates terminals by
     * itself, with the account that released it.
     */
    autoUpdateVersions: async () => {
      const newest = db
        .selectDistinctOn([appVersions.appId], { id: appVersions.id })
        .from(appVersions)
        .where(eq(appVersions.releaseStatus, 'official'))
        .orderBy(appVersions.appId, desc(appVersions.versionCode));
      const rows = await db
        .select({ version: appVersions, app: apps })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .where(and(inArray(appVersions.id, newest), eq(appVersions.autoUpdate, true)));
      const out = [];
      for (const r of rows) {
        const [released] = await db
          .select({ actorId: appEvents.actorId })
          .from(appEvents)
          .where(and(eq(appEvents.versionId, r.version.id), eq(appEvents.kind, 'official')))
          .orderBy(desc(appEvents.seq))
          .limit(1);
        if (released?.actorId) out.push({ ...r, releasedBy: released.actorId });
      }
      return out;
    },

    /** Terminals an install task of a version was already aimed at (whatever became of it). */
    offeredSns: async (versionId: string) =>
      (
        (await db.execute(sql`select distinct sn from tasks, jsonb_array_elements_text(tasks.targets->'sns') as sn
          where tasks.type = 'app_install' and tasks.params->>'versionId' = ${versionId}`)) as unknown as {
          rows: { sn: string }[];
        }
      ).rows.map((r) => r.sn),
  };
};

export type AppMarketRepository = ReturnType<typeof createAppMarketRepository>;
