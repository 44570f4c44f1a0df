import { z } from 'zod';
import { SN_PATTERN } from '../device-protocol/protocol-constants';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { PageQuerySchema, pageSchema } from '../pagination';
import { DEFER_REASONS, DELIVERY_STATES, type DeferReason, TASK_STATUSES } from './task-states';
import {
  isPlatformPath,
  TASK_LIMITS,
  TASK_PARAMS,
  TASK_PLATFORMS,
  TASK_TYPES,
  type TaskParams,
  type TaskType,
  typeRunsOn,
} from './task-types';

const TAG = 'task';
const base = '/task/v1/task/remoteTask';

const uuid = z.uuid();
/** Empty query values (a cleared filter) count as absent. */
const opt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** `HH:mm`, 00:00 to 23:59. */
export const CLOCK_TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const clockTime = z
  .string()
  .regex(CLOCK_TIME_PATTERN, bilingual('时间格式应为 HH:mm', 'Times are written HH:mm'));

/** A serial number as typed or pasted: trimmed and upper-cased like the terminal list stores it. */
export const TaskSnSchema = z
  .string()
  .trim()
  .regex(SN_PATTERN, bilingual('序列号格式不正确', 'Not a serial number'))
  .transform((v) => v.toUpperCase());

/**
 * Which terminals a task aims at: the union of the listed SNs, groups (with their sub-groups),
 * models and whole enterprises, narrowed to the task's platform and, with `whitelistId`, to the SNs
 * on that whitelist. Terminals that join a targeted group, model or enterprise while the task is
 * active get it too. Every target must lie in the creator's data scope.
 */
export const TaskTargetsSchema = z
  .strictObject({
    sns: z.array(TaskSnSchema).max(TASK_LIMITS.snsMax).default([]),
    groupIds: z.array(uuid).max(TASK_LIMITS.groupsMax).default([]),
    modelIds: z.array(uuid).max(TASK_LIMITS.modelsMax).default([]),
    /** Enterprise accounts: every terminal they own. */
    ownerIds: z.array(uuid).max(TASK_LIMITS.enterprisesMax).default([]),
    /** Only SNs on this whitelist receive the task. */
    whitelistId: uuid.optional(),
  })
  .refine(
    (t) => t.sns.length + t.groupIds.length + t.modelIds.length + t.ownerIds.length > 0,
    bilingual(
      '请至少选择一个目标（终端、分组、型号或企业）',
      'Choose at least one target (SN, group, model or enterprise)',
    ),
  );
export type TaskTargets = z.output<typeof TaskTargetsSchema>;

const minutes = (what: [string, string]) =>
  z
    .number()
    .int()
    .min(1)
    .refine(
      (v) => v <= TASK_LIMITS.intervalMaxMinutes,
      bilingual(`${what[0]}不能超过 24 小时`, `The ${what[1]} may be at most 24 hours`),
    );

/**
 * When a task runs. `once`: one run from the start to the expiry. `interval`: a run every N minutes;
 * `daily`: a run every day at a time; `cron`: a run at each occurrence of a cron expression (croner
 * syntax, 5 or 6 fields). Each repeated run is open for `windowMinutes` (its time range), after which
 * its unfinished deliveries expire. Interval and time range are at most 24 hours (spec). Clock times
 * and cron expressions are read in the creator's time zone (the `Timezone` header).
 */
export const TaskScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('once') }),
  z.strictObject({
    kind: z.literal('interval'),
    everyMinutes: minutes(['执行间隔', 'interval']),
    windowMinutes: minutes(['时间范围', 'time range']).optional(),
  }),
  z.strictObject({
    kind: z.literal('daily'),
    at: clockTime,
    windowMinutes: minutes(['时间范围', 'time range']),
  }),
  z.strictObject({
    kind: z.literal('cron'),
    expr: z.string().trim().min(9).max(120),
    windowMinutes: minutes(['时间范围', 'time range']),
  }),
]);
export type TaskSchedule = z.output<typeof TaskScheduleSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** Start and expiry (ISO 8601 with offset) and the schedule. */
export const TaskTimingSchema = z
  .strictObject({
    /** Absent: now. */
    startAt: isoTime.optional(),
    expireAt: isoTime,
    schedule: TaskScheduleSchema.default({ kind: 'once' }),
  })
  .refine((t) => !t.startAt || Date.parse(t.expireAt) > Date.parse(t.startAt), {
    ...bilingual('过期时间必须晚于开始时间', 'The expiry time must be after the start time'),
    path: ['expireAt'],
  })
  .refine(
    (t) =>
      t.schedule.kind !== 'interval' ||
      !t.schedule.windowMinutes ||
      t.schedule.windowMinutes <= t.schedule.everyMinutes,
    {
      ...bilingual('时间范围不能长于执行间隔', 'The time range cannot be longer than the interval'),
      path: ['schedule', 'windowMinutes'],
    },
  );
export type TaskTiming = z.output<typeof TaskTimingSchema>;

/**
 * Payment-aware conditions, judged by the terminal before it runs a pulled task: no sale in
 * progress, the batch settled, battery at or above a level, on the charger, and the terminal's local
 * time inside a window (`to` before `from` wraps past midnight). A terminal that does not meet them
 * defers (reporting why) instead of interrupting a sale.
 */
