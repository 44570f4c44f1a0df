import type { JobStatus } from '@cpm/contracts';
import { and, asc, count, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletedCount, firstWhere, newestFirst, pageWhere } from '../../shared/sql';
import { jobSchedules, jobs } from './jobs.table';

export type JobRow = typeof jobs.$inferSelect;
export type ScheduleRow = typeof jobSchedules.$inferSelect;
/** A transaction handle (the same API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a running handler holds: the job's id and the token of its current lease. */
export type Lease = { id: string; token: string };

export type NewJob = {
  kind: string;
  payload: unknown;
  userId: string | null;
  singletonKey: string | null;
  maxAttempts: number;
  runAt: Date;
};

const ACTIVE: JobStatus[] = ['queued', 'running'];

/** Jobs a runner of these kinds may take at `now`: queued and due, or running under a lapsed lease. */
const dueJobs = (now: Date, kinds: string[]): SQL =>
  and(inArray(jobs.status, ACTIVE), lte(jobs.runAt, now), inArray(jobs.kind, kinds)) as SQL;

/** Enabled schedules whose next occurrence has come at `now`. */
const dueSchedules = (now: Date): SQL =>
  and(eq(jobSchedules.enabled, true), lte(jobSchedules.nextRunAt, now)) as SQL;

const held = (lease: Lease): SQL =>
  and(eq(jobs.id, lease.id), eq(jobs.leaseToken, lease.token), eq(jobs.status, 'running')) as SQL;

