import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { APP_LIMITS, base, IdQuery, TAG } from './app-fields';
import { RELEASE_STATUSES, type ReleaseAction } from './app-states';
import { AppVersionBriefSchema, AppVersionSchema, HealthThresholdsSchema } from './apps.contract';

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

/** Why a release step sent its version to no terminal. */
export const NOT_PUSHED_REASONS = ['autoUpdateOff', 'noTerminals', 'failed'] as const;
export type NotPushedReason = (typeof NOT_PUSHED_REASONS)[number];

/** What a release step did beyond the version's new state: what it pushed, and whose gray release it ended. */
export const ReleaseOutcomeSchema = z.object({
  /** Terminals an install task was created for; 0 when nothing was pushed. */
  pushed: z.number().int(),
  /** The install task, or null. */
  taskId: z.string().nullable(),
  /**
   * Why nothing was pushed, or null when something was (or a pause, which pushes nothing by
   * nature): auto update off (an official release then waits for an install task or for auto
   * update), no terminal needs it, or the install task could not be created.
   */
  notPushed: z.enum(NOT_PUSHED_REASONS).nullable(),
  /** Version names of earlier versions whose gray release ended because this one went official. */
  superseded: z.array(z.string()),
});
export type ReleaseOutcome = z.infer<typeof ReleaseOutcomeSchema>;

/** A version after a release step, with what the step did. */
export const ReleaseResultSchema = AppVersionSchema.extend({ outcome: ReleaseOutcomeSchema });
export type ReleaseResult = z.infer<typeof ReleaseResultSchema>;

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

/** Gray and official release, pause and rollback, and the health of a gray release. */
export const releaseEndpoints = {
  release: defineEndpoint({
    method: 'POST',
    path: `${base}/version/release`,
    summary:
      'Gray release to target SNs, official release, pause, or rollback (terminals go back to the previous released version)',
    tag: TAG,
    permission: 'app:mine:gray',
    body: ReleaseSchema,
    result: ReleaseResultSchema,
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
};
