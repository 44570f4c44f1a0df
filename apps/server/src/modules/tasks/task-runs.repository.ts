import {
  DEFER_REASONS,
  type DeferReason,
  type DeliveryCounts,
  type DeliveryState,
  emptyDeliveryCounts,
  type TaskStatus,
} from '@cpm/contracts';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allWhere, textArray, uuidArray } from '../../shared/sql';
import { workable } from './task-deliveries.repository';
import { type MatchSpec, rowsOf } from './task-sql';
import { matchSql, waveSql } from './task-sql.repository';
import type { Exec, RunRecord, TaskRecord, WaveStats } from './tasks.repository';
import { taskRuns, tasks } from './tasks.table';

const OPEN_STATES = ['waiting', 'pulled', 'executed'] as const;

/** Builds counts from grouped rows. */
const addCount = (
  c: DeliveryCounts,
  r: { state: string; defer_reason: string | null; released: boolean; n: number },
) => {
  c.total += r.n;
  const state = r.state as DeliveryState;
  if (state === 'waiting' && !r.released) c.held += r.n;
  else c[state] += r.n;
  if (state === 'pulled' && r.defer_reason && (DEFER_REASONS as readonly string[]).includes(r.defer_reason))
    c.deferred[r.defer_reason as DeferReason] += r.n;
};

/**
 * Storage of a task's runs: opening them, the fan-out of deliveries to matching terminals, counts
 * by state, and what the monitor reads and closes.
 */
