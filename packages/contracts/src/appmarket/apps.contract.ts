import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import {
  apiBound,
  appName,
  base,
  boolField,
  IdBody,
  IdQuery,
  listField,
  matching,
  TAG,
  text,
} from './app-fields';
import { RELEASE_STATUSES, REVIEW_STATUSES, SHELF_STATUSES } from './app-states';

export const AppPlatformSchema = z.enum(['android', 'windows']);
export type AppPlatform = z.infer<typeof AppPlatformSchema>;
export const AppVisibilitySchema = z.enum(['public', 'private']);
export type AppVisibility = z.infer<typeof AppVisibilitySchema>;
/** A Windows installer by its content: an EXE (MZ), an MSI (OLE compound file) or a ZIP. */
export const WindowsInstallerSchema = z.enum(['exe', 'msi', 'zip']);
export type WindowsInstaller = z.infer<typeof WindowsInstallerSchema>;

/** The thresholds of the health gate of a gray release. */
export const HealthThresholdsSchema = z.object({
  /** Crashes and ANRs per gray terminal may be at most this many times the rest of the fleet's. */
  crashRatio: z.number().min(1).max(100).default(2),
  /** Below this many crashes and ANRs on gray terminals nothing is judged (too few to tell). */
  minCrashes: z.number().int().min(1).max(10_000).default(3),
  /** Share of gray installs that may fail. */
  maxInstallFailureRate: z.number().min(0).max(1).default(0.2),
  /** The gray terminals' offline share may exceed the rest's by at most this much. */
  maxOfflineExcess: z.number().min(0).max(1).default(0.3),
});
export type HealthThresholds = z.infer<typeof HealthThresholdsSchema>;
export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = HealthThresholdsSchema.parse({});

