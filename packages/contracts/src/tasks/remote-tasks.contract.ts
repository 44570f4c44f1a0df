import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PageQuerySchema, pageSchema } from '../pagination';
import {
  CreateTaskBodySchema,
  PreviewTaskBodySchema,
  TaskConditionsSchema,
  TaskPreviewSchema,
  TaskRolloutSchema,
  TaskScheduleSchema,
  TaskTargetsSchema,
} from './task-create';
import { opt, uuid } from './task-fields';
import { TaskNameTextSchema } from './task-name';
import { DELIVERY_STATES } from './task-states';
import { TASK_PLATFORMS, TASK_TYPES } from './task-types';
import {
  DeliveryFilterSchema,
  DeliveryRowSchema,
  InstalledPackageSchema,
  TaskDetailSchema,
  TaskFilterSchema,
  TaskRowSchema,
  TaskTypeInfoSchema,
  TerminalTaskRowSchema,
} from './task-views';

export * from './task-create';
export * from './task-views';

const TAG = 'task';
const base = '/task/v1/task/remoteTask';

const IdBody = z.strictObject({ id: uuid });

/** Remote tasks: create, follow, stop, restart, copy, delete, export, approve. */
export const remoteTaskEndpoints = {
  types: defineEndpoint({
    method: 'GET',
    path: `${base}/types`,
    summary: 'The task types this server can run, with the platforms of each (the platform matrix)',
    tag: TAG,
    permission: 'task:create:view',
    result: z.array(TaskTypeInfoSchema),
  }),
  packages: defineEndpoint({
    method: 'GET',
    path: `${base}/packages`,
    summary:
      'Apps installed on terminals in the caller scope, matched by package or name, most installed first (the app picker)',
    tag: TAG,
    permission: 'task:create:view',
    query: z.object({
      keyword: opt(z.string().trim().max(100)),
      platform: opt(z.enum(TASK_PLATFORMS)),
    }),
    result: z.array(InstalledPackageSchema),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${base}/preview`,
    summary:
      'How many terminals the targets reach now, which listed SNs are missing, whether approval is needed',
    tag: TAG,
    permission: 'task:create:view',
    body: PreviewTaskBodySchema,
    result: TaskPreviewSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${base}/create`,
    rateLimit: 'jobs',
    summary:
      'Creates a task; its deliveries are written in the background (status creating), or it waits for approval',
    tag: TAG,
    permission: 'task:create:add',
    body: CreateTaskBodySchema,
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.create' },
  }),
  copy: defineEndpoint({
    method: 'GET',
    path: `${base}/copy`,
    summary: "A task's creation form filled in from an existing task (times and password left to the user)",
    tag: TAG,
    permission: 'task:create:add',
    query: IdBody,
    result: z.object({
      /** The task's name; the console marks it as a copy in the reader's language. */
      name: z.string(),
      /** The name the system gave the task, rendered in the reader's language; null for a typed one. */
      nameText: TaskNameTextSchema.nullable(),
      platform: z.enum(TASK_PLATFORMS),
      type: z.enum(TASK_TYPES),
      params: z.record(z.string(), z.unknown()),
      targets: TaskTargetsSchema,
      schedule: TaskScheduleSchema,
      conditions: TaskConditionsSchema,
      rollout: TaskRolloutSchema.nullable(),
    }),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: 'Tasks in the caller scope with the counts of each result, newest first',
    tag: TAG,
    permission: 'task:task:view',
    query: PageQuerySchema.extend(TaskFilterSchema.shape),
    result: pageSchema(TaskRowSchema),
  }),
  export: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/export`,
    rateLimit: 'jobs',
    summary: 'Excel file of the tasks matching the filter',
    tag: TAG,
    permission: 'task:task:export',
    query: TaskFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/getById`,
    summary: 'One task: parameters, targets, timing, conditions, waves, runs, approval and counts',
    tag: TAG,
    permission: 'task:detail:view',
    query: IdBody,
    result: TaskDetailSchema,
  }),
  results: defineEndpoint({
    method: 'GET',
    path: `${base}/results`,
    summary: 'Per-terminal results of a run (the current one by default), filtered by state or SN, paged',
    tag: TAG,
    permission: 'task:detail:view',
    query: PageQuerySchema.extend(DeliveryFilterSchema.shape),
    result: pageSchema(DeliveryRowSchema),
  }),
  resultsExport: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/results/export`,
    rateLimit: 'jobs',
    summary: 'Excel file of the per-terminal results matching the filter',
    tag: TAG,
    permission: 'task:task:export',
    query: DeliveryFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
  stop: defineEndpoint({
    method: 'POST',
    path: `${base}/stop`,
    summary: 'Stops a task: open deliveries are cancelled; a finished task answers 409',
    tag: TAG,
    permission: 'task:task:stop',
    body: IdBody,
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.stop' },
  }),
  restart: defineEndpoint({
    method: 'POST',
    path: `${base}/restart`,
    summary: 'Restarts a stopped task: its cancelled deliveries are offered again',
    tag: TAG,
    permission: 'task:task:restart',
    body: IdBody,
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.restart' },
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: `${base}/resume`,
    summary: 'Lets a task the brake paused go on: the next wave is released',
    tag: TAG,
    permission: 'task:task:restart',
    body: IdBody,
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.resume' },
  }),
  retryFailed: defineEndpoint({
    method: 'POST',
    path: `${base}/retryFailed`,
    summary: 'Offers the failed deliveries of the current run again (all, or the listed ones)',
    tag: TAG,
    permission: 'task:task:restart',
    body: z.strictObject({
      id: uuid,
      deliveryIds: z
        .array(z.string().regex(/^\d{1,18}$/))
        .max(1000)
        .optional(),
    }),
    result: z.object({ retried: z.number().int() }),
    oplog: { objectType: 'task', action: 'task.retry' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Deletes a finished, stopped, failed or rejected task with its results',
    tag: TAG,
    permission: 'task:task:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'task', action: 'task.delete' },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: `${base}/approve`,
    summary: "A second user approves a risky task with their password (never the creator's own)",
    tag: TAG,
    permission: 'task:task:approve',
    // Without a password while the session's step-up is fresh.
    body: z.strictObject({ id: uuid, password: z.string().min(1).max(128).optional() }),
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.approve' },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: `${base}/reject`,
    summary: 'A second user rejects a risky task, with a reason the creator sees',
    tag: TAG,
    permission: 'task:task:approve',
    body: z.strictObject({ id: uuid, reason: z.string().trim().min(1).max(500) }),
    result: TaskRowSchema,
    oplog: { objectType: 'task', action: 'task.reject' },
  }),
  byTerminal: defineEndpoint({
    method: 'GET',
    path: `${base}/byTerminal`,
    summary: "The tasks aimed at one terminal and their results there, newest first (the device's plan tab)",
    tag: TAG,
    permission: 'device:detail:view',
    query: PageQuerySchema.extend({
      sn: z.string().trim().min(1).max(64),
      state: opt(z.enum(DELIVERY_STATES)),
    }),
    result: pageSchema(TerminalTaskRowSchema),
  }),
  parseSns: defineEndpoint({
    method: 'POST',
    path: `${base}/parseSns`,
    summary: 'Reads SNs from the first column of an uploaded Excel file (multipart `file`)',
    tag: TAG,
    permission: 'task:create:add',
    upload: true,
    rateLimit: 'files',
    result: z.object({
      sns: z.array(z.string()),
      invalid: z.array(z.object({ row: z.number(), value: z.string() })),
    }),
  }),
};
