import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { TaskConditionsSchema } from '../tasks/remote-tasks.contract';
import { DEFER_REASONS, DELIVERY_STATES } from '../tasks/task-states';
import { TASK_LIMITS, TASK_TYPES } from '../tasks/task-types';

/**
 * Remote tasks on the wire. The database holds every terminal's work; the broker only wakes
 * terminals. A terminal pulls its work (`GET /device/v1/agent/tasks`) after every hello, when a
 * heartbeat answer says `pending` > 0, and when `down/task` nudges it; it runs what it pulled (or
 * defers it, saying why) and reports results on `up/result` or `POST /device/v1/agent/tasks/report`.
 */

/** A delivery id: a decimal integer as a string. */
export const DeliveryIdSchema = z.string().regex(/^\d{1,18}$/);

/**
 * A file the terminal downloads for a task. `url` is a path on the server: system files at
 * `/device/v1/agent/sysFile/download?sha256=...` (HTTP Basic), media through a signed link. Both
 * honour `Range` with `If-Range`/ETag = sha256, so an interrupted download resumes; the terminal
 * checks the sha256 before using the file.
 */
export const TaskFileRefSchema = z.object({
  name: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  url: z.string(),
  /**
   * For an app install: what the package must be. The terminal checks the APK it downloaded
   * against it (package, version code, signer certificate) before installing; `downgrade` allows
   * a lower version code (a rollback).
   */
  app: z
    .object({
      packageName: z.string(),
      versionCode: z.number().int(),
      versionName: z.string(),
      signerSha256: z.string(),
      installArgs: z.string().optional(),
      downgrade: z.boolean(),
    })
    .optional(),
});
export type TaskFileRef = z.infer<typeof TaskFileRefSchema>;

/** One piece of work as the terminal receives it. */
export const PulledTaskSchema = z.object({
  deliveryId: DeliveryIdSchema,
  taskId: z.string(),
  /** Reports name this attempt; a report for an older attempt is ignored. */
  attempt: z.number().int(),
  type: z.enum(TASK_TYPES),
  /** The task's parameters (TASK_PARAMS of the type). */
  params: z.record(z.string(), z.unknown()),
  /** The file to fetch first, for the types that need one. */
  file: TaskFileRefSchema.nullable(),
  /** Checked by the terminal before it runs the task; unmet, it defers and reports why. */
  conditions: TaskConditionsSchema,
  /** After this time (epoch ms) the delivery has expired: the terminal drops it. */
  notAfter: z.number().int(),
});
export type PulledTask = z.infer<typeof PulledTaskSchema>;

/**
 * The terminal's whole to-do list: every delivery it has not yet executed. Anything it holds that is
 * not listed was cancelled or expired, and is dropped.
 */
export const TaskPullAnswerSchema = z.object({
  tasks: z.array(PulledTaskSchema),
  serverTime: z.number().int(),
});
export type TaskPullAnswer = z.infer<typeof TaskPullAnswerSchema>;

/** States a terminal may report: executed, success, failure, or deferred (with its reason). */
export const REPORTED_STATES = ['executed', 'success', 'failure', 'deferred'] as const;

/** One result. States only move forward; a repeat or a late report changes nothing. */
export const TaskResultSchema = z
  .strictObject({
    deliveryId: DeliveryIdSchema,
    attempt: z.number().int().min(1),
    state: z.enum(REPORTED_STATES),
    deferReason: z.enum(DEFER_REASONS).optional(),
    /** Why it failed, command output, the version now installed... */
    message: z.string().max(TASK_LIMITS.resultMessageMax).optional(),
    /** When it happened on the terminal, epoch ms. */
    ts: z.number().int().optional(),
  })
  .refine((r) => r.state !== 'deferred' || r.deferReason !== undefined, {
    message: 'a deferral names its reason',
    path: ['deferReason'],
  });
export type TaskResult = z.infer<typeof TaskResultSchema>;

/** What a terminal sends on `up/result` or to the report endpoint. */
export const TaskReportSchema = z.strictObject({
  results: z.array(TaskResultSchema).min(1).max(TASK_LIMITS.reportMax),
});
export type TaskReport = z.infer<typeof TaskReportSchema>;

/** The answer: each delivery's state after the report (`accepted` false: nothing changed). */
export const TaskReportAnswerSchema = z.object({
  results: z.array(
    z.object({ deliveryId: z.string(), accepted: z.boolean(), state: z.enum(DELIVERY_STATES).nullable() }),
  ),
});
export type TaskReportAnswer = z.infer<typeof TaskReportAnswerSchema>;

/** `down/task`: new work is waiting; pull it. Sent at QoS 0 and rate-limited: a lost one is repaired by the next heartbeat. */
export const TaskNudgeSchema = z.object({ type: z.literal('task'), ts: z.number().int() });
export type TaskNudge = z.infer<typeof TaskNudgeSchema>;

const TAG = 'agent';
const base = '/device/v1/agent/tasks';

/** The HTTP side of remote tasks for terminals (HTTP Basic: SN and secret). */
export const taskAgentEndpoints = {
  pull: defineEndpoint({
    method: 'GET',
    path: base,
    summary: "The terminal's pending work; waiting deliveries become pulled",
    tag: TAG,
    result: TaskPullAnswerSchema,
    device: true,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: `${base}/report`,
    summary: 'Results of pulled work (executed, success, failure, deferred); states only move forward',
    tag: TAG,
    body: TaskReportSchema,
    result: TaskReportAnswerSchema,
    device: true,
  }),
};
