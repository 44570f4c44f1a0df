import {
  emptyDeliveryCounts,
  type TaskDetail,
  type TaskRow,
  type TaskSchedule,
  type TaskStatus,
  type TaskWave,
} from '@cpm/contracts';
import { iso } from './task-sql';
import type { RunRecord, TaskRecord, TasksRepository } from './tasks.repository';
import type { WhitelistRepository } from './whitelist.repository';
/** How tasks read in lists and on their detail page, with counts, names and rollout waves. */
export const createTaskViews = (deps: { repo: TasksRepository; whitelists: WhitelistRepository }) => {
  const { repo } = deps;

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

  const detailOf = async (t: TaskRecord): Promise<TaskDetail> => {
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
  };

  return { toRows, toRow, detailOf };
};
