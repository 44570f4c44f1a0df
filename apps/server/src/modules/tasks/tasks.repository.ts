import {
  DEFER_REASONS,
  type DeferReason,
  type DeliveryCounts,
  type DeliveryFilter,
  type DeliveryRow,
  type DeliveryState,
  emptyDeliveryCounts,
  type TaskFilter,
  type TaskStatus,
  type TerminalTaskRow,
} from '@cpm/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope, visibleAccountsSql } from '../../shared/data-scope';
import { likeAnywhere, likePrefix, textArray, uuidArray } from '../../shared/sql';
import type { Tx } from '../jobs/jobs.repository';
import { iso, type MatchSpec, rowsOf } from './task-sql';
import { matchSql, rankSql, waveSql } from './task-sql.repository';
import { taskRuns, tasks } from './tasks.table';

type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;

/** The data scope on a raw query's owner column. */
const inScope = (scope: Scope, ownerColumn: SQL): SQL => {
  const accounts = visibleAccountsSql(scope);
  return accounts ? sql`${ownerColumn} in ${accounts}` : sql`true`;
};
export type TaskRecord = typeof tasks.$inferSelect;
export type TaskInsert = typeof tasks.$inferInsert;
export type RunRecord = typeof taskRuns.$inferSelect;
type Exec = Db | Tx;

/** A piece of work as the pull answers it, before the file link is made. */
export type PulledRecord = {
  deliveryId: string;
  taskId: string;
  attempt: number;
  type: string;
  params: Record<string, unknown>;
  resource: TaskRecord['resource'];
  conditions: Record<string, unknown>;
  endsAt: Date;
};

/** One reported result as the repository applies it. */
export type ResultUpdate = {
  deliveryId: string;
  attempt: number;
  state: 'executed' | 'success' | 'failure' | 'deferred';
  deferReason?: DeferReason;
  message?: string;
  at: Date;
};

/** Where a run's waves stand, for the brake. */
export type WaveStats = { total: number; open: number; success: number; failure: number };

const OPEN_STATES = ['waiting', 'pulled', 'executed'] as const;

/** Rolls a transaction back when it turns out there is nothing to change. */
class NothingToDo extends Error {}

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

