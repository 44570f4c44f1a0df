import { z } from 'zod';
import { SN_PATTERN } from '../device-protocol/protocol-constants';
import { bilingual } from '../issue-text';
import { checkCronRule } from './cron-rule';
import { isoTime, uuid } from './task-fields';
import { SYSTEM_NAMED_TASK_TYPES } from './task-name';
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

const CRON_REFUSALS = {
  fields: bilingual(
    'Cron 表达式应有 5 个字段：分 时 日 月 周',
    'A cron expression has 5 fields: minute, hour, day of month, month, day of week',
  ),
  seconds: bilingual(
    'Cron 表达式不能包含秒或年字段（6 或 7 个字段会每秒执行）；请使用 5 个字段',
    'A cron expression may not have a seconds or year field (6 or 7 fields run every second); use 5 fields',
  ),
  notDaily: bilingual(
    'Cron 表达式必须每天执行（日、月、周字段为 *），两次执行间隔不能超过 24 小时',
    'A cron expression must run every day (day, month and weekday fields *): runs may be at most 24 hours apart',
  ),
} as const;

/**
 * When a task runs. `once`: one run from the start to the expiry. `interval`: a run every N minutes;
 * `daily`: a run every day at a time; `cron`: a run at each occurrence of a cron expression (croner
 * syntax, 5 fields, every day: see `checkCronRule`). Each repeated run is open for `windowMinutes` (its time range), after which
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
    expr: z
      .string()
      .trim()
      .min(9)
      .max(120)
      .superRefine((v, ctx) => {
        const refusal = checkCronRule(v);
        if (refusal) ctx.addIssue({ code: 'custom', ...CRON_REFUSALS[refusal] });
      }),
    windowMinutes: minutes(['时间范围', 'time range']),
  }),
]);
export type TaskSchedule = z.output<typeof TaskScheduleSchema>;

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
  /**
   * The task's name. Omitted on an uninstall or permission task (`SYSTEM_NAMED_TASK_TYPES`), the
   * server names it by its type and package, shown in each reader's language.
   */
  name: z.string().trim().min(1).max(TASK_LIMITS.nameMax).optional(),
  platform: z.enum(TASK_PLATFORMS),
  type: z.enum(TASK_TYPES),
  /** The type's parameters (see TASK_PARAMS). */
  params: z.record(z.string(), z.unknown()).default({}),
};

/** What a file push's path must look like on each platform, in both languages. */
const ABSOLUTE_PATH_TEXT = {
  android: ['请填写绝对路径，如 /sdcard/Download', 'Enter an absolute path, like /sdcard/Download'],
  windows: ['请填写绝对路径，如 C:\\POS\\data', 'Enter an absolute path, like C:\\POS\\data'],
  linux: ['请填写绝对路径，如 /opt/pos/files', 'Enter an absolute path, like /opt/pos/files'],
} as const;

/** Checks the parameters against the type's schema and the platform matrix; issues land on their fields. */
const checkKind = (
  b: {
    name?: string;
    type: TaskType;
    platform: (typeof TASK_PLATFORMS)[number];
    params: Record<string, unknown>;
  },
  ctx: z.RefinementCtx,
) => {
  if (!b.name && !(SYSTEM_NAMED_TASK_TYPES as readonly string[]).includes(b.type))
    ctx.addIssue({ code: 'custom', path: ['name'], ...bilingual('请输入任务名称', "Enter the task's name") });
  if (!typeRunsOn(b.type, b.platform)) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      ...bilingual(
        '所选平台不能执行此类任务（Android 不能创建注册表任务；Windows 不能创建系统升级、开机动画和权限任务；Linux 只能执行文件推送、终端代理升级、命令、重启、终端指令和卸载应用）',
        'This platform cannot run this task type (Android has no registry tasks; Windows no OTA, boot animation or permission tasks; Linux takes file pushes, agent updates, commands, reboots, terminal commands and app removal)',
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
  if (b.type === 'file_push' && path && !isPlatformPath(b.platform, path)) {
    const [zh, en] = ABSOLUTE_PATH_TEXT[b.platform];
    ctx.addIssue({ code: 'custom', path: ['params', 'path'], ...bilingual(zh, en) });
  }
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
