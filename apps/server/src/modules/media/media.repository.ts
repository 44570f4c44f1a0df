import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { findInScope, inDataScope } from '../../shared/data-scope';
import { countWhere, likeAnywhere, nullOnUniqueViolation } from '../../shared/sql';
import { mediaBootAnimations, mediaWallpapers } from './media.table';

type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;
export type WallpaperRecord = typeof mediaWallpapers.$inferSelect;
export type BootAnimationRecord = typeof mediaBootAnimations.$inferSelect;
export type BootAnimationInsert = typeof mediaBootAnimations.$inferInsert;
export type WallpaperFilter = { name?: string; kind?: string };
export type BootFilter = { name?: string; format?: string };

/** Rows of wallpapers and boot animations, always within the caller's data scope. */
export const createMediaRepository = (db: Db) => {
  const wallWhere = (scope: Scope, f: WallpaperFilter): SQL | undefined =>
    and(
      inDataScope(scope, mediaWallpapers.ownerId),
      f.name ? ilike(mediaWallpapers.name, likeAnywhere(f.name)) : undefined,
      f.kind ? eq(mediaWallpapers.kind, f.kind) : undefined,
    );
  const bootWhere = (scope: Scope, f: BootFilter): SQL | undefined =>
    and(
      inDataScope(scope, mediaBootAnimations.ownerId),
      f.name ? ilike(mediaBootAnimations.name, likeAnywhere(f.name)) : undefined,
      f.format ? eq(mediaBootAnimations.format, f.format) : undefined,
    );
  /** The insert, or null when the owner already has the name. */
  return {
    listWallpapers: (scope: Scope, f: WallpaperFilter, offset: number, limit: number) =>
      db
        .select()
        .from(mediaWallpapers)
        .where(wallWhere(scope, f))
        .orderBy(desc(mediaWallpapers.createdAt), desc(mediaWallpapers.id))
        .offset(offset)
        .limit(limit),
    countWallpapers: async (scope: Scope, f: WallpaperFilter) =>
      countWhere(db, mediaWallpapers, wallWhere(scope, f)),
    findWallpaper: async (scope: Scope, id: string): Promise<WallpaperRecord | null> =>
      findInScope(db, mediaWallpapers, scope, id),
    wallpaperNameTaken: async (ownerId: string, name: string) =>
      (
        await db
          .select({ id: mediaWallpapers.id })
          .from(mediaWallpapers)
          .where(and(eq(mediaWallpapers.ownerId, ownerId), eq(mediaWallpapers.name, name)))
      ).length > 0,
    insertWallpaper: (values: typeof mediaWallpapers.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaWallpapers).values(values).returning())[0]),
    removeWallpaper: async (id: string) => {
      await db.delete(mediaWallpapers).where(eq(mediaWallpapers.id, id));
    },

    listBoot: (scope: Scope, f: BootFilter, offset: number, limit: number) =>
      db
        .select()
        .from(mediaBootAnimations)
        .where(bootWhere(scope, f))
        .orderBy(desc(mediaBootAnimations.createdAt), desc(mediaBootAnimations.id))
        .offset(offset)
        .limit(limit),
    countBoot: async (scope: Scope, f: BootFilter) =>
      countWhere(db, mediaBootAnimations, bootWhere(scope, f)),
    findBoot: async (scope: Scope, id: string): Promise<BootAnimationRecord | null> =>
      findInScope(db, mediaBootAnimations, scope, id),
    bootNameTaken: async (ownerId: string, name: string) =>
      (
        await db
          .select({ id: mediaBootAnimations.id })
          .from(mediaBootAnimations)
          .where(and(eq(mediaBootAnimations.ownerId, ownerId), eq(mediaBootAnimations.name, name)))
      ).length > 0,
    findBootByName: async (ownerId: string, name: string): Promise<BootAnimationRecord | null> =>
      (
        await db
          .select()
          .from(mediaBootAnimations)
          .where(and(eq(mediaBootAnimations.ownerId, ownerId), eq(mediaBootAnimations.name, name)))
      )[0] ?? null,
    insertBoot: (values: typeof mediaBootAnimations.$inferInsert) =>
      nullOnUniqueViolation(async () => (await db.insert(mediaBootAnimations).values(values).returning())[0]),
    removeBoot: async (id: string) => {
      await db.delete(mediaBootAnimations).where(eq(mediaBootAnimations.id, id));
    },
  };
};

export type MediaRepository = ReturnType<typeof createMediaRepository>;
