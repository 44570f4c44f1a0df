import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { POLICY_SEVERITIES } from '../policies/policy-fields';
import { ALERT_SEVERITIES } from './alert-severities';

const base = '/device/v1/device/alerts';

/** What a rule watches. */
export const ALERT_CONDITIONS = [
  'offline',
  'battery',
  'peripheralFault',
  'fenceBreach',
  'taskFailureRate',
  'appCrash',
  'notSeen',
  'metric',
  'alarm',
  'policyDrift',
] as const;
export const AlertConditionSchema = z.enum(ALERT_CONDITIONS);
export type AlertCondition = z.infer<typeof AlertConditionSchema>;

export { ALERT_SEVERITIES } from './alert-severities';
export const AlertSeveritySchema = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof AlertSeveritySchema>;

export const ALERT_CHANNELS = ['inApp', 'email', 'sms', 'webhook'] as const;
export const AlertChannelSchema = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof AlertChannelSchema>;

export const ALERT_STATES = ['open', 'acknowledged', 'closed'] as const;
export const AlertStateSchema = z.enum(ALERT_STATES);
export type AlertState = z.infer<typeof AlertStateSchema>;

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '时间格式为 HH:mm / Time must be HH:mm' });
const timeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: '未知时区 / Unknown time zone' },
  );

/** A daily span of local time, `from` before `to`. */
export const DailySpanSchema = z
  .strictObject({ from: hhmm, to: hhmm, timezone: timeZone.default('UTC') })
  .refine((s) => s.from < s.to, { error: '开始时间须早于结束时间 / From must be before to', path: ['to'] });
export type DailySpan = z.infer<typeof DailySpanSchema>;

/** Quiet hours may span midnight (22:00 to 07:00). */
export const QuietHoursSchema = z
  .strictObject({ from: hhmm, to: hhmm, timezone: timeZone.default('UTC') })
  .refine((s) => s.from !== s.to, { error: '开始与结束不能相同 / From and to must differ', path: ['to'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

export const MaintenanceWindowSchema = z
  .strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine((w) => Date.parse(w.from) < Date.parse(w.to), {
    error: '开始须早于结束 / The window must start before it ends',
    path: ['to'],
  });
export type MaintenanceWindow = z.infer<typeof MaintenanceWindowSchema>;

/** The condition's figures; each condition reads the ones it names (checked on save). */
export const AlertParamsSchema = z.strictObject({
  /** offline: minutes offline; appCrash: the window. */
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
  /** offline: count only inside these hours of the store's day. */
  tradingHours: DailySpanSchema.optional(),
  /** battery: below this percent; taskFailureRate: above this percent. */
  percent: z.number().min(0).max(100).optional(),
  /** taskFailureRate: deliveries a task needs before its rate counts. */
  minCount: z.number().int().min(1).max(1_000_000).optional(),
  /** appCrash: crashes in the window. */
  count: z.number().int().min(1).max(10_000).optional(),
  /** notSeen: days. */
  days: z.number().int().min(1).max(3650).optional(),
  /** metric: a dotted path into the terminal's latest reported figures (`storage.freePercent`). */
  metric: z
    .string()
    .regex(/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*){0,4}$/, { error: '指标路径无效 / Invalid figure path' })
    .optional(),
  op: z.enum(['gt', 'lt']).optional(),
  value: z.number().optional(),
  /** policyDrift: fields drifted at this policy severity or a more serious one. */
  policySeverity: z.enum(POLICY_SEVERITIES).optional(),
  /** peripheralFault / alarm: only this fault kind or alarm name (empty: any). */
  name: z.string().trim().max(LIMITS.nameMax).optional(),
});
export type AlertParams = z.infer<typeof AlertParamsSchema>;

export const AlertRecipientsSchema = z.strictObject({
  userIds: z.array(z.uuid()).max(100).default([]),
  roleIds: z.array(z.uuid()).max(50).default([]),
  emails: z.array(z.email()).max(50).default([]),
  phones: z
    .array(z.string().regex(/^\+?\d{5,20}$/, { error: '手机号无效 / Invalid phone number' }))
    .max(50)
    .default([]),
});
export type AlertRecipients = z.infer<typeof AlertRecipientsSchema>;

export const AlertRuleSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  enabled: z.boolean().default(true),
  condition: AlertConditionSchema,
  params: AlertParamsSchema.default({}),
  severity: AlertSeveritySchema,
  /** Scope: the owning account's subtree, narrowed to these groups and models when given. */
  groupIds: z.array(z.uuid()).max(200).default([]),
  modelIds: z.array(z.uuid()).max(200).default([]),
  channels: z.array(AlertChannelSchema).max(ALERT_CHANNELS.length).default(['inApp']),
  recipients: AlertRecipientsSchema.default({ userIds: [], roleIds: [], emails: [], phones: [] }),
  quietHours: QuietHoursSchema.nullable().default(null),
  maintenance: z.array(MaintenanceWindowSchema).max(50).default([]),
  /** This many changes within `flapMinutes` make one flapping alert in place of the others. */
  flapChanges: z.number().int().min(2).max(100).nullable().default(null),
  flapMinutes: z.number().int().min(1).max(1440).nullable().default(null),
  /** From this many open alerts of the rule, new ones join one incident (notified once). */
  groupAt: z.number().int().min(2).max(1_000_000).default(10),
});
export type AlertRuleSave = z.input<typeof AlertRuleSaveSchema>;
export type AlertRuleInput = z.infer<typeof AlertRuleSaveSchema>;

