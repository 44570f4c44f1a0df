import type {
  DeferReason,
  DeliveryFilter,
  DeliveryRow,
  DeliveryState,
  TaskStatus,
  TerminalTaskRow,
} from '@cpm/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePrefix, textArray } from '../../shared/sql';
import { iso, rowsOf } from './task-sql';
import { rankSql } from './task-sql.repository';
import type { Exec, PulledRecord, ResultUpdate, RunRecord, TaskRecord } from './tasks.repository';
import { taskRuns, tasks } from './tasks.table';

/** Rolls a transaction back when it turns out there is nothing to change. */
class NothingToDo extends Error {}

/** Deliveries a terminal may work on now: released wave of a run still open, task moving. */
export const workable = sql`r.status <> 'closed' and d.wave <= r.released_wave and k.status in ('creating', 'normal')`;

const deliveryWhere = (runId: string, f: DeliveryFilter): SQL => {
  const parts: SQL[] = [sql`d.run_id = ${runId}`];
  if (f.state === 'held') parts.push(sql`d.state = 'waiting' and d.wave > r.released_wave`);
  else if (f.state === 'deferred') parts.push(sql`d.state = 'pulled' and d.defer_reason is not null`);
  else if (f.state === 'waiting') parts.push(sql`d.state = 'waiting' and d.wave <= r.released_wave`);
  else if (f.state) parts.push(sql`d.state = ${f.state}`);
  if (f.deferReason) parts.push(sql`d.defer_reason = ${f.deferReason}`);
  if (f.sn) parts.push(sql`t.sn like ${likePrefix(f.sn.toUpperCase())}`);
  return sql.join(parts, sql` and `);
};

/** Where a delivery stands, as both the results table and a terminal's plan show it. */
const deliveryStateOf = (r: Record<string, unknown>) => ({
  state: r.state as DeliveryState,
  held: r.state === 'waiting' && Number(r.wave) > Number(r.released_wave),
  deferReason: (r.defer_reason as DeferReason | null) ?? null,
  message: (r.message as string | null) ?? null,
  attempt: Number(r.attempt),
});

const toDeliveryRow = (r: Record<string, unknown>): DeliveryRow => ({
  id: String(r.id),
  runId: String(r.run_id),
  runSeq: Number(r.seq),
  sn: String(r.sn),
  terminalName: String(r.name),
  online: Boolean(r.online),
  ...deliveryStateOf(r),
  wave: Number(r.wave),
  pulledAt: iso(r.pulled_at as Date | null),
  executedAt: iso(r.executed_at as Date | null),
  finishedAt: iso(r.finished_at as Date | null),
  updatedAt: iso(r.updated_at as Date) as string,
});

/**
 * Storage of deliveries, one per terminal and run: the per-terminal results the console reads,
 * the state changes the console asks for, and the terminal's pulls and reports.
 */
