import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { base, TAG } from './app-fields';
import { APP_OPERATION_KINDS } from './app-states';
import { AppRecordTextSchema } from './record-text';

export * from './record-text';

/**
 * Who an operation record says acted: a user (named by `actorName`), the server on its own (health
 * gate, auto update), or the terminal itself (an install nobody sent it). The console names the
 * last two in the reader's language; a terminal's SN has its own column.
 */
export const APP_RECORD_ACTOR_KINDS = ['user', 'system', 'terminal'] as const;
export type AppRecordActorKind = (typeof APP_RECORD_ACTOR_KINDS)[number];

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
  /** The user's name when `actorKind` is `user`. */
  actorName: z.string(),
  actorKind: z.enum(APP_RECORD_ACTOR_KINDS),
  /** Free text as written: a reviewer's reason, target SNs, a file name, a terminal's message. */
  detail: z.string(),
  /** What the server said of the operation, rendered in the reader's language; null when nothing. */
  detailText: AppRecordTextSchema.nullable(),
  /** The remote task the operation came with (a market install task), when there was one. */
  taskId: z.string().nullable(),
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

/** The apps' operation records and their export. */
export const recordEndpoints = {
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
    rateLimit: 'jobs',
    summary: 'The operation records of the current filter as an Excel workbook',
    tag: TAG,
    permission: 'app:record:export',
    query: AppOperationFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
