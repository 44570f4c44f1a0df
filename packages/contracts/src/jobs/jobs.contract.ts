import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { PageQuerySchema, pageSchema } from '../pagination';

/**
 * A job's life: `queued` (waiting, or waiting to retry after a failure), `running` (held by one
 * server instance under a lease), then `succeeded` or `failed` (every attempt used up).
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Statuses after which a job never changes again. */
export const JOB_FINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed'];

/** A background job as its starter sees it. */
export const JobVoSchema = z.object({
  id: z.string(),
  /** What the job does, e.g. `export`. */
  kind: z.string(),
  status: JobStatusSchema,
  /** 0 to 100. */
  percent: z.number().int().min(0).max(100),
  /** What the job is doing now, in Chinese; null before it reports anything. */
  message: z.string().nullable(),
  /** The same in English. */
  messageEn: z.string().nullable(),
  /** Attempts started so far (a retry or a take-over after a crash is a new attempt). */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** Set when the job failed: the id under which the error is in the server log. */
  errorId: z.string().nullable(),
  /** What the job produced; its shape depends on the kind (an export answers `ExportResult`). */
  result: z.unknown().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobVo = z.infer<typeof JobVoSchema>;

/**
 * What a console tab hears on `cpm/user/{userId}/job` while one of the user's jobs runs: sent on
 * every progress report and once more when the job ends (with `result` or `errorId`). A lost event
 * costs only freshness: `getById` answers the same fields.
 */
export const JobEventSchema = z.object({
  type: z.literal('job'),
  jobId: z.string(),
  kind: z.string(),
  status: JobStatusSchema,
  percent: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  messageEn: z.string().nullable(),
  errorId: z.string().nullable(),
  result: z.unknown().nullable(),
});
export type JobEvent = z.infer<typeof JobEventSchema>;

/** The last segment of the user topic that carries job events. */
export const JOB_EVENT_KIND = 'job';

/** The MQTT topic on which a user hears of their own jobs (the /mqtt rules allow only that user). */
export const jobEventTopic = (userId: string) => `cpm/user/${userId}/${JOB_EVENT_KIND}`;

export const JobPageQuerySchema = PageQuerySchema.extend({
  kind: z.string().trim().max(64).optional(),
  status: JobStatusSchema.optional(),
});

/** The signed-in user's own background jobs. */
export const jobsEndpoints = {
  getById: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/job/getById',
    summary: 'One of your background jobs: status, progress and result',
    tag: 'upms',
    permission: SIGNED_IN,
    query: z.object({ id: z.uuid() }),
    result: JobVoSchema,
  }),
  getPage: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/job/getPage',
    summary: 'Your background jobs, newest first, filtered by kind and status',
    tag: 'upms',
    permission: SIGNED_IN,
    query: JobPageQuerySchema,
    result: pageSchema(JobVoSchema),
  }),
};
