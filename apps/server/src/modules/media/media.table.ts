import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownership, ts, uuidKey } from '../../db/columns';

/** Wallpaper images and idle-screen videos; the bytes are a blob, the resolution read from its headers. */
export const mediaWallpapers = pgTable(
  'media_wallpapers',
  {
    id: uuidKey(),
    name: text().notNull(),
    /** `image` or `video`. */
    kind: text().notNull(),
    mediaType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    size: integer().notNull(),
    durationMs: integer(),
    description: text(),
    blobId: uuid().notNull(),
    sha256: text().notNull(),
    ...ownership(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_wallpapers_owner_name_uq').on(t.ownerId, t.name),
    index('media_wallpapers_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

/** Boot animations: settings and the stored bootanimation.zip with where each frame sits in it. */
export const mediaBootAnimations = pgTable(
  'media_boot_animations',
  {
    id: uuidKey(),
    name: text().notNull(),
    /** `png` or `jpeg`. */
    format: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    fps: integer().notNull(),
    description: text(),
    /** desc.txt parts: folder, count, pause and frames in each. */
    parts: jsonb().$type<{ folder: string; count: number; pause: number; frames: number }[]>().notNull(),
    /** Each frame's byte range in the ZIP, in play order. */
    frames: jsonb().$type<{ offset: number; size: number; type: 'png' | 'jpeg' }[]>().notNull(),
    blobId: uuid().notNull(),
    sha256: text().notNull(),
    size: integer().notNull(),
    ...ownership(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_boot_animations_owner_name_uq').on(t.ownerId, t.name),
    index('media_boot_animations_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);
