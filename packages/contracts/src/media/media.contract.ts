import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

const TAG = 'file';
const wallBase = '/file/v1/file/wallpaper';
const bootBase = '/file/v1/file/bootAnimation';

/**
 * The spec's rule for uploaded file names: no Chinese or special characters. Letters, digits, dot,
 * underscore and hyphen, starting with a letter or digit.
 */
export const MEDIA_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\- ()]*$/;

/** Limits of wallpapers and boot animations, shared by server and console. */
export const MEDIA_LIMITS = {
  /** Longest file or animation name. */
  nameMax: 100,
  /** A boot animation frame (spec section 9): 500 KB. */
  frameMaxBytes: 500 * 1024,
  /** Frames in one animation (built or uploaded). */
  maxFrames: 300,
  /** Entries in an uploaded bootanimation.zip (frames, folders, desc.txt, extras). */
  maxZipEntries: 1000,
  /** An uploaded bootanimation.zip, and the sum of its entries' declared sizes (zip bomb cap). */
  maxZipBytes: 64 * 1024 * 1024,
  /** Screen sides in pixels. */
  minSide: 16,
  maxSide: 4096,
  /** Frames per second. */
  minFps: 1,
  maxFps: 60,
  /** Parts in a desc.txt. */
  maxParts: 20,
} as const;

export const MediaKindSchema = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof MediaKindSchema>;
export const FrameFormatSchema = z.enum(['png', 'jpeg']);
export type FrameFormat = z.infer<typeof FrameFormatSchema>;

/** A name as the spec allows it, with both texts when it is not. */
export const MediaNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MEDIA_LIMITS.nameMax)
  .refine(
    (v) => MEDIA_FILE_NAME_PATTERN.test(v),
    bilingual(
      '名称只能包含英文字母、数字、点、下划线和连字符（不能有中文或特殊字符）',
      'Names may hold only letters, digits, dots, underscores and hyphens (no Chinese or special characters)',
    ),
  );

/** A wallpaper image or idle-screen video. */
export const WallpaperRowSchema = z.object({
  id: z.string(),
  /** File name as uploaded. */
  name: z.string(),
  kind: MediaKindSchema,
  /** Media type decided from the content (image/png, image/jpeg, video/mp4). */
  mediaType: z.string(),
  /** Pixels, read from the file's headers by the server. */
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes. */
  size: z.number().int(),
  /** Video length in milliseconds (null for images). */
  durationMs: z.number().int().nullable(),
  description: z.string().nullable(),
  blobId: z.string(),
  sha256: z.string(),
  /** A short-lived link to the bytes, for thumbnails and previews (no session needed). */
  url: z.string(),
  ownerId: z.string(),
  createdAt: z.string(),
});
export type WallpaperRow = z.infer<typeof WallpaperRowSchema>;

export const WallpaperFilterSchema = z.object({
  name: z.string().trim().max(MEDIA_LIMITS.nameMax).optional(),
  kind: MediaKindSchema.optional(),
});

/** One `p count pause part` line of desc.txt. */
export const BootPartSchema = z.object({
  /** Folder name inside the ZIP (part0, part1, ...). */
  folder: z.string(),
  /** Times played; 0 loops until the system has booted. */
  count: z.number().int().min(0),
  /** Frames to wait after the part. */
  pause: z.number().int().min(0),
  /** Frames in the folder. */
  frames: z.number().int().min(1),
});
export type BootPart = z.infer<typeof BootPartSchema>;

/** A boot animation: its settings and the built or uploaded bootanimation.zip. */
export const BootAnimationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: FrameFormatSchema,
  width: z.number().int(),
  height: z.number().int(),
  fps: z.number().int(),
  description: z.string().nullable(),
  parts: z.array(BootPartSchema),
  frameCount: z.number().int(),
  /** The bootanimation.zip in the blob store. */
  blobId: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  /** Short-lived link to the ZIP. */
  url: z.string(),
  ownerId: z.string(),
  createdAt: z.string(),
});
export type BootAnimationRow = z.infer<typeof BootAnimationRowSchema>;

export const BootAnimationFilterSchema = z.object({
  name: z.string().trim().max(MEDIA_LIMITS.nameMax).optional(),
  format: FrameFormatSchema.optional(),
});

const side = z.coerce.number().int().min(MEDIA_LIMITS.minSide).max(MEDIA_LIMITS.maxSide);

/** What a frame must be: checked when it is uploaded, before anything is stored. */
export const FrameUploadQuerySchema = z.object({
  format: FrameFormatSchema,
  width: side,
  height: side,
});

