import {
  type CreateTaskBody,
  type NoticeText,
  type PreviewTaskBody,
  RISKY_TASK_TYPES,
  TASK_DELETABLE,
  TASK_FINISHED,
  TASK_LIMITS,
  TASK_TRANSITIONS,
  type TaskDetail,
  type TaskNameText,
  type TaskRow,
  type TaskSchedule,
  type TaskStatus,
  type TaskTargets,
} from '@cpm/contracts';
import { type AuthContext, ownedByCaller } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { escapeHtml } from '../../shared/html';
import type { OperationNote } from '../../shared/operation-note';
import type { Tx } from '../jobs/jobs.repository';
import { namedBy, searchNameOf, typeTaskName } from './task-names';
import { createTaskReads } from './task-reads';
import type { StoredTargets } from './task-records';
import { matchOf, type TaskRunner } from './task-runner';
import { firstRunAt, isTimeZone, isValidCron } from './task-schedule';
import type { MatchSpec } from './task-sql';
import type { TaskTypeRegistry } from './task-type-registry';
import type { TaskRecord, TasksRepository } from './tasks.repository';
import type { WhitelistRepository } from './whitelist.repository';

export type TasksServiceDeps = {
  repo: TasksRepository;
  whitelists: WhitelistRepository;
  types: TaskTypeRegistry;
  runner: TaskRunner;
  clock: Clock;
  nudge(sns: string[]): void;
  /**
   * The step-up (the auth module's): a fresh second factor for an account that has one (else it
   * throws `stepUpFactorRequired`), or the password entered again or still fresh.
   */
  reverify(
    auth: AuthContext,
    password: string | undefined,
  ): Promise<'fresh' | 'verified' | 'missing' | 'wrong'>;
  notify(n: { userId: string; title: string; content: string; notice: NoticeText }): Promise<void>;
  /** Who may approve a task the given account created (never the creator, who is filtered out here). */
  approvers(creatorId: string): Promise<string[]>;
  /** The app market (built after this module): its names of packages, and the packages its names match. */
  market?: () => {
    marketNames(auth: AuthContext, platform: string, packageNames: string[]): Promise<Record<string, string>>;
    packagesNamed(auth: AuthContext, platform: string, keyword: string): Promise<string[]>;
  };
};

const storedTargets = (t: TaskTargets): StoredTargets => ({
  sns: [...new Set(t.sns)],
  groupIds: [...new Set(t.groupIds)],
  modelIds: [...new Set(t.modelIds)],
  ownerIds: [...new Set(t.ownerIds)],
});

/** Whether a risky task's reach needs a second person. */
export const needsApproval = (type: CreateTaskBody['type'], targets: StoredTargets, reach: number) =>
  RISKY_TASK_TYPES.includes(type) &&
  (reach > TASK_LIMITS.approvalThreshold ||
    targets.groupIds.length > 0 ||
    targets.ownerIds.length > 0 ||
    targets.modelIds.length > 0);

/**
 * The rules of remote tasks on the console side: creating (targets in scope, parameters that name
 * what exists, timing, approval), following (counts, results), and every state change through the
 * transitions listed in the contracts.
 */
