import { Cron } from 'croner';

/** The next runs of a cron expression in a time zone, or why it cannot run. */
export const cronRuns = (
  expr: string,
  timezone: string,
  count = 3,
  from: Date = new Date(),
): { runs: Date[]; error: null } | { runs: []; error: string } => {
  const text = expr.trim();
  if (!text) return { runs: [], error: 'empty' };
  try {
    const cron = new Cron(text, { timezone, paused: true });
    const runs = cron.nextRuns(count, from);
    if (!runs.length) return { runs: [], error: 'never' };
    return { runs, error: null };
  } catch (error) {
    return { runs: [], error: error instanceof Error ? error.message : String(error) };
  }
};
