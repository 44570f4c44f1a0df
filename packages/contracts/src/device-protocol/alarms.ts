import { z } from 'zod';
import { AlertSeveritySchema } from '../alerts/alerts.contract';

/** How far a terminal's clock may be from the server's before its times are replaced by the server's. */
export const ALARM_CLOCK_WINDOW_SEC = 300;
/** Alarms one snapshot may carry. */
export const ALARM_SNAPSHOT_MAX = 64;

const AlarmName = z.string().regex(/^[A-Za-z][\w.-]{0,63}$/);
const DeviceTime = z.iso.datetime({ offset: true }).optional();

/** One alarm as the terminal holds it. */
export const RaisedAlarmSchema = z.object({
  name: AlarmName,
  severity: AlertSeveritySchema.default('medium'),
  /** When the terminal raised it (its own clock). */
  at: DeviceTime,
  detail: z.string().max(500).default(''),
});
export type RaisedAlarm = z.infer<typeof RaisedAlarmSchema>;

/**
 * `up/alarm`: a named alarm raised or cleared, or after every (re)connection the snapshot of every
 * alarm the terminal holds; the server clears what the snapshot no longer holds.
 */
export const AlarmMessageSchema = z.discriminatedUnion('type', [
  RaisedAlarmSchema.extend({ type: z.literal('raise') }),
  z.object({ type: z.literal('clear'), name: AlarmName, at: DeviceTime }),
  z.object({ type: z.literal('snapshot'), alarms: z.array(RaisedAlarmSchema).max(ALARM_SNAPSHOT_MAX) }),
]);
export type AlarmMessage = z.infer<typeof AlarmMessageSchema>;
