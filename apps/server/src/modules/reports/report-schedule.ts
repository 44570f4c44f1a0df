import type { ReportFrequency } from '@cpm/contracts';
import { nextOccurrence } from '../jobs/jobs.service';

/** What decides when a schedule goes out. */
export type ScheduleTiming = {
  frequency: ReportFrequency | string;
  hour: number;
  weekday: number | null;
  monthDay: number | null;
  timeZone: string;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The cron expression of a schedule, read in its time zone (croner: Sunday is 0). */
export const cronOf = (s: ScheduleTiming) => {
  if (s.frequency === 'weekly') return `0 ${s.hour} * * ${s.weekday ?? 1}`;
  if (s.frequency === 'monthly') return `0 ${s.hour} ${s.monthDay ?? 1} * *`;
  return `0 ${s.hour} * * *`;
};

/** The schedule's first occurrence strictly after `after`. */
export const nextRunOf = (s: ScheduleTiming, after: Date): Date =>
  nextOccurrence(cronOf(s), s.timeZone, after) as Date;

/** One period back from `end`: a day, a week, or the same day and time of the month before (clamped). */
const shiftBack = (frequency: ScheduleTiming['frequency'], end: Date) => {
  if (frequency === 'daily') return new Date(end.getTime() - DAY_MS);
  if (frequency === 'weekly') return new Date(end.getTime() - 7 * DAY_MS);
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth() - 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(end);
  d.setUTCFullYear(y, m, Math.min(end.getUTCDate(), lastDay));
  return d;
};

/**
 * Where a report's period starts. A scheduled report covers the time since the occurrence before
 * (exact across daylight-saving changes, so consecutive reports neither overlap nor leave a gap);
 * one sent at once covers the frequency's length up to now.
 */
export const periodStartOf = (s: ScheduleTiming, end: Date, manual: boolean) => {
  const approx = shiftBack(s.frequency, end);
  if (manual) return approx;
  // The previous occurrence lies within an hour of one period back; occurrences are a day apart or more.
  const previous = nextOccurrence(cronOf(s), s.timeZone, new Date(approx.getTime() - 3 * HOUR_MS));
  return previous && previous < end ? previous : approx;
};
