import {
  type DeliveryFilter,
  type DeliveryState,
  emptyDeliveryCounts,
  type PageQuery,
  type TaskDetail,
  type TaskFilter,
  type TaskRow,
  type TaskSchedule,
  type TaskStatus,
  type TaskWave,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import { inBatches, pageOffset, toPage } from '../../shared/paging';
import { iso } from './task-sql';
import type { RunRecord, TaskRecord, TasksRepository } from './tasks.repository';
import type { WhitelistRepository } from './whitelist.repository';

/**
 * What the console reads of tasks: pages of rows with their counts, a task's detail (targets, waves,
 * runs, approval), its per-terminal results, and the tasks aimed at one terminal.
 */
export const createTaskReads = (deps: { repo: TasksRepository; whitelists: WhitelistRepository }) => {
  const { repo } = deps;

  const mustFind = async (auth: AuthContext, id: string) => {
    const row = await repo.findVisible(auth, id);
    if (!row) throw new AppError('taskNotFound');
    return row;
  };

  const toRows = async (rows: TaskRecord[]): Promise<TaskRow[]> => {
    const runIds = rows.map((r) => r.currentRunId).filter((id): id is string => Boolean(id));
    const [counts, names, runs] = await Promise.all([
      repo.counts(runIds),
      repo.userNames([...new Set(rows.map((r) => r.createdBy))]),
      Promise.all(runIds.map((id) => repo.findRun(id))),
    ]);
    const released = new Map(
      runs.filter((r): r is RunRecord => r !== null).map((r) => [r.id, r.releasedWave]),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      nameText: r.nameText ?? null,
      type: r.type as TaskRow['type'],
      platform: r.platform as TaskRow['platform'],
      status: r.status as TaskStatus,
      statusReason: r.statusReason,
      statusReasonEn: r.statusReasonEn,
      summary: r.summary,
      scheduleKind: (r.schedule as TaskSchedule).kind,
      startAt: r.startAt.toISOString(),
      expireAt: r.expireAt.toISOString(),
      runCount: r.runCount,
      counts: (r.currentRunId && counts.get(r.currentRunId)) || emptyDeliveryCounts(),
      approvalRequired: r.approvalRequired,
      wave: r.rollout
        ? { released: (r.currentRunId && released.get(r.currentRunId)) || 0, total: r.rollout.waves.length }
        : null,
      ownerId: r.ownerId,
      createdBy: r.createdBy,
      createdByName: names.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
    }));
  };
  const toRow = async (row: TaskRecord) => (await toRows([row]))[0];

  const currentRun = async (task: TaskRecord, runId?: string) => {
    const id = runId ?? task.currentRunId;
    const run = id ? await repo.findRun(id) : null;
    if (runId && run?.taskId !== task.id) throw new AppError('notFound');
    return run;
  };

  return {
    mustFind,
    toRow,
    currentRun,
    async page(auth: AuthContext, q: PageQuery & TaskFilter) {
      const { rows, total } = await repo.page(auth, q, pageOffset(q), q.size);
      return toPage(await toRows(rows), total, q);
    },

    rowsOf: toRows,

    async detail(auth: AuthContext, id: string): Promise<TaskDetail> {
      const t = await mustFind(auth, id);
      const [row, runs, groups, models, owners, whitelist, decidedByName] = await Promise.all([
        toRow(t),
        repo.runsOf(t.id),
        repo.names('groups', t.targets.groupIds),
        repo.names('models', t.targets.modelIds),
        repo.names('owners', t.targets.ownerIds),
        t.whitelistId ? deps.whitelists.findById(t.whitelistId) : null,
        repo.userName(t.decidedBy),
      ]);
      const current = runs.find((r) => r.id === t.currentRunId) ?? null;
      const waves: TaskWave[] = [];
      if (t.rollout && current) {
        const stats = await repo.waveStats(current.id);
        t.rollout.waves.forEach((percent, i) => {
          const s = stats.get(i + 1) ?? { total: 0, open: 0, success: 0, failure: 0 };
          const results = s.success + s.failure;
          waves.push({
            wave: i + 1,
            percent,
            size: s.total,
            released: i + 1 <= current.releasedWave,
            releasedAt: i + 1 === current.releasedWave ? iso(current.waveReleasedAt) : null,
            success: s.success,
            failure: s.failure,
            failurePercent: results ? Math.round((s.failure * 1000) / results) / 10 : null,
          });
        });
      }
      const counts = await repo.counts(runs.map((r) => r.id));
      return {
        ...row,
        params: t.params,
        resource: t.resource ? { kind: t.resource.kind, id: t.resource.id, name: t.resource.name } : null,
        targets: {
          sns: t.targets.sns,
          groups,
          models,
          owners,
          whitelist: whitelist ? { id: whitelist.id, name: whitelist.name } : null,
        },
        timezone: t.timezone,
        schedule: t.schedule as TaskSchedule,
        conditions: t.conditions as TaskDetail['conditions'],
        rollout: t.rollout,
        waves,
        runs: runs.map((r) => ({
          id: r.id,
          seq: r.seq,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
          status: r.status as 'creating' | 'open' | 'closed',
          total: counts.get(r.id)?.total ?? r.total,
        })),
        approval: {
          required: t.approvalRequired,
          decidedByName: t.decidedBy ? decidedByName : null,
          decidedAt: iso(t.decidedAt),
          rejectReason: t.rejectReason,
        },
        copiedFrom: t.copiedFrom,
      };
    },

    async results(auth: AuthContext, q: PageQuery & DeliveryFilter) {
      const task = await mustFind(auth, q.taskId);
      const run = await currentRun(task, q.runId);
      if (!run) return toPage([], 0, q);
      const { rows, total } = await repo.results(run.id, q, pageOffset(q), q.size);
      return toPage(rows, total, q);
    },

    /** Every result under a filter, in batches (exports). */
    async *resultBatches(auth: AuthContext, f: DeliveryFilter) {
      const task = await mustFind(auth, f.taskId);
      const run = await currentRun(task, f.runId);
      if (!run) return;
      yield* inBatches(async (offset, limit) => (await repo.results(run.id, f, offset, limit)).rows, 2000);
    },

    async byTerminal(auth: AuthContext, q: PageQuery & { sn: string; state?: DeliveryState }) {
      const terminal = orNotFound(await repo.findTerminal(auth, q.sn));
      const { records, total } = await repo.byTerminal(terminal.id, q.state, pageOffset(q), q.size);
      return toPage(records, total, q);
    },
  };
};