export const createTaskDeliveriesRepository = (db: Db) => ({
  // ---- per-terminal results ----

  async results(runId: string, f: DeliveryFilter, offset: number, limit: number) {
    const where = deliveryWhere(runId, f);
    const from = sql`task_deliveries d join task_runs r on r.id = d.run_id join terminals t on t.id = d.terminal_id`;
    const [rows, [{ n }]] = await Promise.all([
      db.execute(sql`select d.id::text, d.run_id::text, r.seq, r.released_wave, t.sn, t.name, t.online, d.state,
            d.defer_reason, d.message, d.attempt, d.wave, d.pulled_at, d.executed_at, d.finished_at, d.updated_at
          from ${from} where ${where} order by d.id offset ${offset} limit ${limit}`),
      db
        .execute(sql`select count(*)::int as n from ${from} where ${where}`)
        .then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return { rows: rowsOf<Record<string, unknown>>(rows).map(toDeliveryRow), total: n };
  },

  /** The tasks aimed at one terminal, newest first. */
  async byTerminal(terminalId: string, state: DeliveryState | undefined, offset: number, limit: number) {
    const where = sql`d.terminal_id = ${terminalId} ${state ? sql`and d.state = ${state}` : sql``}`;
    const [rows, [{ n }]] = await Promise.all([
      db.execute(sql`select d.id::text as delivery_id, k.id::text as task_id, k.name, k.name_text, k.type, k.status, r.seq,
            r.released_wave, d.state, d.wave, d.defer_reason, d.message, d.attempt, k.expire_at, d.created_at, d.updated_at
          from task_deliveries d join task_runs r on r.id = d.run_id join tasks k on k.id = d.task_id
          where ${where} order by d.id desc offset ${offset} limit ${limit}`),
      db
        .execute(sql`select count(*)::int as n from task_deliveries d where ${where}`)
        .then((r) => rowsOf<{ n: number }>(r)),
    ]);
    const records: TerminalTaskRow[] = rowsOf<Record<string, unknown>>(rows).map((r) => ({
      deliveryId: String(r.delivery_id),
      taskId: String(r.task_id),
      taskName: String(r.name),
      taskNameText: (r.name_text as TerminalTaskRow['taskNameText']) ?? null,
      type: r.type as TerminalTaskRow['type'],
      taskStatus: r.status as TaskStatus,
      runSeq: Number(r.seq),
      ...deliveryStateOf(r),
      expireAt: iso(r.expire_at as Date) as string,
      createdAt: iso(r.created_at as Date) as string,
      updatedAt: iso(r.updated_at as Date) as string,
    }));
    return { records, total: n };
  },

  // ---- state changes of deliveries ----

  /** Cancels the open deliveries a terminal has not run yet (a stopped task). */
  cancelOpen: async (taskId: string, now: Date, tx: Exec = db) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`with c as (
            update task_deliveries set state = 'cancelled', finished_at = ${now}, updated_at = ${now}
            where task_id = ${taskId} and state in ('waiting', 'pulled') returning 1
          ) select count(*)::int as n from c`),
    )[0].n,

  /**
   * Offers deliveries again as a new attempt: those of the run in one of `states` (optionally only
   * the listed ones). Answers the SNs of those online, to nudge, and how many there were.
   */
  async reopen(runId: string, states: DeliveryState[], now: Date, ids?: string[], tx: Exec = db) {
    const rows = rowsOf<{ sn: string; online: boolean }>(
      await tx.execute(sql`
          with u as (
            update task_deliveries d set state = 'waiting', attempt = d.attempt + 1, defer_reason = null,
              message = null, pulled_at = null, executed_at = null, finished_at = null, updated_at = ${now}
            where d.run_id = ${runId} and d.state = any(${textArray(states)})
            ${ids?.length ? sql`and d.id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}
            returning d.terminal_id
          ) select t.sn, t.online from u join terminals t on t.id = u.terminal_id`),
    );
    return { count: rows.length, nudge: rows.filter((r) => r.online).map((r) => r.sn) };
  },

  /** Stops a task and cancels what its terminals have not run yet, together. */
  async stop(id: string, from: readonly TaskStatus[], now: Date) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(tasks)
        .set({ status: 'stopped', nextRunAt: null, updatedAt: now })
        .where(and(eq(tasks.id, id), inArray(tasks.status, [...from])))
        .returning();
      if (!row) return null;
      await tx.execute(sql`update task_deliveries set state = 'cancelled', finished_at = ${now}, updated_at = ${now}
          where task_id = ${id} and state in ('waiting', 'pulled')`);
      return row;
    });
  },

  /**
   * Offers a run's failed deliveries (all, or the listed ones) again and makes the task active,
   * together; null when there was nothing to retry or the task had moved on.
   */
  async retry(
    task: TaskRecord,
    run: RunRecord,
    from: readonly TaskStatus[],
    ids: string[] | undefined,
    now: Date,
  ) {
    return db
      .transaction(async (tx) => {
        const reopened = await this.reopen(run.id, ['failure'], now, ids, tx);
        if (!reopened.count) throw new NothingToDo();
        const [moved] = await tx
          .update(tasks)
          .set({ status: 'normal', updatedAt: now })
          .where(and(eq(tasks.id, task.id), inArray(tasks.status, [...from])))
          .returning();
        if (!moved) throw new NothingToDo();
        await tx.update(taskRuns).set({ status: 'open' }).where(eq(taskRuns.id, run.id));
        return reopened;
      })
      .catch((err) => {
        if (err instanceof NothingToDo) return null;
        throw err;
      });
  },

  /** The terminal an SN names (not logged off), for results sent over MQTT. */
  terminalBySn: async (sn: string) =>
    rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from terminals where sn = ${sn} and status <> 'loggedOff'`),
    )[0] ?? null,

  setRunStatus: async (runId: string, status: 'open' | 'closed', tx: Exec = db) => {
    await tx.update(taskRuns).set({ status }).where(eq(taskRuns.id, runId));
  },

  /** Releases the next wave of a run, once (guarded by the wave it was on). */
  releaseWave: async (runId: string, from: number, now: Date) =>
    (
      await db
        .update(taskRuns)
        .set({ releasedWave: from + 1, waveReleasedAt: now })
        .where(and(eq(taskRuns.id, runId), eq(taskRuns.releasedWave, from)))
        .returning()
    )[0] ?? null,

  /** SNs of online terminals with work they have not run in a run (in one wave, or in all released ones). */
  onlineOpen: async (runId: string, wave?: number) =>
    rowsOf<{ sn: string }>(
      await db.execute(sql`select t.sn from task_deliveries d join terminals t on t.id = d.terminal_id
          join task_runs r on r.id = d.run_id
          where d.run_id = ${runId} and d.state in ('waiting', 'pulled') and t.online
          and ${wave === undefined ? sql`d.wave <= r.released_wave` : sql`d.wave = ${wave}`}`),
    ).map((r) => r.sn),

  // ---- the terminal's side ----

  /** Marks a terminal's waiting work pulled and answers everything it has not run yet. */
  async pull(terminalId: string, now: Date): Promise<PulledRecord[]> {
    // One statement: the select sees the rows as they were before the update, when the ones it
    // marks pulled were still waiting, so waiting and pulled together are the whole list.
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
          with marked as (
            update task_deliveries d set state = 'pulled', pulled_at = ${now}, updated_at = ${now}
            from task_runs r, tasks k
            where d.terminal_id = ${terminalId} and d.state = 'waiting' and r.id = d.run_id and k.id = d.task_id
              and ${workable}
            returning d.id
          )
          select d.id::text, d.task_id::text, d.attempt, k.type, k.params, k.resource, k.conditions, r.ends_at
          from task_deliveries d join task_runs r on r.id = d.run_id join tasks k on k.id = d.task_id
          where d.terminal_id = ${terminalId} and d.state in ('waiting', 'pulled') and ${workable}
          order by d.id`),
    );
    return rows.map((r) => ({
      deliveryId: String(r.id),
      taskId: String(r.task_id),
      attempt: Number(r.attempt),
      type: String(r.type),
      params: r.params as Record<string, unknown>,
      resource: r.resource as TaskRecord['resource'],
      conditions: r.conditions as Record<string, unknown>,
      endsAt: new Date(r.ends_at as string | Date),
    }));
  },

  /** Waiting deliveries a terminal could pull now (the heartbeat's `pending`). */
  pending: async (terminalId: string) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from task_deliveries d
          join task_runs r on r.id = d.run_id join tasks k on k.id = d.task_id
          where d.terminal_id = ${terminalId} and d.state = 'waiting' and ${workable}`),
    )[0].n,

  /**
   * Applies a terminal's results, each only if it moves its delivery forward within the named
   * attempt (a deferral only while pulled). Answers each delivery's state afterwards.
   */
  async report(terminalId: string, results: ResultUpdate[], now: Date) {
    const apply = async (tx: Exec) => {
      const out: {
        deliveryId: string;
        accepted: boolean;
        state: DeliveryState | null;
        /** The task of an accepted result. */
        taskId?: string;
      }[] = [];
      for (const r of results) {
        const id = sql`${r.deliveryId}::bigint`;
        const mine = sql`id = ${id} and terminal_id = ${terminalId} and attempt = ${r.attempt}`;
        const changed =
          r.state === 'deferred'
            ? await tx.execute(sql`update task_deliveries set defer_reason = ${r.deferReason ?? null},
                  message = coalesce(${r.message ?? null}, message), updated_at = ${now}
                  where ${mine} and state = 'pulled' returning state, task_id::text as "taskId"`)
            : await tx.execute(sql`update task_deliveries set state = ${r.state}, defer_reason = null,
                  message = coalesce(${r.message ?? null}, message), updated_at = ${now},
                  pulled_at = coalesce(pulled_at, ${r.at}),
                  executed_at = case when ${r.state} = 'executed' then ${r.at} else coalesce(executed_at, ${r.at}) end,
                  finished_at = case when ${r.state} in ('success', 'failure') then ${r.at} else finished_at end
                  where ${mine} and ${rankSql(sql`state`)} < ${rankSql(sql`${r.state}::text`)}
                  returning state, task_id::text as "taskId"`);
        const [row] = rowsOf<{ state: DeliveryState; taskId: string }>(changed);
        if (row) {
          out.push({ deliveryId: r.deliveryId, accepted: true, state: row.state, taskId: row.taskId });
          continue;
        }
        const [now2] = rowsOf<{ state: DeliveryState }>(
          await tx.execute(
            sql`select state from task_deliveries where id = ${id} and terminal_id = ${terminalId}`,
          ),
        );
        out.push({ deliveryId: r.deliveryId, accepted: false, state: now2?.state ?? null });
      }
      return out;
    };
    // One result is one guarded statement; several are applied together.
    return results.length === 1 ? apply(db) : db.transaction((tx) => apply(tx));
  },
});
