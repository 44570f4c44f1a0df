import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { findInScope, ownedNamed, ownerNamed, type Scope } from '../../shared/data-scope';
import {
  countWhere,
  existsWhere,
  firstWhere,
  newestFirst,
  nullOnUniqueViolation,
  rowsWhere,
} from '../../shared/sql';
import { mediaBootAnimations, mediaWallpapers } from './media.table';

export type WallpaperRecord = typeof mediaWallpapers.$inferSelect;
export type BootAnimationRecord = typeof mediaBootAnimations.$inferSelect;
export type BootAnimationInsert = typeof mediaBootAnimations.$inferInsert;
export type WallpaperFilter = { name?: string; kind?: string };
export type BootFilter = { name?: string; format?: string };

/** Rows of wallpapers and boot animations, always within the caller's data scope. */
export const createMediaRepository = (db: Db) => {
  const wallWhere = (scope: Scope, f: WallpaperFilter): SQL | undefined =>
    ownedNamed(scope, mediaWallpapers, f.name, f.kind ? eq(mediaWallpapers.kind, f.kind) : undefined);
  const bootWhere = (scope: Scope, f: BootFilter): SQL | undefined =>
    ownedNamed(
      scope,
      mediaBootAnimations,
      f.name,
      f.format ? eq(mediaBootAnimations.format, f.format) : undefined,
    );
  /**
   * The reads both kinds of media share: a page and its total under a filter, one file in scope, and
   * an owner's file by name (names are unique per owner).
   */
  const ownedFiles = <T extends typeof mediaWallpapers | typeof mediaBootAnimations, F>(
    table: T,
    where: (scope: Scope, f: F) => SQL | undefined,
  ) => {
    return {
      list: (scope: Scope, f: F, offset: number, limit: number) =>
        rowsWhere(db, table, where(scope, f), newestFirst(table), offset, limit),
      count: (scope: Scope, f: F) => countWhere(db, table, where(scope, f)),
      find: (scope: Scope, id: string) => findInScope(db, table, scope, id),
      nameTaken: (ownerId: string, name: string) => existsWhere(db, table, ownerNamed(table, ownerId, name)),
      byName: (ownerId: string, name: string) => firstWhere(db, table, ownerNamed(table, ownerId, name)),
      /** The insert, or null when the owner already has the name. */
      insert: (values: T['$inferInsert']) =>
        nullOnUniqueViolation(
          async () =>
            (
              await db
                .insert(table as PgTable)
                .values(values)
                .returning()
            )[0] as T['$inferSelect'],
        ),
      remove: async (id: string) => {
        await db.delete(table as PgTable).where(eq(table.id, id));
      },
    };
  };
  const wallpapers = ownedFiles(mediaWallpapers, wallWhere);
  const boots = ownedFiles(mediaBootAnimations, bootWhere);
  return {
    listWallpapers: wallpapers.list,
    countWallpapers: wallpapers.count,
    findWallpaper: wallpapers.find,
    wallpaperNameTaken: wallpapers.nameTaken,
    insertWallpaper: wallpapers.insert,
    removeWallpaper: wallpapers.remove,

    listBoot: boots.list,
    countBoot: boots.count,
    findBoot: boots.find,
    bootNameTaken: boots.nameTaken,
    findBootByName: boots.byName,
    insertBoot: boots.insert,
    removeBoot: boots.remove,
  };
};

export type MediaRepository = ReturnType<typeof createMediaRepository>;
