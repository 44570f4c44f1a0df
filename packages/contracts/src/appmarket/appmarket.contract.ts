import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { ReviewEntrySchema } from '../review';
import {
  APP_OPERATION_KINDS,
  RELEASE_STATUSES,
  REVIEW_STATUSES,
  type ReleaseAction,
  SHELF_STATUSES,
} from './app-states';

export * from './app-states';

const TAG = 'app';
const base = '/app/v1/app';

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
const matching = (pattern: RegExp, zh: string, en: string) =>
  [(v: string) => pattern.test(v), bilingual(zh, en)] as const;

const appName = z
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

export const AppPlatformSchema = z.enum(['android', 'windows']);
export type AppPlatform = z.infer<typeof AppPlatformSchema>;
export const AppVisibilitySchema = z.enum(['public', 'private']);
export type AppVisibility = z.infer<typeof AppVisibilitySchema>;
/** A Windows installer by its content: an EXE (MZ), an MSI (OLE compound file) or a ZIP. */
export const WindowsInstallerSchema = z.enum(['exe', 'msi', 'zip']);
export type WindowsInstaller = z.infer<typeof WindowsInstallerSchema>;

const text = (max: number = APP_LIMITS.textMax) => z.string().trim().max(max);

/** Comma-separated text (a form field) or a list, to a list of trimmed, non-empty values. */
const listField = (max: number, itemMax = LIMITS.nameMax) =>
  z
    .union([z.string().max(max * (itemMax + 1)), z.array(z.string())])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(itemMax)).max(max));

const boolField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** An Android API level bound of an OS range (null or absent: open). */
const apiBound = z.coerce.number().int().min(1).max(100).nullable().optional();

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

/** Editable facts of a version (while not submitted or rejected; auto-update at any time). */
export const VersionUpdateSchema = z
  .strictObject({
    id: z.uuid(),
    releaseNotesEn: text().default(''),
    releaseNotesZh: text().default(''),
    osMin: apiBound,
    osMax: apiBound,
    models: z.array(z.string().trim().min(1).max(LIMITS.nameMax)).max(100).default([]),
    autoUpdate: z.boolean().default(false),
    installArgs: text(500).optional(),
  })
  .refine(
    (v) => v.osMin == null || v.osMax == null || v.osMin <= v.osMax,
    bilingual('系统版本范围的下限不能高于上限', 'The lowest OS version cannot be above the highest'),
  );
export type VersionUpdate = z.infer<typeof VersionUpdateSchema>;