/** A frame accepted for a later build. */
export const BootFrameSchema = z.object({
  /** Token naming the stored frame; give it back in `build`. */
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

export const BootAnimationBuildSchema = z.strictObject({
  name: MediaNameSchema,
  format: FrameFormatSchema,
  width: side,
  height: side,
  fps: z.number().int().min(MEDIA_LIMITS.minFps).max(MEDIA_LIMITS.maxFps),
  description: z.string().trim().max(LIMITS.textMax).nullish(),
  /** Frames in play order (ids from `uploadFrame`); all go into part0, looped until boot ends. */
  frameIds: z.array(z.uuid()).min(1).max(MEDIA_LIMITS.maxFrames),
});
export type BootAnimationBuild = z.infer<typeof BootAnimationBuildSchema>;

/** The background job that writes a bootanimation.zip; its result is `BootAnimationBuildResult`. */
export const BOOT_BUILD_JOB_KIND = 'media.bootBuild';

/** What `bootBuild` answers: the job building the archive (follow it with the job endpoints). */
export const BootAnimationBuildStartedSchema = z.object({ jobId: z.string() });

/** The `result` of a finished build job: the saved animation. */
export const BootAnimationBuildResultSchema = z.object({ id: z.string(), name: z.string() });
export type BootAnimationBuildResult = z.infer<typeof BootAnimationBuildResultSchema>;

/** Frames uploaded for a build that never happened are removed after this long. */
export const BOOT_FRAME_KEEP_HOURS = 24;

export const BootAnimationZipQuerySchema = z.object({
  name: MediaNameSchema,
  description: z.string().trim().max(LIMITS.textMax).optional(),
});

const idQuery = z.object({ id: z.uuid() });

/** Wallpapers, videos and boot animations (`/sysManage/wallpaper`). */
export const mediaEndpoints = {
  wallpaperPage: defineEndpoint({
    method: 'GET',
    path: `${wallBase}/getPage`,
    summary: 'Wallpapers and videos, filtered by name and kind, newest first',
    tag: TAG,
    permission: 'file:wallpaper:view',
    query: PageQuerySchema.extend(WallpaperFilterSchema.shape),
    result: pageSchema(WallpaperRowSchema),
  }),
  wallpaperUpload: defineEndpoint({
    method: 'POST',
    path: `${wallBase}/upload`,
    summary:
      'Stores a JPG or PNG image or an MP4 video (multipart field `file`), judged by content; resolution read from its headers',
    tag: TAG,
    permission: 'file:wallpaper:upload',
    query: z.object({ description: z.string().trim().max(LIMITS.textMax).optional() }),
    upload: true,
    rateLimit: 'files',
    result: WallpaperRowSchema,
  }),
  wallpaperDelete: defineEndpoint({
    method: 'POST',
    path: `${wallBase}/delete`,
    summary: 'Delete a wallpaper or video',
    tag: TAG,
    permission: 'file:wallpaper:delete',
    query: idQuery,
    result: z.null(),
  }),
  bootPage: defineEndpoint({
    method: 'GET',
    path: `${bootBase}/getPage`,
    summary: 'Boot animations, filtered by name and image format, newest first',
    tag: TAG,
    permission: 'file:wallpaper:view',
    query: PageQuerySchema.extend(BootAnimationFilterSchema.shape),
    result: pageSchema(BootAnimationRowSchema),
  }),
  bootUploadFrame: defineEndpoint({
    method: 'POST',
    path: `${bootBase}/uploadFrame`,
    summary:
      'Stores one frame (multipart field `file`): JPG or PNG of the given format, at most 500 KB, exactly the screen size',
    tag: TAG,
    permission: 'file:wallpaper:upload',
    query: FrameUploadQuerySchema,
    upload: true,
    rateLimit: 'files',
    result: BootFrameSchema,
  }),
  bootBuild: defineEndpoint({
    method: 'POST',
    path: `${bootBase}/build`,
    rateLimit: 'jobs',
    summary:
      'Checks the frames and starts a job that builds the bootanimation.zip (desc.txt, part0/ frames, stored entries)',
    tag: TAG,
    permission: 'file:wallpaper:upload',
    body: BootAnimationBuildSchema,
    result: BootAnimationBuildStartedSchema,
  }),
  bootUploadZip: defineEndpoint({
    method: 'POST',
    path: `${bootBase}/uploadZip`,
    summary:
      'Stores a ready-made bootanimation.zip (multipart field `file`) after checking desc.txt, parts, frames, stored entries and entry names',
    tag: TAG,
    permission: 'file:wallpaper:upload',
    query: BootAnimationZipQuerySchema,
    upload: true,
    rateLimit: 'files',
    result: BootAnimationRowSchema,
  }),
  bootFrame: defineEndpoint({
    method: 'GET',
    path: `${bootBase}/frame`,
    summary: "One frame of a boot animation's ZIP, in play order (for the console preview)",
    tag: TAG,
    permission: 'file:wallpaper:view',
    query: idQuery.extend({
      index: z.coerce
        .number()
        .int()
        .min(0)
        .max(MEDIA_LIMITS.maxFrames * 10),
    }),
    result: z.unknown(),
    binary: true,
  }),
  bootDelete: defineEndpoint({
    method: 'POST',
    path: `${bootBase}/delete`,
    summary: 'Delete a boot animation',
    tag: TAG,
    permission: 'file:wallpaper:delete',
    query: idQuery,
    result: z.null(),
  }),
};
