import { z } from 'zod';
import { TaskConditionsSchema, TaskRolloutSchema, TaskScheduleSchema } from './task-create';
import { isoTime, opt, uuid } from './task-fields';
import { TaskNameTextSchema } from './task-name';
import { DEFER_REASONS, DELIVERY_STATES, type DeferReason, TASK_STATUSES } from './task-states';
import { TASK_LIMITS, TASK_PLATFORMS, TASK_TYPES } from './task-types';

/** Deliveries of a run by state; `held` are waiting in waves not yet released, `deferred` pulled ones held back, by reason. */
export const DeliveryCountsSchema = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  pulled: z.number().int(),
  executed: z.number().int(),
  success: z.number().int(),
  failure: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
  held: z.number().int(),
  deferred: z.record(z.enum(DEFER_REASONS), z.number().int()),
});
export type DeliveryCounts = z.infer<typeof DeliveryCountsSchema>;

/** Zero counts. */
export const emptyDeliveryCounts = (): DeliveryCounts => ({
  total: 0,
  waiting: 0,
  pulled: 0,
  executed: 0,
  success: 0,
  failure: 0,
  expired: 0,
  cancelled: 0,
  held: 0,
  deferred: Object.fromEntries(DEFER_REASONS.map((r) => [r, 0])) as Record<DeferReason, number>,
});

