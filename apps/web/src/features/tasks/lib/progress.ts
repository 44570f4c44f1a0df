import { DEFER_REASONS, type DeferReason, type DeliveryCounts } from '@cpm/contracts';

/** The parts of a progress bar, in the order they are drawn. */
export const PROGRESS_PARTS = ['success', 'failure', 'ended', 'running', 'waiting'] as const;
export type ProgressPart = (typeof PROGRESS_PARTS)[number];

export type TaskProgress = {
  total: number;
  /** Deliveries that reached an end (success, failure, expired, cancelled). */
  finished: number;
  /** Whole percent finished, 0 without deliveries. */
  percent: number;
  /** Count of each part: success, failure, ended without a result (expired, cancelled), running (pulled or executed), waiting. */
  parts: Record<ProgressPart, number>;
  /** Pulled deliveries the terminals hold back, in all and by reason (only reasons with a count). */
  deferred: number;
  deferredBy: { reason: DeferReason; count: number }[];
};

/** A task's progress from the per-state counts of its current run. */
export const progressOf = (c: DeliveryCounts): TaskProgress => {
  const ended = c.expired + c.cancelled;
  const finished = c.success + c.failure + ended;
  const deferredBy = DEFER_REASONS.map((reason) => ({ reason, count: c.deferred[reason] ?? 0 })).filter(
    (d) => d.count > 0,
  );
  return {
    total: c.total,
    finished,
    percent: c.total ? Math.floor((finished / c.total) * 100) : 0,
    parts: {
      success: c.success,
      failure: c.failure,
      ended,
      running: c.pulled + c.executed,
      waiting: c.waiting,
    },
    deferred: deferredBy.reduce((sum, d) => sum + d.count, 0),
    deferredBy,
  };
};

/** Each part's share of the bar in percent; parts too small to see get a sliver so they are not lost. */
export const partWidths = (p: TaskProgress): Record<ProgressPart, number> => {
  const sum = PROGRESS_PARTS.reduce((s, k) => s + p.parts[k], 0);
  return Object.fromEntries(
    PROGRESS_PARTS.map((k) => [k, sum && p.parts[k] ? Math.max(1, (p.parts[k] / sum) * 100) : 0]),
  ) as Record<ProgressPart, number>;
};