export const createTasksService = (deps: TasksServiceDeps) => {
  const { repo, clock } = deps;

  const { mustFind, toRow, currentRun, ...answers } = createTaskReads(deps);

  /** Refuses targets the caller cannot see; answers what the task would reach. */
  const checkTargets = async (auth: AuthContext, platform: string, targets: TaskTargets) => {
    const stored = storedTargets(targets);
    if (targets.whitelistId && !(await deps.whitelists.findVisible(auth, targets.whitelistId)))
      throw new AppError('taskWhitelistNotFound');
    const [groupIds, ownerIds, modelIds] = await Promise.all([
      repo.invisibleGroups(auth, stored.groupIds),
      repo.invisibleOwners(auth, stored.ownerIds),
      repo.unknownModels(stored.modelIds),
    ]);
    const match: MatchSpec = {
      platform,
      targets: stored,
      whitelistId: targets.whitelistId ?? null,
      creatorId: auth.userId,
      scopeAll: auth.dataScope === 'all',
    };
    return { stored, match, outOfScope: { groupIds, ownerIds, modelIds } };
  };

  const verifyPassword = async (auth: AuthContext, note: OperationNote, password: string | undefined) => {
    const check = await deps.reverify(auth, password);
    if (check === 'missing') throw new AppError('taskPasswordRequired');
    if (check === 'wrong') {
      note.fail('wrong password');
      throw new AppError('taskPasswordWrong');
    }
  };

  const startIfDue = async (task: TaskRecord) => {
    if (task.nextRunAt && task.nextRunAt <= clock.now()) await deps.runner.startRun(task, task.nextRunAt);
    return (await repo.findById(task.id)) as TaskRecord;
  };

  return {
    types: () => deps.types.available(),

    /**
     * Installed apps the caller may name in an uninstall or permission task (the picker's list), with
     * the market's name of each; the keyword matches that name too.
     */
    async packages(auth: AuthContext, query: { keyword?: string; platform?: string }) {
      const market = deps.market?.();
      const platform = query.platform ?? 'android';
      const named = market && query.keyword ? await market.packagesNamed(auth, platform, query.keyword) : [];
      const rows = await repo.installedPackages(auth, { ...query, packages: named, limit: 20 });
      const names = market
        ? await market.marketNames(
            auth,
            platform,
            rows.map((r) => r.packageName),
          )
        : {};
      return rows.map((r) => ({ ...r, marketName: names[r.packageName] ?? null }));
    },

    async preview(auth: AuthContext, body: PreviewTaskBody) {
      const { stored, match, outOfScope } = await checkTargets(auth, body.platform, body.targets);
      const [{ reach, online }, missingSns] = await Promise.all([repo.reach(match), repo.missingSns(match)]);
      return {
        reach,
        online,
        missingSns,
        outOfScope: { groupIds: outOfScope.groupIds, ownerIds: outOfScope.ownerIds },
        approvalRequired: body.type ? needsApproval(body.type, stored, reach) : false,
      };
    },

    /**
     * Creates a task. Everything is checked before anything is written: the type is available, the
     * password (risky types), the targets in scope, the parameters name what exists, the timing.
     * The first run starts at once when due; a risky wide task waits for approval instead.
     * `system` is for tasks the system creates: `nameText` is the name it gives them, rendered per
     * reader; `alongside` writes what belongs to the new task in the same transaction as its row
     * (a remote command's history entry), so neither is ever kept without the other.
     */
    async create(
      auth: AuthContext,
      note: OperationNote,
      body: CreateTaskBody,
      timezone: string,
      system: { nameText?: TaskNameText; alongside?: (tx: Tx, task: TaskRecord) => Promise<void> } = {},
    ) {
      const { alongside } = system;
      const handler = deps.types.get(body.type);
      if (!handler) throw new AppError('taskTypeUnavailable');
      const risky = RISKY_TASK_TYPES.includes(body.type);
      if (risky) await verifyPassword(auth, note, body.password);
      const { stored, match, outOfScope } = await checkTargets(auth, body.platform, body.targets);
      const sns = await repo.invisibleSns(auth, stored.sns);
      if (
        outOfScope.groupIds.length ||
        outOfScope.ownerIds.length ||
        outOfScope.modelIds.length ||
        sns.length
      )
        throw new AppError('taskTargetsOutOfScope', { result: { ...outOfScope, sns } });
      const { resource, summary } = await handler.resolve(auth, body.params as never);

      const now = clock.now();
      const tz = isTimeZone(timezone) ? timezone : 'UTC';
      const schedule = body.timing.schedule;
      const startAt = body.timing.startAt ? new Date(body.timing.startAt) : now;
      const expireAt = new Date(body.timing.expireAt);
      if (expireAt <= now) throw new AppError('taskStartTooLate');
      if (schedule.kind === 'cron' && !isValidCron(schedule.expr, tz)) throw new AppError('taskCronInvalid');
      const first = firstRunAt(schedule, startAt, expireAt, tz);
      if (!first) throw new AppError('taskCronInvalid');

      const { reach } = await repo.reach(match);
      if (reach === 0) throw new AppError('taskNoTargets');
      const approval = needsApproval(body.type, stored, reach);

      // An uninstall or permission task created without a name is named by what it does.
      const named = body.name ? null : typeTaskName(body.type, body.params as Record<string, unknown>);
      const nameText = system.nameText ?? named?.nameText ?? null;
      const values = {
        name: body.name ?? named?.name ?? body.type,
        nameText,
        nameSearch: searchNameOf(nameText),
        type: body.type,
        platform: body.platform,
        params: body.params as Record<string, unknown>,
        resource,
        summary,
        targets: stored,
        whitelistId: body.targets.whitelistId ?? null,
        conditions: body.conditions,
        rollout: body.rollout ?? null,
        schedule,
        timezone: tz,
        startAt,
        expireAt,
        nextRunAt: first,
        status: approval ? 'pendingApproval' : 'normal',
        approvalRequired: approval,
        ...ownedByCaller(auth),
        scopeAll: auth.dataScope === 'all',
        createdAt: now,
        updatedAt: now,
      };
      const row = alongside
        ? await repo.transaction(async (tx) => {
            const inserted = await repo.insertTask(values, tx);
            await alongside(tx, inserted);
            return inserted;
          })
        : await repo.insertTask(values);
      note.subject({ id: row.id, name: row.name, detail: `${row.type} ${row.platform} reach ${reach}` });
      if (approval)
        for (const userId of (await deps.approvers(auth.userId)).filter((id) => id !== auth.userId))
          await deps.notify({
            userId,
            title: `任务 ${row.name} 待审批 / Task ${row.name} awaits approval`,
            content:
              `<p>${escapeHtml(auth.username)}：${escapeHtml(row.type)}，${reach} 台终端。</p>` +
              `<p>${escapeHtml(auth.username)}: ${escapeHtml(row.type)}, ${reach} terminals.</p>`,
            notice: {
              key: 'taskAwaitsApproval',
              params: { task: row.name, user: auth.username, type: row.type, reach },
              ...namedBy(row),
            },
          });
      return toRow(approval ? row : await startIfDue(row));
    },

    /** A new task's form from an existing one. */
    async copy(auth: AuthContext, id: string) {
      const t = await mustFind(auth, id);
      return {
        name: t.name,
        nameText: t.nameText ?? null,
        platform: t.platform as TaskRow['platform'],
        type: t.type as TaskRow['type'],
        params: t.params,
        targets: { ...t.targets, ...(t.whitelistId ? { whitelistId: t.whitelistId } : {}) },
        schedule: t.schedule as TaskSchedule,
        conditions: t.conditions as TaskDetail['conditions'],
        rollout: t.rollout,
      };
    },

    /** The lists, a task's detail and results, and a terminal's tasks, as the task reads answer them. */
    ...answers,

    async stop(auth: AuthContext, note: OperationNote, id: string) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name });
      if (TASK_FINISHED.includes(t.status as TaskStatus)) throw new AppError('taskFinished');
      const row = await repo.stop(t.id, TASK_TRANSITIONS.stop.from, clock.now());
      if (!row) throw new AppError('taskTransitionRefused');
      return toRow(row);
    },

    async restart(auth: AuthContext, note: OperationNote, id: string) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name });
      if (t.status !== 'stopped') throw new AppError('taskTransitionRefused');
      const now = clock.now();
      if (t.expireAt <= now) throw new AppError('taskExpired');
      // A task stopped before anyone approved it goes back to waiting for approval.
      if (t.approvalRequired && !t.decidedBy) {
        const back = await repo.transition(t.id, ['stopped'], { status: 'pendingApproval' }, now);
        if (!back) throw new AppError('taskTransitionRefused');
        return toRow(back);
      }
      const run = await currentRun(t);
      const schedule = t.schedule as TaskSchedule;
      const nextRunAt = run ? (schedule.kind === 'once' ? null : t.nextRunAt) : (t.nextRunAt ?? now);
      const row = await repo.transition(
        t.id,
        TASK_TRANSITIONS.restart.from,
        {
          status: run?.status === 'creating' ? 'creating' : 'normal',
          nextRunAt: nextRunAt && schedule.kind !== 'once' && nextRunAt < now ? now : nextRunAt,
        },
        now,
      );
      if (!row) throw new AppError('taskTransitionRefused');
      if (run) {
        const reopened = await repo.reopen(run.id, ['cancelled'], now);
        if (run.status === 'closed' && run.endsAt > now) await repo.setRunStatus(run.id, 'open');
        if (run.status === 'creating') await deps.runner.enqueueFanOut(run);
        deps.nudge(reopened.nudge);
      }
      return toRow(run ? row : await startIfDue(row));
    },

    async resume(auth: AuthContext, note: OperationNote, id: string) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name });
      const now = clock.now();
      const row = await repo.transition(
        t.id,
        TASK_TRANSITIONS.resume.from,
        { status: 'normal', statusReason: null, statusReasonEn: null },
        now,
      );
      if (!row) throw new AppError('taskTransitionRefused');
      const run = await currentRun(row);
      if (run) {
        if (row.rollout && run.releasedWave < row.rollout.waves.length)
          await repo.releaseWave(run.id, run.releasedWave, now);
        deps.nudge(await repo.onlineOpen(run.id));
      }
      return toRow(row);
    },

    async retryFailed(auth: AuthContext, note: OperationNote, id: string, deliveryIds?: string[]) {
      const t = await mustFind(auth, id);
      note.subject({
        id: t.id,
        name: t.name,
        detail: deliveryIds ? `${deliveryIds.length} listed` : 'all failed',
      });
      const now = clock.now();
      if (!TASK_TRANSITIONS.retry.from.includes(t.status as never)) {
        if (t.status === 'overdue') throw new AppError('taskExpired');
        throw new AppError('taskTransitionRefused');
      }
      const run = await currentRun(t);
      if (!run) throw new AppError('taskNothingToRetry');
      if (run.endsAt <= now || t.expireAt <= now) throw new AppError('taskExpired');
      const done = await repo.retry(t, run, TASK_TRANSITIONS.retry.from, deliveryIds, now);
      if (!done) throw new AppError('taskNothingToRetry');
      deps.nudge(done.nudge);
      return { retried: done.count };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name });
      if (!TASK_DELETABLE.includes(t.status as TaskStatus)) throw new AppError('taskTransitionRefused');
      await repo.removeTask(t.id);
    },

    /** A second user approves: never the creator, with their own password. */
    async approve(auth: AuthContext, note: OperationNote, id: string, password: string | undefined) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name });
      if (t.createdBy === auth.userId) throw new AppError('taskSelfApproval');
      await verifyPassword(auth, note, password);
      const now = clock.now();
      if (t.expireAt <= now) throw new AppError('taskExpired');
      const row = await repo.transition(
        t.id,
        TASK_TRANSITIONS.approve.from,
        { status: TASK_TRANSITIONS.approve.to, decidedBy: auth.userId, decidedAt: now },
        now,
      );
      if (!row) throw new AppError('taskTransitionRefused');
      await deps.notify({
        userId: t.createdBy,
        title: `任务 ${t.name} 已审批通过 / Task ${t.name} approved`,
        content: `<p>${escapeHtml(auth.username)}</p>`,
        notice: { key: 'taskApproved', params: { task: t.name, user: auth.username }, ...namedBy(t) },
      });
      return toRow(await startIfDue(row));
    },

    async reject(auth: AuthContext, note: OperationNote, id: string, reason: string) {
      const t = await mustFind(auth, id);
      note.subject({ id: t.id, name: t.name, detail: reason });
      if (t.createdBy === auth.userId) throw new AppError('taskSelfApproval');
      const now = clock.now();
      const row = await repo.transition(
        t.id,
        TASK_TRANSITIONS.reject.from,
        {
          status: 'rejected',
          decidedBy: auth.userId,
          decidedAt: now,
          rejectReason: reason,
          nextRunAt: null,
          statusReason: `已驳回：${reason}`,
          statusReasonEn: `Rejected: ${reason}`,
        },
        now,
      );
      if (!row) throw new AppError('taskTransitionRefused');
      await deps.notify({
        userId: t.createdBy,
        title: `任务 ${t.name} 被驳回 / Task ${t.name} rejected`,
        content: `<p>${escapeHtml(reason)}</p>`,
        notice: {
          key: 'taskRejected',
          params: { task: t.name, user: auth.username, reason },
          ...namedBy(t),
        },
      });
      return toRow(row);
    },

    /** Active tasks using a system file (its deletion is refused meanwhile). */
    usedBy: (fileId: string) => repo.activeUsesOfFile(fileId),

    /** The app install task that brought a market version to a terminal around `at` (its creator caused it). */
    installTaskOf: (sn: string, versionId: string, at: Date) => repo.installTaskOf(sn, versionId, at),

    matchOf,
  };
};

export type TasksService = ReturnType<typeof createTasksService>;
