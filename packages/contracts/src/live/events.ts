import { z } from 'zod';
import type { UserEventKind } from './topics';

/** Payload of `systemTopics.sessionsEnded`. */
export const SessionsEndedSchema = z.object({
  userIds: z.array(z.uuid()).min(1).max(10_000),
});
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/** Payload of `systemTopics.terminalChanged`. */
export const TerminalChangedSchema = z.object({
  /** Serial numbers whose cached identity is stale. */
  sns: z.array(z.string()).min(1),
});
export type TerminalChanged = z.infer<typeof TerminalChangedSchema>;

/** Payload of `systemTopics.terminalWork`. */
export const TerminalWorkChangedSchema = z.object({
  /** Terminals whose heartbeat answer may have changed; absent: any terminal. */
  terminalIds: z.array(z.uuid()).min(1).max(10_000).optional(),
});
export type TerminalWorkChanged = z.infer<typeof TerminalWorkChangedSchema>;

/** Payload of `notice`: something in the box changed; the console counts again. */
export const NoticeEventSchema = z.object({
  type: z.literal('message'),
  event: z.enum(['published', 'read', 'withdrawn']),
  /** The message concerned; null when several changed at once. */
  messageId: z.string().nullable(),
});
export type NoticeEvent = z.infer<typeof NoticeEventSchema>;

/** One terminal's change inside a `device` event. */
export const FleetChangeSchema = z.object({
  sn: z.string(),
  /** What happened: online, offline, status, hello, boot, saved, policyDrift, or a terminal event type. */
  kind: z.string(),
  online: z.boolean().optional(),
  status: z.string().optional(),
});

/** Payload of `device`: terminals changed; at most one per user and second. */
export const FleetEventSchema = z.object({
  type: z.literal('terminals'),
  /** True when more changed than the list carries: refresh everything. */
  more: z.boolean(),
  changes: z.array(FleetChangeSchema),
});
export type FleetEvent = z.infer<typeof FleetEventSchema>;

/** Most task ids one `task` event names; past it the event says `more` (read every task again). */
export const TASK_EVENT_MAX_IDS = 50;

/** Remote tasks that moved on; `more` when there were too many to name. */
export const TaskEventSchema = z.object({
  type: z.literal('task'),
  taskIds: z.array(z.string()).max(TASK_EVENT_MAX_IDS),
  more: z.boolean(),
});
export type TaskEvent = z.infer<typeof TaskEventSchema>;

/** Alerts of one rule changed (raised, closed, acknowledged, grouped); the console reads its alert lists again. */
export const AlertEventSchema = z.object({
  type: z.literal('alert'),
  ruleId: z.uuid(),
});
export type AlertEvent = z.infer<typeof AlertEventSchema>;

/** Payload schema of each user event kind whose shape is fixed here (jobs define their own). */
export const USER_EVENT_SCHEMAS = {
  notice: NoticeEventSchema,
  device: FleetEventSchema,
  task: TaskEventSchema,
  alert: AlertEventSchema,
} satisfies Partial<Record<UserEventKind, z.ZodType>>;