/** One version of an app (an APK, or a Windows installer). */
export const AppVersionSchema = z.object({
  id: z.string(),
  appId: z.string(),
  /** Android versionCode; for Windows, a counter from 1. */
  versionCode: z.number().int(),
  versionName: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Android: min and target SDK from the manifest. */
  minSdk: z.number().int().nullable(),
  targetSdk: z.number().int().nullable(),
  /** Android: permissions the manifest requests. */
  permissions: z.array(z.string()),
  /** Android: the label from the manifest (first configuration). */
  label: z.string(),
  /** Android: SHA-256 of the signer certificate; Windows: empty. */
  signerSha256: z.string(),
  signerSubject: z.string(),
  /** Signature schemes found (v1, v2, v3, v3.1). */
  schemes: z.array(z.string()),
  /** Windows: the installer kind and its silent-install arguments. */
  installer: WindowsInstallerSchema.nullable(),
  installArgs: z.string(),
  releaseNotesEn: z.string(),
  releaseNotesZh: z.string(),
  /** OS range as Android API levels (null: open). */
  osMin: z.number().int().nullable(),
  osMax: z.number().int().nullable(),
  /** Terminal model names it is for (empty: every model). */
  models: z.array(z.string()),
  autoUpdate: z.boolean(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  rejectReason: z.string().nullable(),
  releaseStatus: z.enum(RELEASE_STATUSES),
  /** Target SNs of the gray release. */
  graySns: z.array(z.string()),
  health: HealthThresholdsSchema,
  /** Why the release paused itself (health gate), or null. */
  pauseReason: z.string().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppVersion = z.infer<typeof AppVersionSchema>;

/** The newest version of an app, as lists show it. */
export const AppVersionBriefSchema = AppVersionSchema.pick({
  id: true,
  versionCode: true,
  versionName: true,
  reviewStatus: true,
  releaseStatus: true,
  size: true,
});

/** An app (Android package or Windows program) as lists show it. */
export const AppRowSchema = z.object({
  id: z.string(),
  platform: AppPlatformSchema,
  name: z.string(),
  /** Android package name; Windows: an identifier of letters, digits and dots. */
  packageName: z.string(),
  /** Dictionary `app_type`. */
  type: z.string(),
  description: z.string(),
  notes: z.string(),
  visibility: AppVisibilitySchema,
  shelf: z.enum(SHELF_STATUSES),
  /** A signed link to the launcher icon, or null. */
  iconUrl: z.string().nullable(),
  /** SHA-256 of the signer certificate every version must carry (Android). */
  signerSha256: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  latest: AppVersionBriefSchema.nullable(),
  /** The newest approved version released officially, or null. */
  current: AppVersionBriefSchema.nullable(),
  /** Terminals that report this package installed. */
  installs: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppRow = z.infer<typeof AppRowSchema>;

/** A screenshot of an app. */
export const AppScreenshotSchema = z.object({ id: z.string(), url: z.string(), size: z.number().int() });

/** How many terminals run which version. */
export const InstallStatSchema = z.object({
  versionCode: z.number().int().nullable(),
  versionName: z.string(),
  terminals: z.number().int(),
});

/** One app with its versions, screenshots and where it runs. */
export const AppDetailSchema = AppRowSchema.extend({
  versions: z.array(AppVersionSchema),
  screenshots: z.array(AppScreenshotSchema),
  installStats: z.array(InstallStatSchema),
  /** Whether the caller may edit it (its publisher's side). */
  editable: z.boolean(),
});
export type AppDetail = z.infer<typeof AppDetailSchema>;

/** Market and my-apps filters. */
export const AppFilterSchema = z.object({
  keyword: z.string().trim().max(LIMITS.nameMax).optional(),
  type: z.string().trim().max(32).optional(),
  /** A model name: only apps for every model or listing this one. */
  model: z.string().trim().max(LIMITS.nameMax).optional(),
  platform: AppPlatformSchema.optional().or(z.literal('').transform(() => undefined)),
  shelf: z
    .enum(SHELF_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AppFilter = z.infer<typeof AppFilterSchema>;

/** Version query: the app name is required, since the answer lists versions of matching apps. */
export const VersionQuerySchema = z.object({
  /** Part of the app's name (or package name). */
  appName: z
    .string()
    .trim()
    .max(LIMITS.nameMax)
    .default('')
    .refine(
      (v) => v.length > 0,
      bilingual('请输入应用名称后再查询版本', 'Enter an app name to query its versions'),
    ),
});

/** One version found by the version query, with its app. */
export const VersionQueryRowSchema = AppVersionBriefSchema.extend({
  appId: z.string(),
  appName: z.string(),
  packageName: z.string(),
  platform: AppPlatformSchema,
  releasedAt: z.string().nullable(),
});
export type VersionQueryRow = z.infer<typeof VersionQueryRowSchema>;

/** The form fields sent with an APK (multipart, before the file). */
export const ApkUploadFieldsSchema = z.object({
  /** Required for a new app (unless the APK's label is a valid name); ignored for a new version. */
  name: appName.optional().or(z.literal('').transform(() => undefined)),
  type: text(32).optional().default(''),
  description: text().optional().default(''),
  notes: text().optional().default(''),
  visibility: AppVisibilitySchema.optional().default('public'),
  releaseNotesEn: text().optional().default(''),
  releaseNotesZh: text().optional().default(''),
  osMin: apiBound,
  osMax: apiBound,
  /** Comma-separated model names (empty: every model). */
  models: listField(100),
  autoUpdate: boolField.optional().default(false),
});
export type ApkUploadFields = z.infer<typeof ApkUploadFieldsSchema>;

/** The form fields sent with a Windows installer (multipart, before the file). */
export const WindowsUploadFieldsSchema = z.object({
  /** Required for a new program. */
  name: appName.optional().or(z.literal('').transform(() => undefined)),
  /** Identifier of the program; a new version names an existing one. */
  packageName: z
    .string()
    .trim()
    .max(128)
    .refine(
      ...matching(
        /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/,
        '程序标识只能包含字母、数字、下划线和点，以字母开头',
        'The identifier may only contain letters, digits, underscores and dots, starting with a letter',
      ),
    ),
  versionName: z
    .string()
    .trim()
    .max(LIMITS.nameMax)
    .refine(
      ...matching(
        /^[A-Za-z0-9._-]+$/,
        '请填写版本号（字母、数字、点、横线和下划线）',
        'Enter the version (letters, digits, dot, dash and underscore)',
      ),
    ),
  type: text(32).optional().default(''),
  description: text().optional().default(''),
  installArgs: text(500).optional().default(''),
  releaseNotesEn: text().optional().default(''),
  releaseNotesZh: text().optional().default(''),
  visibility: AppVisibilitySchema.optional().default('public'),
});
export type WindowsUploadFields = z.infer<typeof WindowsUploadFieldsSchema>;

/** Editable facts of an app. */
export const AppUpdateSchema = z.strictObject({
  id: z.uuid(),
  name: appName,
  type: text(32).default(''),
  description: text().default(''),
  notes: text().default(''),
  visibility: AppVisibilitySchema,
});
export type AppUpdate = z.infer<typeof AppUpdateSchema>;

/** Lists, details, uploads, edits, the shelf and screenshots of apps. */
export const appEndpoints = {
  market: defineEndpoint({
    method: 'GET',
    path: `${base}/market/getPage`,
    summary:
      'The market: launched apps the caller may see (public, or private to its enterprise and sub-accounts), by name, type and model',
    tag: TAG,
    permission: 'app:app:view',
    query: PageQuerySchema.extend(AppFilterSchema.shape),
    result: pageSchema(AppRowSchema),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: `${base}/app/getPage`,
    summary: "The caller's own apps (and those of accounts below it) in every state",
    tag: TAG,
    permission: 'app:mine:view',
    query: PageQuerySchema.extend(AppFilterSchema.shape),
    result: pageSchema(AppRowSchema),
  }),
  versionQuery: defineEndpoint({
    method: 'GET',
    path: `${base}/version/getList`,
    summary:
      'Version query: the approved versions of the market apps whose name contains `appName` (required), newest first',
    tag: TAG,
    permission: 'app:app:view',
    query: VersionQuerySchema,
    result: z.array(VersionQueryRowSchema),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/app/getById`,
    summary: 'One app: versions, screenshots, permissions and how many terminals run which version',
    tag: TAG,
    permission: 'app:detail:view',
    query: IdQuery,
    result: AppDetailSchema,
  }),
  uploadApk: defineEndpoint({
    method: 'POST',
    path: `${base}/app/upload`,
    summary:
      'Uploads an APK (multipart: the fields of ApkUploadFields, then `file`): a new app, or a new version of the same package and signer',
    tag: TAG,
    permission: 'app:mine:upload',
    upload: true,
    rateLimit: 'files',
    result: AppDetailSchema,
    oplog: { objectType: 'app', action: 'app.upload' },
  }),
  uploadWindows: defineEndpoint({
    method: 'POST',
    path: `${base}/windows/upload`,
    summary:
      'Uploads a Windows installer (multipart: the fields of WindowsUploadFields, then `file`): EXE, MSI or ZIP by content',
    tag: TAG,
    permission: 'app:windows:upload',
    upload: true,
    rateLimit: 'files',
    result: AppDetailSchema,
    oplog: { objectType: 'app', action: 'app.upload' },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/app/addOrUpdate`,
    summary: "Edits an app's name, type, description, notes and visibility",
    tag: TAG,
    permission: 'app:mine:version',
    body: AppUpdateSchema,
    result: AppDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/app/delete`,
    summary: 'Deletes an app with its versions; refused while it is launched',
    tag: TAG,
    permission: 'app:mine:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'app', action: 'app.delete' },
  }),
  shelf: defineEndpoint({
    method: 'POST',
    path: `${base}/app/shelf`,
    summary: 'Launches (needs an approved version) or unlaunches an app',
    tag: TAG,
    permission: 'app:app:shelf',
    body: z.strictObject({ id: z.uuid(), launched: z.boolean() }),
    result: AppDetailSchema,
    oplog: {
      objectType: 'app',
      action: { of: ({ body }) => (body.launched ? 'app.launch' : 'app.unlaunch') },
    },
  }),
  uploadScreenshot: defineEndpoint({
    method: 'POST',
    path: `${base}/app/screenshot/upload`,
    summary: 'Adds a screenshot (multipart `file`): JPG or PNG by content, at most 1 MB',
    tag: TAG,
    permission: 'app:mine:version',
    query: IdQuery,
    upload: true,
    rateLimit: 'files',
    result: AppDetailSchema,
  }),
  removeScreenshot: defineEndpoint({
    method: 'POST',
    path: `${base}/app/screenshot/delete`,
    summary: 'Removes a screenshot of an app',
    tag: TAG,
    permission: 'app:mine:version',
    body: z.strictObject({ appId: z.uuid(), id: z.uuid() }),
    result: AppDetailSchema,
  }),
};