/** Thrown inside `inLease` when the job is no longer held by the caller (its lease lapsed and another took it). */
export class LeaseLostError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId}: lease lost`);
  }
}

/** Job and schedule rows: claim under a lease, guarded writes by the lease holder, the owner's lists. */
export const createJobsRepository = (db: Db) => {
  /**
   * Inserts a job. With a singleton key that is already queued or running, nothing is inserted and
   * the active job is answered instead, so a double click starts one job.
   */
  const insert = async (job: NewJob, tx: Tx | Db = db, join = false): Promise<JobRow> => {
    for (;;) {
      const [row] = await tx
        .insert(jobs)
        .values({ ...job, payload: job.payload ?? {} })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const active = tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.singletonKey, job.singletonKey as string), inArray(jobs.status, ACTIVE)));
      if (!join) return (await active)[0];
      // Joining: the active job stays as it is until the caller's transaction ends (a running one
      // cannot finish without seeing what the caller wrote), and a queued one starts by `runAt`.
      const [held] = await active.for('share');
      // It ended while this waited for it: queue again.
      if (!held) continue;
      if (held.status !== 'queued' || held.runAt <= job.runAt) return held;
      const [sooner] = await tx
        .update(jobs)
        .set({ runAt: job.runAt })
        .where(eq(jobs.id, held.id))
        .returning();
      return sooner;
    }
  };

  return {
    insert,

    /** Jobs counted by state, for the metrics. */
    async countByStatus() {
      return db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
    },

    /**
     * Whether a round would find anything: a due occurrence of an enabled schedule, a due job of the
     * given kinds (as `claim` takes them). One statement and no transaction, so an idle runner's poll
     * costs the database one index probe instead of two transactions.
     */
    async due(now: Date, kinds: string[]): Promise<{ schedules: boolean; jobs: boolean }> {
      const result = await db.execute(sql`
        select
          exists (${db.select({ one: sql`1` }).from(jobSchedules).where(dueSchedules(now))}) as schedules,
          exists (${db.select({ one: sql`1` }).from(jobs).where(dueJobs(now, kinds))}) as jobs`);
      const [row] = (result as unknown as { rows: { schedules: boolean; jobs: boolean }[] }).rows;
      return row;
    },

    /**
     * Takes the oldest due job of the given kinds: queued and due, or running with a lapsed lease (its
     * process died). `SKIP LOCKED` lets concurrent claimers pass over each other's rows; the new lease
     * token fences off whoever held it before.
     */
    async claim(opts: { kinds: string[]; now: Date; leaseMs: number; lockedBy: string; token: string }) {
      if (opts.kinds.length === 0) return null;
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(dueJobs(opts.now, opts.kinds))
          .orderBy(asc(jobs.runAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        const [row] = await tx
          .update(jobs)
          .set({
            status: 'running',
            attempts: sql`${jobs.attempts} + 1`,
            leaseToken: opts.token,
            lockedBy: opts.lockedBy,
            runAt: new Date(opts.now.getTime() + opts.leaseMs),
            startedAt: sql`coalesce(${jobs.startedAt}, ${opts.now})`,
          })
          .where(eq(jobs.id, due.id))
          .returning();
        return row;
      });
    },

    /** Pushes the lease on; false when the caller no longer holds the job. */
    async renew(lease: Lease, until: Date) {
      const rows = await db.update(jobs).set({ runAt: until }).where(held(lease)).returning({ id: jobs.id });
      return rows.length === 1;
    },

    /** Records progress; false when the caller no longer holds the job. */
    async progress(lease: Lease, p: { percent: number; message: string | null; messageEn: string | null }) {
      const rows = await db.update(jobs).set(p).where(held(lease)).returning({ id: jobs.id });
      return rows.length === 1;
    },

    /**
     * Runs `work` in one transaction with the job row locked, only while the caller holds the job;
     * otherwise throws LeaseLostError and nothing of `work` is kept. A handler's side effects written
     * here commit together with its checkpoint, so a crash repeats none of them.
     */
    async inLease<T>(lease: Lease, work: (tx: Tx) => Promise<T>, checkpoint?: unknown): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: jobs.id }).from(jobs).where(held(lease)).for('update');
        if (!row) throw new LeaseLostError(lease.id);
        const out = await work(tx);
        if (checkpoint !== undefined) await tx.update(jobs).set({ checkpoint }).where(held(lease));
        return out;
      });
    },

    /** Ends a held job; false when the caller no longer holds it. */
    async finish(
      lease: Lease,
      end:
        | { status: 'succeeded'; result: unknown; now: Date }
        | {
            status: 'failed';
            error: string;
            errorId: string;
            now: Date;
            /** Why, for the starter, in both languages (a refusal); kept as the last message otherwise. */
            reason?: { zh: string; en: string };
          },
      tx: Tx | Db = db,
    ) {
      const rows = await tx
        .update(jobs)
        .set({
          ...(end.status === 'succeeded'
            ? { status: 'succeeded' as const, result: end.result ?? null, percent: 100 }
            : {
                status: 'failed' as const,
                error: end.error,
                errorId: end.errorId,
                ...(end.reason ? { message: end.reason.zh, messageEn: end.reason.en } : {}),
              }),
          finishedAt: end.now,
          leaseToken: null,
          lockedBy: null,
        })
        .where(held(lease))
        .returning();
      return rows[0] ?? null;
    },

    /** Puts a held job back in the queue to retry at `runAt` (after a failure) or at once (on shutdown). */
    async requeue(lease: Lease, opts: { runAt: Date; error?: string; errorId?: string; refund?: boolean }) {
      const rows = await db
        .update(jobs)
        .set({
          status: 'queued',
          runAt: opts.runAt,
          leaseToken: null,
          lockedBy: null,
          ...(opts.error ? { error: opts.error, errorId: opts.errorId ?? null } : {}),
          ...(opts.refund ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
        })
        .where(held(lease))
        .returning();
      return rows[0] ?? null;
    },

    findById: async (id: string) => firstWhere(db, jobs, eq(jobs.id, id)),

    /** Succeeded jobs of a kind that finished before `before` (housekeeping of what they left). */
    findSucceededBefore: (kind: string, before: Date) =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.status, 'succeeded'), lt(jobs.finishedAt, before))),

    /** One of a user's jobs, or null. */
    findOwn: async (userId: string, id: string) =>
      firstWhere(db, jobs, and(eq(jobs.id, id), eq(jobs.userId, userId))),

    /** A user's jobs, newest first. */
    async pageOwn(userId: string, q: { kind?: string; status?: JobStatus; offset: number; limit: number }) {
      const where = and(
        eq(jobs.userId, userId),
        q.kind ? eq(jobs.kind, q.kind) : undefined,
        q.status ? eq(jobs.status, q.status) : undefined,
      );
      return pageWhere(db, jobs, where, newestFirst(jobs), q.offset, q.limit);
    },

    /** Deletes finished jobs that ended before `before`; answers how many. */
    pruneFinished: (before: Date) =>
      deletedCount(db, jobs, and(inArray(jobs.status, ['succeeded', 'failed']), lt(jobs.finishedAt, before))),

    /** Creates a schedule, or updates its cron, kind and payload (keeping its next occurrence when the cron is unchanged). */
    async upsertSchedule(s: Omit<ScheduleRow, 'lastRunAt' | 'updatedAt' | 'enabled'>, now: Date) {
      await db
        .insert(jobSchedules)
        .values({ ...s, updatedAt: now })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: {
            kind: s.kind,
            payload: s.payload,
            updatedAt: now,
            nextRunAt: sql`case when ${jobSchedules.cron} = ${s.cron} and ${jobSchedules.timezone} = ${s.timezone}
            then ${jobSchedules.nextRunAt} else ${s.nextRunAt} end`,
            cron: s.cron,
            timezone: s.timezone,
          },
        });
    },

    /**
     * Claims every due occurrence of the enabled schedules: each due row is locked (`SKIP LOCKED`, so
     * another instance passes over it), moved to its next occurrence, and its job enqueued, in one
     * transaction. An occurrence is therefore enqueued once however many instances tick.
     */
    async claimDueSchedules(
      now: Date,
      next: (s: ScheduleRow, after: Date) => Date | null,
      jobDefaults: { maxAttempts: number },
    ) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(jobSchedules)
          .where(dueSchedules(now))
          .for('update', { skipLocked: true });
        const enqueued: JobRow[] = [];
        for (const s of due) {
          await tx
            .update(jobSchedules)
            .set(
              (() => {
                const at = next(s, now);
                // A cron with no later occurrence runs this last time and then stays off.
                return at
                  ? { nextRunAt: at, lastRunAt: s.nextRunAt, updatedAt: now }
                  : { enabled: false, lastRunAt: s.nextRunAt, updatedAt: now };
              })(),
            )
            .where(eq(jobSchedules.name, s.name));
          enqueued.push(
            await insert(
              {
                kind: s.kind,
                payload: s.payload,
                userId: null,
                // One run of a schedule at a time: an occurrence that comes while the last still runs joins it.
                singletonKey: `schedule:${s.name}`,
                maxAttempts: jobDefaults.maxAttempts,
                runAt: now,
              },
              tx,
            ),
          );
        }
        return enqueued;
      });
    },

    findSchedule: async (name: string) => firstWhere(db, jobSchedules, eq(jobSchedules.name, name)),
  };
};

export type JobsRepository = ReturnType<typeof createJobsRepository>;