export const createTaskRunsRepository = (db: Db) => ({
  // ---- runs and fan-out ----

  /**
   * Opens the next run of a task, at most once per sequence number: a second caller (another
   * instance's monitor) finds the run count moved on and gets null.
   */
  async openRun(
    task: TaskRecord,
    run: { startsAt: Date; endsAt: Date; nextRunAt: Date | null; status: TaskStatus },
    now: Date,
  ) {
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(tasks)
        .set({
          runCount: sql`${tasks.runCount} + 1`,
          nextRunAt: run.nextRunAt,
          status: run.status,
          updatedAt: now,
        })
        .where(and(eq(tasks.id, task.id), eq(tasks.runCount, task.runCount)))
        .returning();
      if (!moved) return null;
      const [created] = await tx
        .insert(taskRuns)
        .values({
          taskId: task.id,
          seq: moved.runCount,
          startsAt: run.startsAt,
          endsAt: run.endsAt,
          waveReleasedAt: run.startsAt,
          createdAt: now,
        })
        .returning();
      await tx.update(tasks).set({ currentRunId: created.id }).where(eq(tasks.id, task.id));
      return created;
    });
  },

  findRun: async (id: string, tx: Exec = db) =>
    (await tx.select().from(taskRuns).where(eq(taskRuns.id, id)))[0] ?? null,

  runsOf: (taskId: string) => allWhere(db, taskRuns, eq(taskRuns.taskId, taskId), [desc(taskRuns.seq)]),

  setRunJob: async (runId: string, jobId: string) => {
    await db.update(taskRuns).set({ fanoutJobId: jobId }).where(eq(taskRuns.id, runId));
  },

  setPlanned: async (tx: Exec, runId: string, planned: number) => {
    await tx.update(taskRuns).set({ planned }).where(eq(taskRuns.id, runId));
  },

  countMatches: async (m: MatchSpec, tx: Exec = db) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from terminals t where ${matchSql(m)}`),
    )[0].n,

  /** The last terminal id and the number of the next `limit` matching terminals after `after`. */
  async nextBatch(m: MatchSpec, after: string | null, limit: number) {
    const [r] = rowsOf<{ last: string | null; n: number }>(
      await db.execute(sql`select (array_agg(id::text order by id desc))[1] as last, count(*)::int as n from (
            select t.id from terminals t where ${matchSql(m)} ${after ? sql`and t.id > ${after}::uuid` : sql``}
            order by t.id limit ${limit}) b`),
    );
    return { last: r.last, count: r.n };
  },

  /**
   * Writes the deliveries of the next `limit` matching terminals after `after` (terminal id order).
   * A terminal that already has one keeps it (ON CONFLICT DO NOTHING), so a repeated batch writes
   * nothing twice. Answers the last terminal id seen, how many were seen and written, and the SNs of
   * online terminals written into released waves (to nudge).
   */
  async fanOutBatch(
    tx: Exec,
    o: {
      match: MatchSpec;
      runId: string;
      taskId: string;
      after: string | null;
      ordinal: number;
      cuts: number[];
      releasedWave: number;
      /** The last terminal id of the batch (from `nextBatch`), so a repeat covers the same terminals. */
      upTo: string;
      now: Date;
    },
  ) {
    const [r] = rowsOf<{ last: string | null; seen: number; written: number; nudge: string[] | null }>(
      await tx.execute(sql`
          with batch as (
            select t.id, t.sn, t.online from terminals t
            where ${matchSql(o.match)} ${o.after ? sql`and t.id > ${o.after}::uuid` : sql``}
            and t.id <= ${o.upTo}::uuid
          ), numbered as (
            select id, ${o.ordinal}::int + row_number() over (order by id) as ord from batch
          ), ins as (
            insert into task_deliveries (run_id, task_id, terminal_id, wave, created_at, updated_at)
            select ${o.runId}::uuid, ${o.taskId}::uuid, n.id, ${waveSql(sql`n.ord`, o.cuts)}, ${o.now}, ${o.now}
            from numbered n
            on conflict do nothing
            returning terminal_id, wave
          )
          select (select id::text from batch order by id desc limit 1) as last,
            (select count(*)::int from batch) as seen,
            (select count(*)::int from ins) as written,
            (select array_agg(b.sn) from ins join batch b on b.id = ins.terminal_id
              where b.online and ins.wave <= ${o.releasedWave}) as nudge`),
    );
    return { last: r.last, seen: r.seen, written: r.written, nudge: r.nudge ?? [] };
  },

  /**
   * Terminals that match an active run's task now but have no delivery in it (they joined a
   * targeted group, model or enterprise, or were registered, after the fan-out): written into the
   * released wave. Answers how many were written and the SNs of those online, to nudge.
   */
  async catchUp(run: RunRecord, match: MatchSpec, now: Date) {
    const rows = rowsOf<{ sn: string; online: boolean }>(
      await db.execute(sql`
          with ins as (
            insert into task_deliveries (run_id, task_id, terminal_id, wave, created_at, updated_at)
            select ${run.id}::uuid, ${run.taskId}::uuid, t.id, ${run.releasedWave}, ${now}, ${now}
            from terminals t where ${matchSql(match)}
            and not exists (select 1 from task_deliveries d where d.run_id = ${run.id} and d.terminal_id = t.id)
            on conflict do nothing
            returning terminal_id
          )
          select t.sn, t.online from ins join terminals t on t.id = ins.terminal_id`),
    );
    if (rows.length)
      await db
        .update(taskRuns)
        .set({ total: sql`${taskRuns.total} + ${rows.length}` })
        .where(eq(taskRuns.id, run.id));
    return { written: rows.length, nudge: rows.filter((r) => r.online).map((r) => r.sn) };
  },

  /** Ends a run's fan-out: its total written, the run open, the task out of `creating`. */
  async finishFanOut(tx: Exec, runId: string, taskId: string, now: Date) {
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from task_deliveries where run_id = ${runId}`),
    );
    await tx
      .update(taskRuns)
      .set({ status: 'open', total: n })
      .where(and(eq(taskRuns.id, runId), eq(taskRuns.status, 'creating')));
    await tx
      .update(tasks)
      .set({ status: 'normal', updatedAt: now })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'creating')));
    return n;
  },

  // ---- counts ----

  /** Counts by state of each run, from one grouped query. */
  async counts(runIds: string[]) {
    const out = new Map<string, DeliveryCounts>();
    if (!runIds.length) return out;
    const rows = rowsOf<{
      run_id: string;
      state: string;
      defer_reason: string | null;
      released: boolean;
      n: number;
    }>(
      await db.execute(sql`
          select d.run_id::text, d.state, d.defer_reason, (d.wave <= r.released_wave) as released, count(*)::int as n
          from task_deliveries d join task_runs r on r.id = d.run_id
          where d.run_id = any(${uuidArray(runIds)})
          group by 1, 2, 3, 4`),
    );
    for (const r of rows) {
      const c = out.get(r.run_id) ?? emptyDeliveryCounts();
      addCount(c, r);
      out.set(r.run_id, c);
    }
    return out;
  },

  /** Size and results of each wave of a run. */
  async waveStats(runId: string) {
    const rows = rowsOf<{ wave: number; total: number; open: number; success: number; failure: number }>(
      await db.execute(sql`
          select wave, count(*)::int as total,
            (count(*) filter (where state in ('waiting', 'pulled', 'executed')))::int as open,
            (count(*) filter (where state = 'success'))::int as success,
            (count(*) filter (where state = 'failure'))::int as failure
          from task_deliveries where run_id = ${runId} group by wave`),
    );
    return new Map<number, WaveStats>(rows.map((r) => [Number(r.wave), r]));
  },

  // ---- the monitor ----

  /** Active tasks whose next run is due. */
  dueTasks: (now: Date) =>
    db
      .select()
      .from(tasks)
      .where(and(inArray(tasks.status, ['normal', 'creating']), lte(tasks.nextRunAt, now))),

  /** Runs whose time is up: their open deliveries expire and they close. Answers the runs closed. */
  async closeEndedRuns(now: Date) {
    return db.transaction(async (tx) => {
      const ended = rowsOf<{ id: string; task_id: string }>(
        await tx.execute(sql`update task_runs set status = 'closed'
            where status = 'open' and ends_at <= ${now} returning id::text, task_id::text`),
      );
      if (!ended.length) return [];
      const expired = rowsOf<{ run_id: string; n: number }>(
        await tx.execute(sql`with e as (
              update task_deliveries set state = 'expired', finished_at = ${now}, updated_at = ${now}
              where run_id = any(${uuidArray(ended.map((r) => r.id))}) and state in ('waiting', 'pulled', 'executed')
              returning run_id
            ) select run_id::text, count(*)::int as n from e group by run_id`),
      );
      const n = new Map(expired.map((e) => [e.run_id, e.n]));
      return ended.map((r) => ({ runId: r.id, taskId: r.task_id, expired: n.get(r.id) ?? 0 }));
    });
  },

  /** Moving tasks and their current runs, for completion, waves and catch-up. */
  activeRuns: async () =>
    rowsOf<{ task_id: string; run_id: string }>(
      await db.execute(sql`select k.id::text as task_id, r.id::text as run_id from tasks k
          join task_runs r on r.id = k.current_run_id
          where k.status in ('normal', 'paused') and r.status = 'open'`),
    ),

  /** Whether a run still has deliveries a terminal may act on. */
  runOpenCount: async (runId: string) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from task_deliveries
          where run_id = ${runId} and state = any(${textArray([...OPEN_STATES])})`),
    )[0].n,

  /** Whether a run had any delivery expire. */
  runExpiredCount: async (runId: string) =>
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from task_deliveries where run_id = ${runId} and state = 'expired'`,
      ),
    )[0].n,

  /** Runs still being written, with their job. */
  creatingRuns: () => db.select().from(taskRuns).where(eq(taskRuns.status, 'creating')),

  /** Tasks past their expiry that are still moving. */
  expiredTasks: (now: Date) =>
    db
      .select()
      .from(tasks)
      .where(and(inArray(tasks.status, ['normal', 'paused']), lte(tasks.expireAt, now))),

  /** SNs of online terminals whose released work has waited longer than `since` (their nudge was lost). */
  staleWaiting: async (before: Date, limit: number) =>
    rowsOf<{ sn: string }>(
      await db.execute(sql`select distinct t.sn from task_deliveries d
          join task_runs r on r.id = d.run_id join tasks k on k.id = d.task_id join terminals t on t.id = d.terminal_id
          where d.state = 'waiting' and d.updated_at < ${before} and t.online and ${workable}
          limit ${limit}`),
    ).map((r) => r.sn),

  /**
   * SNs of online terminals holding work they pulled before `before` and have said nothing of since
   * (no result, no deferral): the terminal may have restarted, or its result was lost on the way.
   */
  stalePulled: async (before: Date, limit: number) =>
    rowsOf<{ sn: string }>(
      await db.execute(sql`select distinct t.sn from task_deliveries d
          join task_runs r on r.id = d.run_id join tasks k on k.id = d.task_id join terminals t on t.id = d.terminal_id
          where d.state = 'pulled' and d.defer_reason is null and d.updated_at < ${before} and t.online
          and ${workable}
          limit ${limit}`),
    ).map((r) => r.sn),
});
