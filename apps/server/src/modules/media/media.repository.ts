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
  /** The owner's file of that name: names are unique per owner. */
  const named = (table: typeof mediaWallpapers | typeof mediaBootAnimations, ownerId: string, name: string) =>
    and(eq(table.ownerId, ownerId), eq(table.name, name));
  return {
    listWallpapers: (scope: Scope, f: WallpaperFilter, offset: number, limit: number) =>
      rowsWhere(db, mediaWallpapers, wallWhere(scope, f), newestFirst(mediaWallpapers), offset, limit),
    countWallpapers: async (scope: Scope, f: WallpaperFilter) =>
      countWhere(db, mediaWallpapers, wallWhere(scope, f)),
    findWallpaper: async (scope: Scope, id: string): Promise<WallpaperRecord | null> =>
      findInScope(db, mediaWallpapers, scope, id),
    wallpaperNameTaken: async (ownerId: string, name: string) =>
      existsWhere(db, mediaWallpapers, named(mediaWallpapers, ownerId, name)),
    insertWallpaper: (values: typeof mediaWallpapers.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaWallpapers).values(values).returning())[0]),
    removeWallpaper: async (id: string) => {
      await db.delete(mediaWallpapers).where(eq(mediaWallpapers.id, id));
    },

    listBoot: (scope: Scope, f: BootFilter, offset: number, limit: number) =>
      rowsWhere(
        db,
        mediaBootAnimations,
        bootWhere(scope, f),
        newestFirst(mediaBootAnimations),
        offset,
        limit,
      ),
    countBoot: async (scope: Scope, f: BootFilter) =>
      countWhere(db, mediaBootAnimations, bootWhere(scope, f)),
    findBoot: async (scope: Scope, id: string): Promise<BootAnimationRecord | null> =>
      findInScope(db, mediaBootAnimations, scope, id),
    bootNameTaken: async (ownerId: string, name: string) =>
      existsWhere(db, mediaBootAnimations, named(mediaBootAnimations, ownerId, name)),
    findBootByName: async (ownerId: string, name: string): Promise<BootAnimationRecord | null> =>
      firstWhere(db, mediaBootAnimations, named(mediaBootAnimations, ownerId, name)),
    insertBoot: (values: typeof mediaBootAnimations.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaBootAnimations).values(values).returning())[0]),
    removeBoot: async (id: string) => {
      await db.delete(mediaBootAnimations).where(eq(mediaBootAnimations.id, id));
    },
  };
};

export type MediaRepository = ReturnType<typeof createMediaRepository>;