export const AlertRuleRowSchema = AlertRuleSaveSchema.omit({ id: true }).extend({
  id: z.string(),
  ownerId: z.string(),
  openAlerts: z.number().int(),
  lastEvaluatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRuleRow = z.infer<typeof AlertRuleRowSchema>;

export const AlertRowSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  condition: AlertConditionSchema,
  /** `condition`: the rule's condition holds; `flapping`: it changed too often. */
  kind: z.enum(['condition', 'flapping']),
  severity: AlertSeveritySchema,
  state: AlertStateSchema,
  subjectKey: z.string(),
  sn: z.string().nullable(),
  terminalName: z.string().nullable(),
  detail: z.string(),
  count: z.number().int(),
  incidentId: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
  ackAt: z.string().nullable(),
  ackBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(['cleared', 'manual']).nullable(),
});
export type AlertRow = z.infer<typeof AlertRowSchema>;

export const AlertEventRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['raised', 'repeated', 'flapping', 'acknowledged', 'closed', 'cleared', 'notified']),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type AlertEventRow = z.infer<typeof AlertEventRowSchema>;

export const IncidentRowSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  severity: AlertSeveritySchema,
  state: z.enum(['open', 'closed']),
  members: z.number().int(),
  openMembers: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  closedAt: z.string().nullable(),
});
export type IncidentRow = z.infer<typeof IncidentRowSchema>;

export const ALERT_NOTICE_MODES = ['instant', 'digest', 'off'] as const;
/** A user's choice of alert notices: per severity one by one, in a digest, or none; muted channels. */
export const AlertPreferencesSchema = z.strictObject({
  modes: z.partialRecord(AlertSeveritySchema, z.enum(ALERT_NOTICE_MODES)).default({}),
  mutedChannels: z.array(AlertChannelSchema).max(ALERT_CHANNELS.length).default([]),
});
export type AlertPreferences = z.infer<typeof AlertPreferencesSchema>;

const NoteSchema = z.string().trim().max(500).default('');
const IdBody = z.strictObject({ id: z.uuid() });
const SeverityCounts = z.object(
  Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, z.number().int()])) as Record<
    AlertSeverity,
    z.ZodNumber
  >,
);

export const alertsEndpoints = {
  rulePage: defineEndpoint({
    method: 'GET',
    path: `${base}/rules/getPage`,
    summary: "Alert rules of the caller's accounts, paged",
    tag: 'device',
    permission: 'device:alertRule:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(AlertRuleRowSchema),
  }),
  ruleSave: defineEndpoint({
    method: 'POST',
    path: `${base}/rules/addOrUpdate`,
    summary: 'Create (device:alertRule:add) or edit (device:alertRule:edit) an alert rule',
    tag: 'device',
    permission: SIGNED_IN,
    body: AlertRuleSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: {
      objectType: 'alertRule',
      action: { of: ({ body }) => (body.id ? 'alertRule.update' : 'alertRule.create') },
    },
  }),
  ruleRemove: defineEndpoint({
    method: 'POST',
    path: `${base}/rules/delete`,
    summary: 'Delete an alert rule; its alerts are closed and kept in the history',
    tag: 'device',
    permission: 'device:alertRule:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'alertRule', action: 'alertRule.delete' },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: "Alerts of the caller's terminals, newest first",
    tag: 'device',
    permission: 'device:alert:view',
    query: PageQuerySchema.extend({
      state: AlertStateSchema.optional(),
      severity: AlertSeveritySchema.optional(),
      ruleId: z.uuid().optional(),
      incidentId: z.uuid().optional(),
      sn: z.string().trim().max(LIMITS.nameMax).optional(),
    }),
    result: pageSchema(AlertRowSchema),
  }),
  timeline: defineEndpoint({
    method: 'GET',
    path: `${base}/timeline`,
    summary: "One alert's history: raised, repeated, acknowledged, notified, closed",
    tag: 'device',
    permission: 'device:alert:view',
    query: z.object({ id: z.uuid() }),
    result: z.array(AlertEventRowSchema),
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: `${base}/acknowledge`,
    summary: 'Acknowledge open alerts with a note (recorded in the operation log)',
    tag: 'device',
    permission: 'device:alert:handle',
    body: z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000), note: NoteSchema }),
    result: z.object({ changed: z.number().int() }),
    oplog: { objectType: 'alert', action: 'alert.acknowledge' },
  }),
  close: defineEndpoint({
    method: 'POST',
    path: `${base}/close`,
    summary: 'Close alerts with a note (recorded in the operation log)',
    tag: 'device',
    permission: 'device:alert:handle',
    body: z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000), note: NoteSchema }),
    result: z.object({ changed: z.number().int() }),
    oplog: { objectType: 'alert', action: 'alert.close' },
  }),
  incidentPage: defineEndpoint({
    method: 'GET',
    path: `${base}/incidents/getPage`,
    summary: 'Incidents (alerts of one rule grouped), newest first',
    tag: 'device',
    permission: 'device:alert:view',
    query: PageQuerySchema.extend({ state: z.enum(['open', 'closed']).optional() }),
    result: pageSchema(IncidentRowSchema),
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: `${base}/preferences`,
    summary: "The caller's own alert notice preferences",
    tag: 'device',
    permission: SIGNED_IN,
    result: AlertPreferencesSchema,
  }),
  savePreferences: defineEndpoint({
    method: 'POST',
    path: `${base}/preferences/save`,
    summary: "Save the caller's own alert notice preferences",
    tag: 'device',
    permission: SIGNED_IN,
    body: AlertPreferencesSchema,
    result: z.null(),
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: `${base}/summary`,
    summary: 'Open alerts by severity (the dashboard figure)',
    tag: 'device',
    permission: 'device:alert:view',
    result: z.object({ open: SeverityCounts, acknowledged: SeverityCounts }),
  }),
};
