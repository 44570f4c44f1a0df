import {
  CreateTaskBodySchema,
  type CreateTaskInput,
  type FieldError,
  RISKY_TASK_TYPES,
  TASK_LIMITS,
  TASK_PARAMS,
  TASK_PLATFORMS,
  TASK_TYPES,
  type TaskConditions,
  type TaskNameText,
  type TaskPlatform,
  type TaskRollout,
  type TaskSchedule,
  type TaskTargets,
  type TaskType,
  toFieldErrors,
  typeRunsOn,
} from '@cpm/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { taskNameOf } from '../../../shared/text/taskName';

export type ScheduleKind = TaskSchedule['kind'];

/** The create-task form as antd holds it; `toCreateBody` turns it into the contract's body. */
export type TaskFormValues = {
  name?: string;
  platform: TaskPlatform;
  type?: TaskType;
  /** The chosen type's parameters; values left from another type are dropped when sending. */
  params: Record<string, unknown>;
  targets: {
    sns: string[];
    groupIds: string[];
    modelIds: string[];
    ownerIds: string[];
    whitelistId?: string | null;
  };
  timing: {
    /** Start (empty: now) and expiry, in the user's time zone. */
    range?: [Dayjs | null, Dayjs | null] | null;
    kind: ScheduleKind;
    everyMinutes?: number | null;
    windowMinutes?: number | null;
    /** Daily run time. */
    at?: Dayjs | null;
    expr?: string;
  };
  conditions: {
    idle: boolean;
    settled: boolean;
    charging: boolean;
    minBattery?: number | null;
    /** Local-time window on the terminal. */
    window?: [Dayjs | null, Dayjs | null] | null;
  };
  rollout: { enabled: boolean; waves: number[]; maxFailurePercent: number; waveMinutes: number };
};

/** Waves of a new staged rollout: 1 %, 10 %, then everyone. */
export const DEFAULT_WAVES = [1, 10, 100];

/** A fresh form: Android, runs once from now for a week, no conditions, no waves. */
export const emptyTaskForm = (now: Dayjs = dayjs()): TaskFormValues => ({
  platform: 'android',
  params: {},
  targets: { sns: [], groupIds: [], modelIds: [], ownerIds: [] },
  timing: { range: [null, now.add(7, 'day').startOf('minute')], kind: 'once' },
  conditions: { idle: false, settled: false, charging: false },
  rollout: { enabled: false, waves: DEFAULT_WAVES, maxFailurePercent: 10, waveMinutes: 60 },
});

/**
 * The type, platform and terminals an address names (`?type=&platform=&sns=a,b`), only the ones
 * that are valid; null when it names none.
 */
export const presetOf = (
  params: URLSearchParams,
): { type?: TaskType; platform?: TaskPlatform; sns: string[] } | null => {
  const type = TASK_TYPES.find((x) => x === params.get('type'));
  const platform = TASK_PLATFORMS.find((x) => x === params.get('platform'));
  const sns = (params.get('sns') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!type && !platform && !sns.length) return null;
  return { ...(type && { type }), ...(platform && { platform }), sns };
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Only the parameters the type takes, blank ones left out so the contract names what is missing. */
export const paramsFor = (type: TaskType | undefined, params: Record<string, unknown>) => {
  if (!type) return {};
  const schema = TASK_PARAMS[type];
  const keys = 'shape' in schema ? Object.keys(schema.shape) : [];
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => keys.includes(k) && !blank(v)));
};

const scheduleOf = (timing: TaskFormValues['timing']): Record<string, unknown> => {
  const window = timing.windowMinutes ?? undefined;
  switch (timing.kind) {
    case 'interval':
      return { kind: 'interval', everyMinutes: timing.everyMinutes ?? undefined, windowMinutes: window };
    case 'daily':
      return { kind: 'daily', at: timing.at ? timing.at.format('HH:mm') : undefined, windowMinutes: window };
    case 'cron':
      return { kind: 'cron', expr: timing.expr?.trim() ?? '', windowMinutes: window };
    default:
      return { kind: 'once' };
  }
};

const conditionsOf = (c: TaskFormValues['conditions']) => {
  const [from, to] = c.window ?? [];
  return {
    idle: c.idle,
    settled: c.settled,
    charging: c.charging,
    ...(typeof c.minBattery === 'number' ? { minBattery: c.minBattery } : {}),
    ...(from && to ? { window: { from: from.format('HH:mm'), to: to.format('HH:mm') } } : {}),
  };
};

/** The targets part of the body (also what the reach preview sends). */
export const targetsOf = (t: TaskFormValues['targets']): CreateTaskInput['targets'] => ({
  sns: t.sns,
  groupIds: t.groupIds,
  modelIds: t.modelIds,
  ownerIds: t.ownerIds,
  ...(t.whitelistId ? { whitelistId: t.whitelistId } : {}),
});

/** Whether any target is chosen (the preview asks only then). */
export const hasTargets = (t: TaskFormValues['targets']) =>
  t.sns.length + t.groupIds.length + t.modelIds.length + t.ownerIds.length > 0;

/**
 * The create call's body from the form. Times go out as ISO 8601 with the browser's offset, clock
 * times and cron expressions as typed: the server reads them in the `Timezone` the client sends.
 */
export const toCreateBody = (v: TaskFormValues, password?: string): CreateTaskInput => {
  const [start, expire] = v.timing.range ?? [];
  return {
    name: v.name?.trim() ?? '',
    platform: v.platform,
    type: v.type as TaskType,
    params: paramsFor(v.type, v.params),
    targets: targetsOf(v.targets),
    timing: {
      ...(start ? { startAt: start.format() } : {}),
      expireAt: expire ? expire.format() : '',
      schedule: scheduleOf(v.timing) as CreateTaskInput['timing']['schedule'],
    },
    conditions: conditionsOf(v.conditions),
    ...(v.rollout.enabled
      ? {
          rollout: {
            waves: v.rollout.waves,
            maxFailurePercent: v.rollout.maxFailurePercent,
            waveMinutes: v.rollout.waveMinutes,
          },
        }
      : {}),
    ...(password ? { password } : {}),
  };
};

