import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { isUniqueViolation, likeAnywhere } from '../../shared/sql';
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
  const insertUnique = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  };

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
      (await db.select({ n: count() }).from(mediaWallpapers).where(wallWhere(scope, f)))[0].n,
    findWallpaper: async (scope: Scope, id: string): Promise<WallpaperRecord | null> =>
      (
        await db
          .select()
          .from(mediaWallpapers)
          .where(and(eq(mediaWallpapers.id, id), inDataScope(scope, mediaWallpapers.ownerId)))
      )[0] ?? null,
    wallpaperNameTaken: async (ownerId: string, name: string) =>
      (
        await db
          .select({ id: mediaWallpapers.id })
          .from(mediaWallpapers)
          .where(and(eq(mediaWallpapers.ownerId, ownerId), eq(mediaWallpapers.name, name)))
      ).length > 0,
    insertWallpaper: (values: typeof mediaWallpapers.$inferInsert) =>
      insertUnique(async () => (await db.insert(mediaWallpapers).values(values).returning())[0]),
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
      (await db.select({ n: count() }).from(mediaBootAnimations).where(bootWhere(scope, f)))[0].n,
    findBoot: async (scope: Scope, id: string): Promise<BootAnimationRecord | null> =>
      (
        await db
          .select()
          .from(mediaBootAnimations)
          .where(and(eq(mediaBootAnimations.id, id), inDataScope(scope, mediaBootAnimations.ownerId)))
      )[0] ?? null,
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
      insertUnique(async () => (await db.insert(mediaBootAnimations).values(values).returning())[0]),
    removeBoot: async (id: string) => {
      await db.delete(mediaBootAnimations).where(eq(mediaBootAnimations.id, id));
    },
  };
};

export type MediaRepository = ReturnType<typeof createMediaRepository>;