/** One row of task management. */
export const TaskRowSchema = z.object({
  id: z.string(),
  /** As typed; for a task the system named, its text in English, shown where `nameText` cannot be. */
  name: z.string(),
  /** The name the system gave the task, rendered in the reader's language; null for a typed name. */
  nameText: TaskNameTextSchema.nullable(),
  type: z.enum(TASK_TYPES),
  platform: z.enum(TASK_PLATFORMS),
  status: z.enum(TASK_STATUSES),
  /** Why the task stopped moving (brake, creation failure, rejection), both languages; null otherwise. */
  statusReason: z.string().nullable(),
  statusReasonEn: z.string().nullable(),
  /** A short description of what it does: package, file, command... */
  summary: z.string(),
  scheduleKind: z.enum(['once', 'interval', 'daily', 'cron']),
  /** ISO times. */
  startAt: z.string(),
  expireAt: z.string(),
  /** Runs so far (a repeated task has one per occurrence). */
  runCount: z.number().int(),
  /** The current run's deliveries, counted by state. */
  counts: DeliveryCountsSchema,
  /** Whether the task needed (or needs) a second person's approval. */
  approvalRequired: z.boolean(),
  /** Released waves and the number of waves; null without a staged rollout. */
  wave: z.object({ released: z.number().int(), total: z.number().int() }).nullable(),
  ownerId: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TaskRow = z.infer<typeof TaskRowSchema>;

/** A named reference shown with a task (group, model, enterprise, file). */
const Named = z.object({ id: z.string(), name: z.string() });

export const TaskWaveSchema = z.object({
  /** 1-based. */
  wave: z.number().int(),
  percent: z.number().int(),
  /** Deliveries in the wave. */
  size: z.number().int(),
  released: z.boolean(),
  releasedAt: z.string().nullable(),
  success: z.number().int(),
  failure: z.number().int(),
  /** Failures among results, percent (null before any result). */
  failurePercent: z.number().nullable(),
});
export type TaskWave = z.infer<typeof TaskWaveSchema>;

export const TaskRunSchema = z.object({
  id: z.string(),
  /** 1 for the first run. */
  seq: z.number().int(),
  startsAt: z.string(),
  /** When its open deliveries expire. */
  endsAt: z.string(),
  status: z.enum(['creating', 'open', 'closed']),
  total: z.number().int(),
});
export type TaskRun = z.infer<typeof TaskRunSchema>;

/** A task with everything its detail page shows. */
export const TaskDetailSchema = TaskRowSchema.extend({
  params: z.record(z.string(), z.unknown()),
  /** The file, wallpaper, boot animation or app the task uses, by name. */
  resource: z
    .object({
      kind: z.enum(['sysFile', 'wallpaper', 'bootAnimation', 'app']),
      id: z.string(),
      name: z.string(),
    })
    .nullable(),
  targets: z.object({
    sns: z.array(z.string()),
    groups: z.array(Named),
    models: z.array(Named),
    owners: z.array(Named),
    whitelist: Named.nullable(),
  }),
  timezone: z.string(),
  schedule: TaskScheduleSchema,
  conditions: TaskConditionsSchema,
  rollout: TaskRolloutSchema.nullable(),
  waves: z.array(TaskWaveSchema),
  runs: z.array(TaskRunSchema),
  approval: z.object({
    required: z.boolean(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    rejectReason: z.string().nullable(),
  }),
  copiedFrom: z.string().nullable(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskFilterSchema = z.object({
  name: opt(z.string().trim().max(TASK_LIMITS.nameMax)),
  type: opt(z.enum(TASK_TYPES)),
  platform: opt(z.enum(TASK_PLATFORMS)),
  status: opt(z.enum(TASK_STATUSES)),
  /** ISO times bounding the creation time. */
  createdFrom: opt(isoTime),
  createdTo: opt(isoTime),
});
export type TaskFilter = z.output<typeof TaskFilterSchema>;

/** Filters of the per-terminal results: a state, or `held` / `deferred` (optionally by reason). */
export const DeliveryFilterSchema = z.object({
  taskId: uuid,
  /** Absent: the task's current run. */
  runId: opt(uuid),
  state: opt(z.enum([...DELIVERY_STATES, 'held', 'deferred'])),
  deferReason: opt(z.enum(DEFER_REASONS)),
  /** SN prefix. */
  sn: opt(z.string().trim().max(64)),
});
export type DeliveryFilter = z.output<typeof DeliveryFilterSchema>;

/** What became of the task on one terminal. */
export const DeliveryRowSchema = z.object({
  id: z.string(),
  runId: z.string(),
  runSeq: z.number().int(),
  sn: z.string(),
  terminalName: z.string(),
  online: z.boolean(),
  state: z.enum(DELIVERY_STATES),
  /** Held in a wave that is not released yet. */
  held: z.boolean(),
  deferReason: z.enum(DEFER_REASONS).nullable(),
  /** The terminal's message with its last report (the failure reason, command output...). */
  message: z.string().nullable(),
  /** 1, then one more each time the delivery is offered again (retry, restart). */
  attempt: z.number().int(),
  wave: z.number().int(),
  pulledAt: z.string().nullable(),
  executedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryRow = z.infer<typeof DeliveryRowSchema>;

/** A task aimed at one terminal and what became of it there (the device page's plan tab). */
export const TerminalTaskRowSchema = z.object({
  deliveryId: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  /** The name the system gave the task, rendered in the reader's language; null for a typed name. */
  taskNameText: TaskNameTextSchema.nullable(),
  type: z.enum(TASK_TYPES),
  taskStatus: z.enum(TASK_STATUSES),
  runSeq: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  held: z.boolean(),
  deferReason: z.enum(DEFER_REASONS).nullable(),
  message: z.string().nullable(),
  attempt: z.number().int(),
  expireAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TerminalTaskRow = z.infer<typeof TerminalTaskRowSchema>;

/** A type this server can run now, with its platforms and whether it is risky. */
/** An app installed on terminals in the caller's scope, as the uninstall and permission pickers list it. */
export const InstalledPackageSchema = z.object({
  /** The package (Android) or program id (Windows) the task names. */
  packageName: z.string(),
  /** The app's name as the terminals report it; null when none reports one. */
  name: z.string().nullable(),
  /** The app market's name for the package, which the picker shows first; null when the market has none. */
  marketName: z.string().nullable(),
  /** How many terminals in scope report it installed. */
  terminals: z.number().int(),
});
export type InstalledPackage = z.infer<typeof InstalledPackageSchema>;

export const TaskTypeInfoSchema = z.object({
  type: z.enum(TASK_TYPES),
  platforms: z.array(z.enum(TASK_PLATFORMS)),
  risky: z.boolean(),
});
