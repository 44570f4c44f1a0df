import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Dictionary of a system file's type: 1 system update (an OTA ZIP), 2 other (APK or ZIP). */
export const SYS_FILE_TYPES = { update: '1', other: '2' } as const;
export type SysFileType = (typeof SYS_FILE_TYPES)[keyof typeof SYS_FILE_TYPES];

/** Most files the console sends in one selection (the spec's limit for system files). */
export const SYS_FILE_MAX_SELECTION = 10;

/** File names of letters, digits, dot, dash, underscore, brackets and spaces: no Chinese or special characters. */
export const SYS_FILE_NAME_PATTERN = /^[A-Za-z0-9._\- ()]+$/;

/** Limits applied to an OTA ZIP's central directory (zip bomb guard). */
export const SYS_FILE_ZIP_LIMITS = {
  /** Most entries in the archive. */
  maxEntries: 20_000,
  /** Largest declared uncompressed total, bytes. */
  maxUncompressedBytes: 8 * 1024 * 1024 * 1024,
  /** Largest declared ratio of uncompressed to compressed size of one entry. */
  maxRatio: 200,
} as const;

const list = (max: number) => z.array(z.string().trim().min(1).max(LIMITS.nameMax)).max(max);

export const SysFileRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  /** `1` system update, `2` other. */
  type: z.enum(['1', '2']),
  /** Bytes. */
  size: z.number().int(),
  description: z.string(),
  /** Hex SHA-256; terminals download the file by it. */
  sha256: z.string(),
  /** Name of the uploaded file. */
  fileName: z.string(),
  mediaType: z.string(),
  /** Terminal models it applies to (empty: all). */
  models: z.array(z.string()),
  /** Android versions it applies to (empty: all). */
  osVersions: z.array(z.string()),
  blobId: z.string(),
  ownerId: z.string(),
  createdAt: z.string(),
});
export type SysFileRow = z.infer<typeof SysFileRowSchema>;

const commaList = z
  .string()
  .trim()
  .max(LIMITS.textMax)
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(list(100));

/**
 * The form fields sent before the file (multipart). Without `name` the file's name without its
 * extension is used, so several files can go in one selection.
 */
export const SysFileUploadFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .max(LIMITS.nameMax)
    .regex(
      SYS_FILE_NAME_PATTERN,
      bilingual(
        '名称只能包含字母、数字、点、横线、下划线、括号和空格',
        'The name may only contain letters, digits, dot, dash, underscore, brackets and spaces',
      ),
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  version: z
    .string()
    .trim()
    .min(1, bilingual('请填写版本号', 'Enter the version'))
    .max(LIMITS.nameMax)
    .regex(
      /^[A-Za-z0-9._-]+$/,
      bilingual(
        '版本号只能包含字母、数字、点、横线和下划线',
        'The version may only contain letters, digits, dot, dash and underscore',
      ),
    ),
  type: z.enum(['1', '2']),
  description: z.string().trim().max(LIMITS.textMax).optional().default(''),
  /** Comma-separated terminal models. */
  models: commaList,
  /** Comma-separated Android versions. */
  osVersions: commaList,
});
export type SysFileUploadFields = z.infer<typeof SysFileUploadFieldsSchema>;

export const SysFileFilterSchema = z.object({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  version: z.string().trim().max(LIMITS.nameMax).optional(),
  type: z
    .enum(['1', '2'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  model: z.string().trim().max(LIMITS.nameMax).optional(),
});
export type SysFileFilter = z.infer<typeof SysFileFilterSchema>;

/** Space used by an enterprise and its quota (null: none). */
export const StorageUsageSchema = z.object({
  ownerId: z.string(),
  usedBytes: z.number().int(),
  /** The enterprise's own quota, else the server's default (`STORAGE_QUOTA_MB`); null: none. */
  quotaBytes: z.number().int().nullable(),
  /** True when `quotaBytes` is the server's default rather than one set for this enterprise. */
  quotaDefault: z.boolean(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

/** One account in the platform administrators' quota list. */
export const StorageAccountSchema = StorageUsageSchema.extend({
  username: z.string(),
  companyName: z.string().nullable(),
});
export type StorageAccount = z.infer<typeof StorageAccountSchema>;

const base = '/file/v1/file/sysFile';

export const sysFileEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: 'System files, filtered by name, version, type and model, paged',
    tag: 'file',
    permission: 'file:file:view',
    query: PageQuerySchema.extend(SysFileFilterSchema.shape),
    result: pageSchema(SysFileRowSchema),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: 'One system file',
    tag: 'file',
    permission: 'file:file:view',
    query: z.object({ id: z.uuid() }),
    result: SysFileRowSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/upload`,
    summary:
      'Uploads one system file (multipart: the fields of SysFileUploadFields, then `file`); APK or ZIP by content, a system update must be a readable ZIP',
    tag: 'file',
    permission: 'file:file:upload',
    upload: true,
    rateLimit: 'files',
    result: SysFileRowSchema,
    oplog: { objectType: 'sysFile', action: 'sysFile.upload' },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${base}/download`,
    summary: "A system file's bytes; Range and ETag (= sha256) as for blob downloads",
    tag: 'file',
    permission: 'file:file:view',
    query: z.object({ id: z.uuid() }),
    result: z.unknown(),
    binary: true,
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/delete`,
    summary: 'Deletes a system file; refused (with the tasks) while an active task uses it',
    tag: 'file',
    permission: 'file:file:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'sysFile', action: 'sysFile.delete' },
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: `${base}/usage`,
    summary: "The caller's enterprise: bytes stored and its quota, and whether the caller sets quotas",
    tag: 'file',
    permission: 'file:file:view',
    result: StorageUsageSchema.extend({ manageQuotas: z.boolean() }),
  }),
  quotaPage: defineEndpoint({
    method: 'GET',
    path: `${base}/quota/getPage`,
    summary: 'Accounts with their stored bytes and quotas, largest first; platform administrators only',
    tag: 'file',
    permission: 'file:file:edit',
    query: PageQuerySchema.extend({ username: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(StorageAccountSchema),
  }),
  setQuota: defineEndpoint({
    method: 'POST',
    path: `${base}/setQuota`,
    summary:
      "Sets an enterprise's storage quota, or clears it (null) back to the default; platform administrators only",
    tag: 'file',
    permission: 'file:file:edit',
    body: z.strictObject({
      ownerId: z.uuid(),
      /** Bytes; null returns the enterprise to the default quota. */
      quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    }),
    result: StorageUsageSchema,
    oplog: { objectType: 'storageQuota', action: 'sysFile.quota' },
  }),
  deviceDownload: defineEndpoint({
    method: 'GET',
    path: '/device/v1/agent/sysFile/download',
    summary:
      'A terminal downloads a system file of its enterprise or the platform by sha256; Range, If-Range and ETag for resuming',
    tag: 'agent',
    query: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
    result: z.unknown(),
    device: true,
    binary: true,
  }),
};
