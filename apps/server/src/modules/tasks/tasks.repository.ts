import type { DeferReason, TaskFilter, TaskNameText, TaskStatus } from '@cpm/contracts';
import { and, eq, gte, ilike, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope, visibleAccountsSql } from '../../shared/data-scope';
import { inBatches } from '../../shared/paging';
import {
  equalTo,
  escapeLike,
  firstWhere,
  likeAnywhere,
  newestFirst,
  pageWhere,
  rowsWhere,
  textArray,
  uuidArray,
} from '../../shared/sql';
import type { Tx } from '../jobs/jobs.repository';
import { createTaskDeliveriesRepository } from './task-deliveries.repository';
import { createTaskRunsRepository } from './task-runs.repository';
import { type MatchSpec, rowsOf } from './task-sql';
import { matchSql } from './task-sql.repository';
import { taskRuns, tasks } from './tasks.table';

/** The data scope on a raw query's owner column. */
const inScope = (scope: Scope, ownerColumn: SQL): SQL => {
  const accounts = visibleAccountsSql(scope);
  return accounts ? sql`${ownerColumn} in ${accounts}` : sql`true`;
};
export type TaskRecord = typeof tasks.$inferSelect;
export type TaskInsert = typeof tasks.$inferInsert;
export type RunRecord = typeof taskRuns.$inferSelect;
export type Exec = Db | Tx;

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