/** Storage of tasks, runs and deliveries. Console reads go through the caller's data scope. */
export const createTasksRepository = (db: Db) => {
  const visible = (scope: Scope, id: string) => and(eq(tasks.id, id), inDataScope(scope, tasks.ownerId));

  const taskWhere = (scope: Scope, f: TaskFilter): SQL | undefined =>
    and(
      inDataScope(scope, tasks.ownerId),
      f.name ? ilike(tasks.name, likeAnywhere(f.name)) : undefined,
      f.type ? eq(tasks.type, f.type) : undefined,
      f.platform ? eq(tasks.platform, f.platform) : undefined,
      f.status ? eq(tasks.status, f.status) : undefined,
      f.createdFrom ? gte(tasks.createdAt, new Date(f.createdFrom)) : undefined,
      f.createdTo ? lte(tasks.createdAt, new Date(f.createdTo)) : undefined,
    );

  /** Deliveries a terminal may work on now: released wave of a run still open, task moving. */
  const workable = sql`r.status <> 'closed' and d.wave <= r.released_wave and k.status in ('creating', 'normal')`;

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

  const toDeliveryRow = (r: Record<string, unknown>): DeliveryRow => ({
    id: String(r.id),
    runId: String(r.run_id),
    runSeq: Number(r.seq),
    sn: String(r.sn),
    terminalName: String(r.name),
    online: Boolean(r.online),
    state: r.state as DeliveryState,
    held: r.state === 'waiting' && Number(r.wave) > Number(r.released_wave),
    deferReason: (r.defer_reason as DeferReason | null) ?? null,
    message: (r.message as string | null) ?? null,
    attempt: Number(r.attempt),
    wave: Number(r.wave),
    pulledAt: iso(r.pulled_at as Date | null),
    executedAt: iso(r.executed_at as Date | null),
    finishedAt: iso(r.finished_at as Date | null),
    updatedAt: iso(r.updated_at as Date) as string,
  });

  return {
    // ---- tasks ----

    insertTask: async (values: TaskInsert, tx: Exec = db) =>
      (await tx.insert(tasks).values(values).returning())[0],

    /** Runs writes that belong together in one transaction. */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    findVisible: async (scope: Scope, id: string) =>
      (await db.select().from(tasks).where(visible(scope, id)))[0] ?? null,

    findById: async (id: string, tx: Exec = db) =>
      (await tx.select().from(tasks).where(eq(tasks.id, id)))[0] ?? null,

    /** The owners of tasks (those since deleted are left out). */
    ownersOf: async (ids: string[]) =>
      ids.length
        ? db.select({ id: tasks.id, ownerId: tasks.ownerId }).from(tasks).where(inArray(tasks.id, ids))
        : [],

    /**
     * Moves a task from one of `from` to a new status, with more columns set in the same update;
     * answers the row, or null when it was in another state (someone changed it first).
     */
    transition: async (
      id: string,
      from: readonly TaskStatus[],
      set: Partial<TaskInsert> & { status: TaskStatus },
      now: Date,
      tx: Exec = db,
    ) =>
      (
        await tx
          .update(tasks)
          .set({ ...set, updatedAt: now })
          .where(and(eq(tasks.id, id), inArray(tasks.status, [...from])))
          .returning()
      )[0] ?? null,

    page: async (scope: Scope, f: TaskFilter, offset: number, limit: number) => {
      const where = taskWhere(scope, f);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(tasks)
          .where(where)
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(where),
      ]);
      return { rows, total: n };
    },

    /** Every task matching a filter, in batches (exports). */
    async *batches(scope: Scope, f: TaskFilter, size = 1000) {
      for (let offset = 0; ; offset += size) {
        const rows = await db
          .select()
          .from(tasks)
          .where(taskWhere(scope, f))
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .offset(offset)
          .limit(size);
        if (rows.length) yield rows;
        if (rows.length < size) return;
      }
    },

    removeTask: async (id: string) => {
      // Deliveries go with their runs (cascade); in one transaction so a half-deleted task is never seen.
      await db.transaction(async (tx) => {
        await tx.delete(taskRuns).where(eq(taskRuns.taskId, id));
        await tx.delete(tasks).where(eq(tasks.id, id));
      });
    },

    /** Names of visible accounts, groups and models among the given ids. */
    async names(kind: 'groups' | 'models' | 'owners', ids: string[]) {
      if (!ids.length) return [] as { id: string; name: string }[];
      const q =
        kind === 'groups'
          ? sql`select id::text, name from terminal_groups where id = any(${uuidArray(ids)})`
          : kind === 'models'
            ? sql`select id::text, name from terminal_models where id = any(${uuidArray(ids)})`
            : sql`select id::text, coalesce(nullif(company_name, ''), name) as name from users where id = any(${uuidArray(ids)})`;
      return rowsOf<{ id: string; name: string }>(await db.execute(q));
    },

    userName: async (id: string | null) =>
      id
        ? (rowsOf<{ name: string }>(await db.execute(sql`select name from users where id = ${id}`))[0]
            ?.name ?? '')
        : '',

    userNames: async (ids: string[]) => {
      if (!ids.length) return new Map<string, string>();
      const rows = rowsOf<{ id: string; name: string }>(
        await db.execute(sql`select id::text, name from users where id = any(${uuidArray(ids)})`),
      );
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    // ---- targets ----

    /** Terminals a task would reach now, and how many of them are online. */
    async reach(m: MatchSpec) {
      const [r] = rowsOf<{ n: number; online: number }>(
        await db.execute(
          sql`select count(*)::int as n, (count(*) filter (where t.online))::int as online from terminals t where ${matchSql(m)}`,
        ),
      );
      return { reach: r.n, online: r.online };
    },

    /** Listed SNs that the task would not reach (unknown, out of scope, other platform, logged off). */
    async missingSns(m: MatchSpec) {
      if (!m.targets.sns.length) return [];
      const only = { ...m, targets: { sns: m.targets.sns, groupIds: [], modelIds: [], ownerIds: [] } };
      const rows = rowsOf<{ sn: string }>(
        await db.execute(sql`select s.sn from unnest(${textArray(m.targets.sns)}) as s(sn)
          where not exists (select 1 from terminals t where t.sn = s.sn and ${matchSql(only)})`),
      );
      return rows.map((r) => r.sn);
    },

    /** Listed SNs of no terminal the caller can see. */
    async invisibleSns(scope: Scope, sns: string[]) {
      if (!sns.length) return [];
      const rows = rowsOf<{ sn: string }>(
        await db.execute(sql`select s.sn from unnest(${textArray(sns)}) as s(sn)
          where not exists (select 1 from terminals t where t.sn = s.sn and ${inScope(scope, sql`t.owner_id`)})`),
      );
      return rows.map((r) => r.sn);
    },

    /** Groups among `ids` the caller cannot see. */
    async invisibleGroups(scope: Scope, ids: string[]) {
      if (!ids.length) return [];
      const seen = rowsOf<{ id: string }>(
        await db.execute(sql`select g.id::text from terminal_groups g where g.id = any(${uuidArray(ids)})
          and ${inScope(scope, sql`g.owner_id`)}`),
      );
      const ok = new Set(seen.map((r) => r.id));
      return ids.filter((id) => !ok.has(id));
    },

    /** Accounts among `ids` the caller cannot see. */
    async invisibleOwners(scope: Scope, ids: string[]) {
      if (!ids.length) return [];
      const seen = rowsOf<{ id: string }>(
        await db.execute(sql`select u.id::text from users u where u.id = any(${uuidArray(ids)})
          and ${inScope(scope, sql`u.id`)}`),
      );
      const ok = new Set(seen.map((r) => r.id));
      return ids.filter((id) => !ok.has(id));
    },

    /** Models among `ids` that do not exist. */
    async unknownModels(ids: string[]) {
      if (!ids.length) return [];
      const seen = rowsOf<{ id: string }>(
        await db.execute(sql`select id::text from terminal_models where id = any(${uuidArray(ids)})`),
      );
      const ok = new Set(seen.map((r) => r.id));
      return ids.filter((id) => !ok.has(id));
    },

    /** Whether any terminal in the caller's scope reports this package installed. */
    async packageKnown(scope: Scope, packageName: string) {
      const [r] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`select exists (select 1 from terminals t where t.apps @> ${JSON.stringify([{ packageName }])}::jsonb
          and ${inScope(scope, sql`t.owner_id`)}) as ok`),
      );
      return Boolean(r?.ok);
    },

    /** Active tasks that push a system file (the file cannot be deleted meanwhile). */
    activeUsesOfFile: async (fileId: string) =>
      rowsOf<{ taskId: string; taskName: string }>(
        await db.execute(sql`select id::text as "taskId", name as "taskName" from tasks
          where status in ('pendingApproval', 'creating', 'normal', 'paused')
          and resource->>'kind' = 'sysFile' and resource->>'id' = ${fileId}`),
      ),

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

    runsOf: (taskId: string) =>
      db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(desc(taskRuns.seq)),

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
     * released wave. Answers the SNs of those online, to nudge.
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
      return rows.filter((r) => r.online).map((r) => r.sn);
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
        db.execute(sql`select d.id::text as delivery_id, k.id::text as task_id, k.name, k.type, k.status, r.seq,
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
        type: r.type as TerminalTaskRow['type'],
        taskStatus: r.status as TaskStatus,
        runSeq: Number(r.seq),
        state: r.state as DeliveryState,
        held: r.state === 'waiting' && Number(r.wave) > Number(r.released_wave),
        deferReason: (r.defer_reason as DeferReason | null) ?? null,
        message: (r.message as string | null) ?? null,
        attempt: Number(r.attempt),
        expireAt: iso(r.expire_at as Date) as string,
        createdAt: iso(r.created_at as Date) as string,
        updatedAt: iso(r.updated_at as Date) as string,
      }));
      return { records, total: n };
    },

    /** A terminal in the caller's scope by SN. */
    findTerminal: async (scope: Scope, sn: string) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`select t.id::text from terminals t where t.sn = ${sn.toUpperCase()}
          and ${inScope(scope, sql`t.owner_id`)}`),
      )[0] ?? null,

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
  };
};

export type TasksRepository = ReturnType<typeof createTasksRepository>;