export const TaskConditionsSchema = z.strictObject({
  idle: z.boolean().default(false),
  settled: z.boolean().default(false),
  minBattery: z.number().int().min(1).max(100).optional(),
  charging: z.boolean().default(false),
  window: z.strictObject({ from: clockTime, to: clockTime }).optional(),
});
export type TaskConditions = z.output<typeof TaskConditionsSchema>;

/**
 * A staged rollout: wave k reaches the first `waves[k]` percent of the targets. A wave is judged
 * once all its deliveries have ended or `waveMinutes` have passed; when more than
 * `maxFailurePercent` of its results are failures, the task pauses and its creator is told.
 */
export const TaskRolloutSchema = z
  .strictObject({
    waves: z.array(z.number().int().min(1).max(100)).min(2).max(TASK_LIMITS.wavesMax),
    maxFailurePercent: z.number().int().min(0).max(100).default(10),
    waveMinutes: z.number().int().min(1).max(TASK_LIMITS.intervalMaxMinutes).default(60),
  })
  .refine((r) => r.waves.every((w, i) => i === 0 || w > r.waves[i - 1]) && r.waves.at(-1) === 100, {
    ...bilingual('各批次的百分比必须递增，最后一批为 100', 'Wave percentages must increase and end at 100'),
    path: ['waves'],
  });
export type TaskRollout = z.output<typeof TaskRolloutSchema>;

/** The parts of a new task shared by its creation and its reach preview. */
const taskCore = {
  name: z.string().trim().min(1).max(TASK_LIMITS.nameMax),
  platform: z.enum(TASK_PLATFORMS),
  type: z.enum(TASK_TYPES),
  /** The type's parameters (see TASK_PARAMS). */
  params: z.record(z.string(), z.unknown()).default({}),
};

/** Checks the parameters against the type's schema and the platform matrix; issues land on their fields. */
const checkKind = (
  b: { type: TaskType; platform: (typeof TASK_PLATFORMS)[number]; params: Record<string, unknown> },
  ctx: z.RefinementCtx,
) => {
  if (!typeRunsOn(b.type, b.platform)) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      ...bilingual(
        '所选平台不能执行此类任务（Android 不能创建注册表任务；Windows 不能创建系统升级、开机动画和权限任务）',
        'This platform cannot run this task type (Android has no registry tasks; Windows no OTA, boot animation or permission tasks)',
      ),
    });
    return;
  }
  const parsed = TASK_PARAMS[b.type].safeParse(b.params);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
    return;
  }
  const path = (parsed.data as { path?: string }).path;
  if (b.type === 'file_push' && path && !isPlatformPath(b.platform, path))
    ctx.addIssue({
      code: 'custom',
      path: ['params', 'path'],
      ...bilingual(
        b.platform === 'windows' ? '请填写绝对路径，如 C:\\POS\\data' : '请填写绝对路径，如 /sdcard/Download',
        b.platform === 'windows'
          ? 'Enter an absolute path, like C:\\POS\\data'
          : 'Enter an absolute path, like /sdcard/Download',
      ),
    });
};

/** Creating a task. Risky types (RISKY_TASK_TYPES) carry the creator's password. */
export const CreateTaskBodySchema = z
  .strictObject({
    ...taskCore,
    targets: TaskTargetsSchema,
    timing: TaskTimingSchema,
    conditions: TaskConditionsSchema.default({ idle: false, settled: false, charging: false }),
    rollout: TaskRolloutSchema.optional(),
    /** The creator's password, re-entered for risky types. */
    password: z.string().max(128).optional(),
  })
  .superRefine(checkKind)
  .transform((b) => ({ ...b, params: TASK_PARAMS[b.type].parse(b.params) as TaskParams }));
export type CreateTaskBody = z.output<typeof CreateTaskBodySchema>;
export type CreateTaskInput = z.input<typeof CreateTaskBodySchema>;

/** How many terminals a task would reach, before it is created. */
export const PreviewTaskBodySchema = z.strictObject({
  platform: z.enum(TASK_PLATFORMS),
  /** With a type, the answer says whether a second person must approve. */
  type: z.enum(TASK_TYPES).optional(),
  targets: TaskTargetsSchema,
});
export type PreviewTaskBody = z.output<typeof PreviewTaskBodySchema>;

export const TaskPreviewSchema = z.object({
  /** Terminals the task would reach now. */
  reach: z.number().int(),
  /** Of those, online now. */
  online: z.number().int(),
  /** Listed SNs that are not in the caller's scope, not on the platform, logged off or unknown. */
  missingSns: z.array(z.string()),
  /** Groups and enterprises the caller cannot see (creating the task would be refused). */
  outOfScope: z.object({ groupIds: z.array(z.string()), ownerIds: z.array(z.string()) }),
  /** A second user must approve (risky type with a wide reach). */
  approvalRequired: z.boolean(),
});
export type TaskPreview = z.infer<typeof TaskPreviewSchema>;

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
  name: z.string(),
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
export const TaskTypeInfoSchema = z.object({
  type: z.enum(TASK_TYPES),
  platforms: z.array(z.enum(TASK_PLATFORMS)),
  risky: z.boolean(),
});

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
      name: z.string(),
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
    body: z.strictObject({ id: uuid, password: z.string().min(1).max(128) }),
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
    result: z.object({
      sns: z.array(z.string()),
      invalid: z.array(z.object({ row: z.number(), value: z.string() })),
    }),
  }),
};
