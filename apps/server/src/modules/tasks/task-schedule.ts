import type { TaskSchedule } from '@cpm/contracts';
import { Cron } from 'croner';

/** Whether an IANA time zone name is known to this runtime. */
export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const cronOf = (s: TaskSchedule, tz: string): Cron | null => {
  if (s.kind === 'daily') {
    const [h, m] = s.at.split(':').map(Number);
    return new Cron(`${m} ${h} * * *`, { timezone: tz, paused: true });
  }
  if (s.kind === 'cron') return new Cron(s.expr, { timezone: tz, paused: true });
  return null;
};

/** Whether a cron expression parses (croner syntax). */
export const isValidCron = (expr: string, tz: string) => {
  try {
    new Cron(expr, { timezone: tz, paused: true });
    return true;
  } catch {
    return false;
  }
};

/** The first occurrence at or after `from`, or null when none comes before `until`. */
export const firstRunAt = (s: TaskSchedule, from: Date, until: Date, tz: string): Date | null => {
  if (s.kind === 'once' || s.kind === 'interval') return from < until ? from : null;
  const next = cronOf(s, tz)?.nextRun(new Date(from.getTime() - 1)) ?? null;
  return next && next < until ? next : null;
};

/** The occurrence after the run that started at `prev`, or null when none comes before `until`. */
export const nextRunAt = (s: TaskSchedule, prev: Date, until: Date, tz: string): Date | null => {
  if (s.kind === 'once') return null;
  const next =
    s.kind === 'interval'
      ? new Date(prev.getTime() + s.everyMinutes * 60_000)
      : (cronOf(s, tz)?.nextRun(prev) ?? null);
  return next && next < until ? next : null;
};

/** When a run that starts at `startsAt` ends: its time range, never past the task's expiry. */
export const runEndsAt = (s: TaskSchedule, startsAt: Date, expireAt: Date): Date => {
  if (s.kind === 'once') return expireAt;
  const minutes = s.kind === 'interval' ? (s.windowMinutes ?? s.everyMinutes) : s.windowMinutes;
  return new Date(Math.min(expireAt.getTime(), startsAt.getTime() + minutes * 60_000));
};
