/**
 * The spec's 24-hour limit applied to cron expressions, read from their text so the console and the
 * server agree: five fields (a sixth, for seconds, would run every second), and a run every day.
 */

/** Why a cron expression is refused; null when it may be used. */
export type CronRefusal = 'fields' | 'seconds' | 'notDaily';

/** A day field that lets every day through: any value, croner's `?`, or a step of one. */
const EVERY = /^(\*|\?)(\/1)?$/;

/**
 * Checks the shape of a cron expression: exactly minute, hour, day of month, month and day of week,
 * with the three day fields open, so that runs are never more than 24 hours apart.
 */
export const checkCronRule = (expr: string): CronRefusal | null => {
  const fields = expr.trim().split(/\s+/);
  if (fields.length === 6 || fields.length === 7) return 'seconds';
  if (fields.length !== 5) return 'fields';
  return fields.slice(2).every((f) => EVERY.test(f)) ? null : 'notDaily';
};
