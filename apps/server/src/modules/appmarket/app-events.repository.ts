import type { AppOperationFilter } from '@cpm/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { containsIn, countWhere, existsWhere, likeAnywhere, rowsWhere } from '../../shared/sql';
import type { EventValues } from './appmarket.repository';
import { appCrashCounts, appEvents } from './appmarket.table';
import { legacyInstallTaskPrefix } from './market-core';

/** Records of a version arriving on a terminal, whatever it ran before. */
const INSTALL_KINDS = ['install', 'upgrade', 'reinstall', 'downgrade'];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Storage of the apps' operation records and of the hourly crash counts terminals report; the
 * health gate reads both.
 */
export const createAppEventsRepository = (db: Db) => {
  const eventWhere = (scope: Scope, f: AppOperationFilter): SQL | undefined =>
    and(
      inDataScope(scope, appEvents.ownerId),
      containsIn(f.keyword, appEvents.appName, appEvents.packageName),
      f.kind ? eq(appEvents.kind, f.kind) : undefined,
      f.sn ? ilike(appEvents.sn, likeAnywhere(f.sn)) : undefined,
      f.actor ? ilike(appEvents.actorName, likeAnywhere(f.actor)) : undefined,
      f.from ? gte(appEvents.at, new Date(f.from)) : undefined,
      f.to ? lte(appEvents.at, new Date(f.to)) : undefined,
    );

  return {
    /** Whether an install task of a version was created by the auto-update job (its record names it). */
    isAutoUpdateTask: async (versionId: string, taskId: string) =>
      existsWhere(
        db,
        appEvents,
        and(
          eq(appEvents.versionId, versionId),
          eq(appEvents.kind, 'autoUpdate'),
          or(
            eq(appEvents.taskId, taskId),
            and(isNull(appEvents.taskId), ilike(appEvents.detail, `${legacyInstallTaskPrefix(taskId)}%`)),
          ),
        ),
      ),

    addEvent: async (event: EventValues) => (await db.insert(appEvents).values(event).returning())[0],

    events: (scope: Scope, f: AppOperationFilter, offset: number, limit: number) =>
      rowsWhere(
        db,
        appEvents,
        eventWhere(scope, f),
        [desc(appEvents.at), desc(appEvents.seq)],
        offset,
        limit,
      ),

    countEvents: async (scope: Scope, f: AppOperationFilter) =>
      countWhere(db, appEvents, eventWhere(scope, f)),

    /** Adds crashes or ANRs to a terminal's hourly count of one package version. */
    addCrash: (row: {
      packageName: string;
      versionCode: number;
      sn: string;
      hour: Date;
      crashes: number;
      anrs: number;
    }) =>
      db
        .insert(appCrashCounts)
        .values(row)
        .onConflictDoUpdate({
          target: [
            appCrashCounts.packageName,
            appCrashCounts.versionCode,
            appCrashCounts.sn,
            appCrashCounts.hour,
          ],
          set: {
            crashes: sql`${appCrashCounts.crashes} + excluded.crashes`,
            anrs: sql`${appCrashCounts.anrs} + excluded.anrs`,
          },
        }),

    /** Crashes and ANRs per terminal of a package since a time. */
    crashesSince: async (packageName: string, since: Date) =>
      rowsOf<{ sn: string; version_code: string; crashes: string; anrs: string }>(
        await db.execute(sql`
          select sn, version_code, sum(crashes) as crashes, sum(anrs) as anrs
          from ${appCrashCounts}
          where package_name = ${packageName} and hour >= date_trunc('hour', ${since.toISOString()}::timestamptz)
          group by sn, version_code`),
      ).map((r) => ({
        sn: r.sn,
        versionCode: Number(r.version_code),
        crashes: Number(r.crashes),
        anrs: Number(r.anrs),
      })),

    /** Install results of a version per terminal (from the operation records the task results write). */
    installResults: async (versionId: string) =>
      db
        .select({ sn: appEvents.sn, result: appEvents.result })
        .from(appEvents)
        .where(and(eq(appEvents.versionId, versionId), inArray(appEvents.kind, INSTALL_KINDS))),
  };
};

export type AppEventsRepository = ReturnType<typeof createAppEventsRepository>;
