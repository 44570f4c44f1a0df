import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, uuidKey } from '../../db/columns';

/**
 * Background jobs. A worker claims a due row with `FOR UPDATE SKIP LOCKED`, so two instances never
 * take the same job, and holds it under a lease it renews while the handler runs; a job whose
 * process died is taken up again once the lease has run out. Every write a running handler makes
 * through its job is guarded by `(id, lease_token)`, so a worker that lost its lease changes nothing.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuidKey(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text({ enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    /** The user who started it: progress goes to them; null for jobs the system starts. */
    userId: uuid(),
    /** While set, no second queued or running job with the same key is accepted (one run at a time). */
    singletonKey: text(),
    /**
     * When it may next be claimed: for a queued job its start (later than now while it waits to
     * retry), for a running job the end of its lease, which the holder pushes on while it works.
     */
    runAt: ts().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    /** Changes at every claim; the holder's writes name it, so a stale holder's writes match nothing. */
    leaseToken: uuid(),
    /** Which process holds it (host and pid), for the log. */
    lockedBy: text(),
    percent: integer().notNull().default(0),
    message: text(),
    messageEn: text(),
    /** What a handler saved to resume from after a crash. */
    checkpoint: jsonb(),
    result: jsonb(),
    /** The last error's text (server side only) and the id it was logged under. */
    error: text(),
    errorId: text(),
    createdAt: ts().notNull().defaultNow(),
    startedAt: ts(),
    finishedAt: ts(),
  },
  (t) => [
    // The claim reads due jobs (queued and due, or running with a lapsed lease) in run_at order;
    // finished jobs are not in this index.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Cron schedules. Each occurrence is claimed once across instances: the instance that moves
 * `next_run_at` from the occurrence to the one after (a guarded UPDATE) enqueues the job, in the
 * same transaction.
 */
export const jobSchedules = pgTable('job_schedules', {
  /** Stable name given in code, e.g. `jobs.prune`. */
  name: text().primaryKey(),
  cron: text().notNull(),
  timezone: text().notNull().default('UTC'),
  kind: text().notNull(),
  payload: jsonb().notNull().default({}),
  enabled: boolean().notNull().default(true),
  nextRunAt: ts().notNull(),
  lastRunAt: ts(),
  updatedAt: ts().notNull().defaultNow(),
});