/** What the copy endpoint answers: a task's form without times and password. */
export type TaskCopy = {
  name: string;
  nameText: TaskNameText | null;
  platform: TaskPlatform;
  type: TaskType;
  params: Record<string, unknown>;
  targets: TaskTargets;
  schedule: TaskSchedule;
  conditions: TaskConditions;
  rollout: TaskRollout | null;
};

const clock = (hhmm: string) => dayjs(`2000-01-01T${hhmm}:00`);

/**
 * The name a copy starts with: the task's name in the reader's language, marked as a copy unless
 * that would pass the length limit. `t` must have `TASK_NAME_NAMESPACES` and `tasks` loaded.
 */
export const copyNameOf = (copy: Pick<TaskCopy, 'name' | 'nameText'>, t: TFunction): string => {
  const name = taskNameOf(copy, t).slice(0, TASK_LIMITS.nameMax);
  const marked = t('tasks:create.copyName', { name });
  return marked.length <= TASK_LIMITS.nameMax ? marked : name;
};

/** The form filled in from a copied task; times start afresh. */
export const fromCopy = (copy: TaskCopy, now: Dayjs = dayjs()): TaskFormValues => {
  const empty = emptyTaskForm(now);
  const s = copy.schedule;
  return {
    name: copy.name,
    platform: copy.platform,
    type: copy.type,
    params: { ...copy.params },
    targets: {
      sns: copy.targets.sns,
      groupIds: copy.targets.groupIds,
      modelIds: copy.targets.modelIds,
      ownerIds: copy.targets.ownerIds,
      whitelistId: copy.targets.whitelistId ?? null,
    },
    timing: {
      range: empty.timing.range,
      kind: s.kind,
      everyMinutes: s.kind === 'interval' ? s.everyMinutes : undefined,
      windowMinutes: s.kind === 'once' ? undefined : s.windowMinutes,
      at: s.kind === 'daily' ? clock(s.at) : undefined,
      expr: s.kind === 'cron' ? s.expr : undefined,
    },
    conditions: {
      idle: copy.conditions.idle,
      settled: copy.conditions.settled,
      charging: copy.conditions.charging,
      minBattery: copy.conditions.minBattery ?? null,
      window: copy.conditions.window
        ? [clock(copy.conditions.window.from), clock(copy.conditions.window.to)]
        : null,
    },
    rollout: copy.rollout ? { enabled: true, ...copy.rollout } : { ...empty.rollout, enabled: false },
  };
};

/** Whether the creator must re-enter their password for this type. */
export const needsPassword = (type: TaskType | undefined) => Boolean(type && RISKY_TASK_TYPES.includes(type));

/** Whether a platform can run the chosen type (a type the platform cannot run is cleared). */
export const typeFits = (type: TaskType | undefined, platform: TaskPlatform) =>
  !type || typeRunsOn(type, platform);

/** Top-level names of the form; errors under anything else show above it. */
const FORM_ROOTS = ['name', 'platform', 'type', 'params', 'targets', 'timing', 'conditions', 'rollout'];

/**
 * The form field a body path belongs to: start and expiry share the range picker, schedule fields sit
 * directly under timing, list items (an SN, a wave, a permission) on their list.
 */
export const fieldOfBodyPath = (path: readonly (string | number)[]): (string | number)[] | null => {
  const [root, second, third] = path;
  if (typeof root !== 'string' || !FORM_ROOTS.includes(root)) return null;
  if (root === 'timing') {
    if (second === 'startAt' || second === 'expireAt') return ['timing', 'range'];
    if (second === 'schedule') return ['timing', typeof third === 'string' ? third : 'kind'];
    return ['timing', 'range'];
  }
  if (root === 'targets') return ['targets', typeof second === 'string' ? second : 'sns'];
  if (second === undefined) return [root];
  return [root, second];
};

export type FormFieldErrors = {
  fields: { name: (string | number)[]; errors: string[] }[];
  /** Texts of errors that belong to no field of the form. */
  other: string[];
};

/** Sorts field errors (the contract's own or the server's `result.errors`) onto the form's fields. */
export const placeFieldErrors = (errors: readonly FieldError[], lang: string): FormFieldErrors => {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const other: string[] = [];
  for (const error of errors) {
    const text = lang === 'zh' ? error.message : error.messageEn;
    const parts = error.field
      .split('.')
      .filter((part, i) => !(i === 0 && (part === 'body' || part === 'query')))
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const name = fieldOfBodyPath(parts);
    if (!name) {
      if (!other.includes(text)) other.push(text);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  return { fields: [...byField.values()], other };
};

/** Checks the body with the contract before sending; the same texts the server would answer. */
export const checkTaskBody = (body: CreateTaskInput, lang: string): FormFieldErrors | null => {
  const parsed = CreateTaskBodySchema.safeParse(body);
  if (parsed.success) return null;
  return placeFieldErrors(toFieldErrors(parsed.error.issues, 'body'), lang);
};

/** Minutes as "2 h 30 min" / "2 小时 30 分钟". */
export const formatMinutes = (minutes: number, lang: string) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const [hu, mu] = lang === 'zh' ? [' 小时', ' 分钟'] : [' h', ' min'];
  return [h ? `${h}${hu}` : '', m || !h ? `${m}${mu}` : ''].filter(Boolean).join(' ');
};
