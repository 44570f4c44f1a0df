import { z } from 'zod';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';

/** The app market's endpoint tag and path prefix. */
export const TAG = 'app';
export const base = '/app/v1/app';

const MiB = 1024 * 1024;

/** Limits of the app market, shared by server and console. */
export const APP_LIMITS = {
  /** Largest APK or Windows installer. */
  maxPackageBytes: 1024 * MiB,
  /** Spec section 9: an app screenshot is at most 1 MB. */
  screenshotMaxBytes: LIMITS.appScreenshotBytes,
  /** Screenshots per app. */
  maxScreenshots: 8,
  /** Longest app name. */
  nameMax: 50,
  /** Release notes, description and notes. */
  textMax: 2000,
  /** Target SNs of one gray release. */
  maxGraySns: 1000,
  /** Entries in an APK's ZIP directory (a large game has tens of thousands). */
  maxZipEntries: 100_000,
  /** Largest declared uncompressed total of an APK (zip bomb guard). */
  maxUncompressedBytes: 8 * 1024 * MiB,
  /** Largest declared ratio of one entry's uncompressed to compressed size. */
  maxRatio: 200,
  /** AndroidManifest.xml and resources.arsc are read into memory; past these they are refused. */
  maxManifestBytes: 8 * MiB,
  maxResourcesBytes: 128 * MiB,
  /** A launcher icon larger than this is not kept. */
  maxIconBytes: 1 * MiB,
} as const;

/**
 * Spec section 5: an app name is English letters or digits. Spaces, dot, dash and underscore may
 * join them, but it starts with a letter or digit.
 */
export const APP_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

/** A pattern check whose message comes in both languages (only custom checks carry both texts). */
export const matching = (pattern: RegExp, zh: string, en: string) =>
  [(v: string) => pattern.test(v), bilingual(zh, en)] as const;

export const appName = z
  .string()
  .trim()
  .refine((v) => v.length > 0, bilingual('请填写应用名称', 'Enter the app name'))
  .refine(
    (v) => v.length <= APP_LIMITS.nameMax,
    bilingual('应用名称最多 50 个字符', 'The app name has at most 50 characters'),
  )
  .refine(
    ...matching(
      APP_NAME_PATTERN,
      '应用名称只能包含英文字母和数字（可用空格、点、横线、下划线连接）',
      'The app name may only contain English letters and digits (joined by spaces, dot, dash or underscore)',
    ),
  );

/** A text field of the market: trimmed, at most `max` characters. */
export const text = (max: number = APP_LIMITS.textMax) => z.string().trim().max(max);

/** Comma-separated text (a form field) or a list, to a list of trimmed, non-empty values. */
export const listField = (max: number, itemMax = LIMITS.nameMax) =>
  z
    .union([z.string().max(max * (itemMax + 1)), z.array(z.string())])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(itemMax)).max(max));

export const boolField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** An Android API level bound of an OS range (null or absent: open). */
export const apiBound = z.coerce.number().int().min(1).max(100).nullable().optional();

export const IdQuery = z.object({ id: z.uuid() });
export const IdBody = z.strictObject({ id: z.uuid() });