/** Comma-separated target SNs (spec: gray release requires them). */
export const GraySnsSchema = z
  .string()
  .trim()
  .max(APP_LIMITS.maxGraySns * 33)
  .transform((v) => [
    ...new Set(
      v
        .split(/[,，\s]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ])
  .refine(
    (list) => list.length > 0,
    bilingual('灰度发布需要填写目标 SN（以逗号分隔）', 'A gray release needs target SNs (comma-separated)'),
  )
  .refine(
    (list) => list.length <= APP_LIMITS.maxGraySns,
    bilingual('目标 SN 太多（最多 1000 个）', 'Too many target SNs (at most 1000)'),
  )
  .refine(
    (list) => list.every((sn) => /^[A-Z0-9_-]{4,32}$/.test(sn)),
    bilingual('目标 SN 格式不正确', 'A target SN is not valid'),
  );

/** A release decision on an approved version. */
export const ReleaseSchema = z.discriminatedUnion('action', [
  z.strictObject({
    id: z.uuid(),
    action: z.literal('gray'),
    sns: GraySnsSchema,
    health: HealthThresholdsSchema.partial().optional(),
  }),
  z.strictObject({ id: z.uuid(), action: z.literal('official') }),
  z.strictObject({ id: z.uuid(), action: z.literal('pause') }),
  z.strictObject({ id: z.uuid(), action: z.literal('rollback') }),
]);
export type ReleaseRequest = z.infer<typeof ReleaseSchema>;

/** A reviewer's decision; a rejection needs a reason. */
export const AuditSchema = z
  .strictObject({
    id: z.uuid(),
    approved: z.boolean(),
    reason: text(LIMITS.textMax).optional(),
  })
  .refine((v) => v.approved || (v.reason ?? '').length > 0, {
    ...bilingual('驳回时必须填写原因', 'A rejection needs a reason'),
    path: ['reason'],
  });

/** A version under review with the facts the reviewer compares. */
export const AuditRowSchema = z.object({
  version: AppVersionSchema,
  app: AppRowSchema.omit({ latest: true, current: true }),
  /** The version before it (newest lower version code), or null for a first version. */
  previous: AppVersionSchema.nullable(),
  /** Permissions requested now and not by the previous version. */
  addedPermissions: z.array(z.string()),
  removedPermissions: z.array(z.string()),
  /** Added permissions that are dangerous (runtime) ones. */
  newDangerousPermissions: z.array(z.string()),
  /** The signer differs from the previous version's (only possible through key rotation). */
  signerChanged: z.boolean(),
  minSdkChanged: z.boolean(),
  submittedBy: z.string(),
  /** Submissions and decisions of this version, newest first. */
  history: z.array(ReviewEntrySchema),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditFilterSchema = z.object({
  keyword: z.string().trim().max(LIMITS.nameMax).optional(),
  status: z
    .enum(REVIEW_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  platform: AppPlatformSchema.optional().or(z.literal('').transform(() => undefined)),
});

/** One app operation record. */
export const AppOperationSchema = z.object({
  id: z.string(),
  kind: z.enum(APP_OPERATION_KINDS),
  appId: z.string().nullable(),
  appName: z.string(),
  packageName: z.string(),
  versionName: z.string(),
  /** A terminal's SN for installs, upgrades and uninstalls. */
  sn: z.string().nullable(),
  actorName: z.string(),
  /** A reason, target SNs, a health figure. */
  detail: z.string(),
  result: z.enum(['success', 'failure']),
  at: z.string(),
});
export type AppOperation = z.infer<typeof AppOperationSchema>;

export const AppOperationFilterSchema = z.object({
  keyword: z.string().trim().max(LIMITS.nameMax).optional(),
  kind: z
    .enum(APP_OPERATION_KINDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sn: z.string().trim().max(64).optional(),
  actor: z.string().trim().max(LIMITS.nameMax).optional(),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  to: z.iso
    .datetime({ offset: true })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AppOperationFilter = z.infer<typeof AppOperationFilterSchema>;

/** A group of terminals in the health comparison. */
export const HealthGroupSchema = z.object({
  terminals: z.number().int(),
  /** Crashes and ANRs since the release began. */
  crashes: z.number().int(),
  anrs: z.number().int(),
  /** (crashes + ANRs) per terminal. */
  crashRate: z.number(),
  offline: z.number().int(),
  offlineRate: z.number(),
});

/** The health of a gray release: its terminals against the rest of the fleet running the app. */
export const ReleaseHealthSchema = z.object({
  versionId: z.string(),
  releaseStatus: z.enum(RELEASE_STATUSES),
  gray: HealthGroupSchema,
  rest: HealthGroupSchema,
  installs: z.object({ success: z.number().int(), failure: z.number().int(), failureRate: z.number() }),
  thresholds: HealthThresholdsSchema,
  /** Why the gate would pause (or paused) the release; empty while healthy. */
  breaches: z.array(z.string()),
  pauseReason: z.string().nullable(),
  /** The version a rollback returns terminals to, or null. */
  rollbackTo: AppVersionBriefSchema.nullable(),
  checkedAt: z.string(),
});
export type ReleaseHealth = z.infer<typeof ReleaseHealthSchema>;

const IdQuery = z.object({ id: z.uuid() });
const IdBody = z.strictObject({ id: z.uuid() });

export const appMarketEndpoints = {
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
  updateVersion: defineEndpoint({
    method: 'POST',
    path: `${base}/version/update`,
    summary:
      "Edits a version's release notes, OS and model range (while not submitted or rejected) and its auto-update flag",
    tag: TAG,
    permission: 'app:mine:version',
    body: VersionUpdateSchema,
    result: AppVersionSchema,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: `${base}/version/submit`,
    summary: 'Submits a version for review (first time, or again after a rejection)',
    tag: TAG,
    permission: 'app:mine:version',
    body: IdBody,
    result: AppVersionSchema,
  }),
  removeVersion: defineEndpoint({
    method: 'POST',
    path: `${base}/version/delete`,
    summary: 'Deletes a version that was never released',
    tag: TAG,
    permission: 'app:mine:delete',
    body: IdBody,
    result: z.null(),
  }),
  auditPage: defineEndpoint({
    method: 'GET',
    path: `${base}/audit/getPage`,
    summary: 'Versions to review (pending first), each compared with its previous version',
    tag: TAG,
    permission: 'app:audit:view',
    query: PageQuerySchema.extend(AuditFilterSchema.shape),
    result: pageSchema(AuditRowSchema),
  }),
  audit: defineEndpoint({
    method: 'POST',
    path: `${base}/audit/audit`,
    summary: 'Approves or rejects (with a reason) a pending version',
    tag: TAG,
    permission: 'app:audit:audit',
    body: AuditSchema,
    result: AppVersionSchema,
    oplog: {
      objectType: 'appVersion',
      action: { of: ({ body }) => (body.approved ? 'app.approve' : 'app.reject') },
    },
  }),
  release: defineEndpoint({
    method: 'POST',
    path: `${base}/version/release`,
    summary:
      'Gray release to target SNs, official release, pause, or rollback (terminals go back to the previous released version)',
    tag: TAG,
    permission: 'app:mine:gray',
    body: ReleaseSchema,
    result: AppVersionSchema,
    oplog: {
      objectType: 'appVersion',
      action: { of: ({ body }) => `app.${(body as { action: ReleaseAction }).action}` },
    },
  }),
  health: defineEndpoint({
    method: 'GET',
    path: `${base}/version/health`,
    summary: "A gray release's health: crashes, ANRs, failed installs and offline share against the rest",
    tag: TAG,
    permission: 'app:mine:view',
    query: IdQuery,
    result: ReleaseHealthSchema,
  }),
  records: defineEndpoint({
    method: 'GET',
    path: `${base}/record/getPage`,
    summary: 'App operation records: uploads, reviews, shelf and release changes, installs per terminal',
    tag: TAG,
    permission: 'app:record:view',
    query: PageQuerySchema.extend(AppOperationFilterSchema.shape),
    result: pageSchema(AppOperationSchema),
  }),
  exportRecords: defineEndpoint({
    method: 'GET',
    path: `${base}/record/export`,
    summary: 'The operation records of the current filter as an Excel workbook',
    tag: TAG,
    permission: 'app:record:export',
    query: AppOperationFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