/** Storage of tasks and their targets. Console reads go through the caller's data scope. */
const createTaskDefinitionsRepository = (db: Db) => {
  /** The ids, among `ids`, of no row of `from` the caller can see (`visible` says which it can). */
  const invisibleAmong = async (ids: string[], from: SQL, id: SQL, visible: SQL) => {
    if (!ids.length) return [];
    const seen = rowsOf<{ id: string }>(
      await db.execute(
        sql`select ${id}::text as id from ${from} where ${id} = any(${uuidArray(ids)}) and ${visible}`,
      ),
    );
    const ok = new Set(seen.map((r) => r.id));
    return ids.filter((i) => !ok.has(i));
  };

  const visible = (scope: Scope, id: string) => and(eq(tasks.id, id), inDataScope(scope, tasks.ownerId));

  const taskWhere = (scope: Scope, f: TaskFilter): SQL | undefined =>
    and(
      inDataScope(scope, tasks.ownerId),
      // A system-named task is found by its name in either language, a typed one as typed.
      f.name ? ilike(sql`coalesce(${tasks.nameSearch}, ${tasks.name})`, likeAnywhere(f.name)) : undefined,
      ...equalTo(tasks, { type: f.type, platform: f.platform, status: f.status }),
      f.createdFrom ? gte(tasks.createdAt, new Date(f.createdFrom)) : undefined,
      f.createdTo ? lte(tasks.createdAt, new Date(f.createdTo)) : undefined,
    );

  return {
    // ---- tasks ----

    insertTask: async (values: TaskInsert, tx: Exec = db) =>
      (await tx.insert(tasks).values(values).returning())[0],

    /** System-named tasks stored before their names were searchable in both languages, a batch. */
    unsearchableNames: async (limit: number) =>
      db
        .select({ id: tasks.id, nameText: tasks.nameText })
        .from(tasks)
        .where(and(isNotNull(tasks.nameText), isNull(tasks.nameSearch)))
        .limit(limit),

    setSearchName: async (id: string, nameSearch: string) =>
      db.update(tasks).set({ nameSearch }).where(eq(tasks.id, id)),

    /** Runs writes that belong together in one transaction. */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    findVisible: async (scope: Scope, id: string) => firstWhere(db, tasks, visible(scope, id)),

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

    page: async (scope: Scope, f: TaskFilter, offset: number, limit: number) =>
      pageWhere(db, tasks, taskWhere(scope, f), newestFirst(tasks), offset, limit),

    /** Every task matching a filter, in batches (exports). */
    batches: (scope: Scope, f: TaskFilter, size = 1000) =>
      inBatches(
        (offset, limit) => rowsWhere(db, tasks, taskWhere(scope, f), newestFirst(tasks), offset, limit),
        size,
      ),

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

    /** Per task the caller sees, its deliveries that ended in a period: how many succeeded and failed. */
    outcomes: async (scope: Scope, from: Date, to: Date) => {
      const visible = visibleAccountsSql(scope);
      return rowsOf<{
        taskId: string;
        name: string;
        nameText: TaskNameText | null;
        type: string;
        succeeded: number;
        failed: number;
      }>(
        await db.execute(sql`select t.id::text as "taskId", t.name, t.name_text as "nameText", t.type,
            count(*) filter (where d.state = 'success')::int as succeeded,
            count(*) filter (where d.state = 'failure')::int as failed
          from task_deliveries d join tasks t on t.id = d.task_id
          where d.state in ('success', 'failure') and d.finished_at >= ${from} and d.finished_at < ${to}
            ${visible ? sql`and t.owner_id in ${visible}` : sql``}
          group by t.id, t.name, t.name_text, t.type order by t.name, t.id`),
      );
    },

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
    invisibleGroups: (scope: Scope, ids: string[]) =>
      invisibleAmong(ids, sql`terminal_groups g`, sql`g.id`, inScope(scope, sql`g.owner_id`)),

    /** Accounts among `ids` the caller cannot see. */
    invisibleOwners: (scope: Scope, ids: string[]) =>
      invisibleAmong(ids, sql`users u`, sql`u.id`, inScope(scope, sql`u.id`)),

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

    /**
     * Apps installed on terminals in the caller's scope whose package or reported name contains
     * `keyword`, or among `packages` (those the market's names match), most installed first: what an
     * uninstall or permission task can name.
     */
    async installedPackages(
      scope: Scope,
      o: { keyword?: string; platform?: string; packages?: string[]; limit: number },
    ) {
      const like = o.keyword ? `%${escapeLike(o.keyword.toLowerCase())}%` : null;
      const named = o.packages?.length ? sql` or a->>'packageName' = any(${textArray(o.packages)})` : sql``;
      const rows = rowsOf<{ packageName: string; name: string | null; terminals: string }>(
        await db.execute(sql`select a->>'packageName' as "packageName", max(a->>'name') as name, count(*) as terminals
          from terminals t, jsonb_array_elements(t.apps) a
          where ${inScope(scope, sql`t.owner_id`)}
            ${o.platform ? sql`and t.platform = ${o.platform}` : sql``}
            ${like ? sql`and (lower(a->>'packageName') like ${like} or lower(a->>'name') like ${like}${named})` : sql``}
          group by 1 order by 3 desc, 1 limit ${o.limit}`),
      );
      return rows.map((r) => ({ ...r, terminals: Number(r.terminals) }));
    },

    /** Active tasks that push a system file (the file cannot be deleted meanwhile). */
    activeUsesOfFile: async (fileId: string) =>
      rowsOf<{ taskId: string; taskName: string }>(
        await db.execute(sql`select id::text as "taskId", name as "taskName" from tasks
          where status in ('pendingApproval', 'creating', 'normal', 'paused')
          and resource->>'kind' = 'sysFile' and resource->>'id' = ${fileId}`),
      ),

    /** A terminal in the caller's scope by SN. */
    findTerminal: async (scope: Scope, sn: string) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`select t.id::text from terminals t where t.sn = ${sn.toUpperCase()}
          and ${inScope(scope, sql`t.owner_id`)}`),
      )[0] ?? null,

    /**
     * The app install task that brought a resource (a market version) to a terminal around `at`:
     * its delivery pulled and not yet ended (first), or ended within the hour before; newest first.
     */
    installTaskOf: async (sn: string, resourceId: string, at: Date) =>
      rowsOf<{ taskId: string; createdBy: string }>(
        await db.execute(sql`select t.id::text as "taskId", t.created_by::text as "createdBy"
          from task_deliveries d
          join tasks t on t.id = d.task_id
          join terminals term on term.id = d.terminal_id
          where term.sn = ${sn} and t.type = 'app_install' and t.resource->>'id' = ${resourceId}
            and d.pulled_at is not null
            and (d.finished_at is null or d.finished_at >= ${new Date(at.getTime() - 3_600_000).toISOString()}::timestamptz)
          order by (d.finished_at is null) desc, d.pulled_at desc, d.id desc limit 1`),
      )[0] ?? null,
  };
};

/** Storage of tasks, runs and deliveries. Console reads go through the caller's data scope. */
export const createTasksRepository = (db: Db) => ({
  ...createTaskDefinitionsRepository(db),
  ...createTaskRunsRepository(db),
  ...createTaskDeliveriesRepository(db),
});

export type TasksRepository = ReturnType<typeof createTasksRepository>;
