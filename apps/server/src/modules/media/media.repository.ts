import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findInScope, ownedNamed, type Scope } from '../../shared/data-scope';
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
    const named = (ownerId: string, name: string) => and(eq(table.ownerId, ownerId), eq(table.name, name));
    return {
      list: (scope: Scope, f: F, offset: number, limit: number) =>
        rowsWhere(db, table, where(scope, f), newestFirst(table), offset, limit),
      count: (scope: Scope, f: F) => countWhere(db, table, where(scope, f)),
      find: (scope: Scope, id: string) => findInScope(db, table, scope, id),
      nameTaken: (ownerId: string, name: string) => existsWhere(db, table, named(ownerId, name)),
      byName: (ownerId: string, name: string) => firstWhere(db, table, named(ownerId, name)),
    };
  };
  const wallpapers = ownedFiles(mediaWallpapers, wallWhere);
  const boots = ownedFiles(mediaBootAnimations, bootWhere);
  return {
    listWallpapers: wallpapers.list,
    countWallpapers: wallpapers.count,
    findWallpaper: wallpapers.find,
    wallpaperNameTaken: wallpapers.nameTaken,
    insertWallpaper: (values: typeof mediaWallpapers.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaWallpapers).values(values).returning())[0]),
    removeWallpaper: async (id: string) => {
      await db.delete(mediaWallpapers).where(eq(mediaWallpapers.id, id));
    },

    listBoot: boots.list,
    countBoot: boots.count,
    findBoot: boots.find,
    bootNameTaken: boots.nameTaken,
    findBootByName: boots.byName,
    insertBoot: (values: typeof mediaBootAnimations.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaBootAnimations).values(values).returning())[0]),
    removeBoot: async (id: string) => {
      await db.delete(mediaBootAnimations).where(eq(mediaBootAnimations.id, id));
    },
  };
};

export type MediaRepository = ReturnType<typeof createMediaRepository>;
