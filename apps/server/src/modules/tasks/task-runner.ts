import { type NoticeText, TASK_TRANSITIONS, type TaskSchedule, type TaskStatus } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import { escapeHtml } from '../../shared/html';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import type { Nudger } from './nudger';
import { namedBy } from './task-names';
import { nextRunAt, runEndsAt } from './task-schedule';
import { type MatchSpec, waveCuts } from './task-sql';
import type { RunRecord, TaskRecord, TasksRepository } from './tasks.repository';

/** The job kind that writes a run's deliveries. */
export const FANOUT_JOB = 'task.fanout';
/** A task for at most this many terminals nudges them without the per-terminal pause. */
export const URGENT_NUDGE_MAX_TERMINALS = 20;

export type TaskRunnerOptions = {
  /** Terminals per fan-out batch (one transaction each). */
  batchSize: number;
  /** How often each active run is checked for terminals that joined its targets. */
  catchUpMs: number;
  /** How long released work may wait on an online terminal before it is nudged again. */
  renudgeMs: number;
  /**
   * How long pulled work may go without a word from its terminal before the terminal is nudged to
   * pull again (and so to run it, or to send its result again); repeated at this period.
   */
  pulledRenudgeMs: number;
};

export const DEFAULT_RUNNER_OPTIONS: TaskRunnerOptions = {
  batchSize: 5000,
  catchUpMs: 60_000,
  renudgeMs: 15_000,
  pulledRenudgeMs: 300_000,
};

type FanOutCheckpoint = { after: string | null; ordinal: number; planned: number };

/** Who a task is for, as the repository matches it. */
export const matchOf = (task: TaskRecord): MatchSpec => ({
  platform: task.platform,
  targets: task.targets,
  whitelistId: task.whitelistId,
  creatorId: task.createdBy,
  scopeAll: task.scopeAll,
});

/**
 * Runs and their lifecycle: opening a run when it is due, writing its deliveries in a background
 * job (keyset batches, each committed with its checkpoint, so a crash resumes where it stopped and
 * a repeat writes nothing twice), and the monitor that closes ended runs, judges waves, completes,
 * expires, catches up joined terminals and nudges again.
 */
export const createTaskRunner = (deps: {
  repo: TasksRepository;
  jobs: JobsService;
  nudger: Nudger;
  clock: Clock;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tells a task's creator something (the bell). */
  notify(n: { userId: string; title: string; content: string; notice: NoticeText }): Promise<void>;
  /** Deliveries were written and committed: terminals may have work they had not. */
  workAdded?: () => void;
  options?: Partial<TaskRunnerOptions>;
}) => {
  const { repo, clock } = deps;
  const o = { ...DEFAULT_RUNNER_OPTIONS, ...deps.options };
  const lastCatchUp = new Map<string, number>();
  let lastRenudge = 0;
  let lastPulledRenudge = 0;

  const enqueueFanOut = async (run: RunRecord) => {
    const job = await deps.jobs.enqueueJob({
      kind: FANOUT_JOB,
      payload: { runId: run.id },
      singletonKey: `${FANOUT_JOB}:${run.id}`,
    });
    await repo.setRunJob(run.id, job.id);
  };

  /** Opens a task's next run starting at `at` (once, whoever else tries) and starts writing it. */
  const startRun = async (task: TaskRecord, at: Date) => {
    const schedule = task.schedule as TaskSchedule;
    const run = await repo.openRun(
      task,
      {
        startsAt: at,
        endsAt: runEndsAt(schedule, at, task.expireAt),
        nextRunAt: nextRunAt(schedule, at, task.expireAt, task.timezone),
        // The first run shows the task as creating; later runs leave it as it is.
        status: task.runCount === 0 ? 'creating' : (task.status as TaskStatus),
      },
      clock.now(),
    );
    if (run) await enqueueFanOut(run);
    return run;
  };

  const fail = async (task: TaskRecord, why: string) => {
    const row = await repo.transition(
      task.id,
      TASK_TRANSITIONS.createFailed.from,
      {
        status: 'failed',
        statusReason: `下发失败：${why}`,
        statusReasonEn: `Writing the deliveries failed: ${why}`,
        nextRunAt: null,
      },
      clock.now(),
    );
    if (row)
      await deps.notify({
        userId: task.createdBy,
        title: `任务 ${task.name} 创建失败 / Task ${task.name} could not be created`,
        content: `<p>${escapeHtml(why)}</p>`,
        notice: { key: 'taskCreateFailed', params: { task: task.name, reason: why }, ...namedBy(task) },
      });
  };

  /** The fan-out job: one run's deliveries, batch by batch. */
  const fanOut = async (ctx: JobContext<{ runId: string }>) => {
    const run = await repo.findRun(ctx.payload.runId);
    if (run?.status !== 'creating') return { skipped: 'run not creating' };
    const task = await repo.findById(run.taskId);
    // A stopped task keeps what was written; restarting it starts this job again.
    if (!task || !['creating', 'normal', 'paused'].includes(task.status))
      return { skipped: 'task not active' };
    try {
      const match = matchOf(task);
      let cp = ctx.checkpoint as FanOutCheckpoint | null;
      if (!cp) {
        const planned = await repo.countMatches(match);
        const first: FanOutCheckpoint = { after: null, ordinal: 0, planned };
        await ctx.inLease((tx) => repo.setPlanned(tx, run.id, planned), first);
        cp = first;
      }
      const cuts = waveCuts(task.rollout?.waves, cp.planned);
      let written = 0;
      for (;;) {
        const next = await repo.nextBatch(match, cp.after, o.batchSize);
        if (!next.last || next.count === 0) break;
        const from = cp;
        const to: FanOutCheckpoint = {
          after: next.last,
          ordinal: from.ordinal + next.count,
          planned: from.planned,
        };
        const res = await ctx.inLease(
          (tx) =>
            repo.fanOutBatch(tx, {
              match,
              runId: run.id,
              taskId: task.id,
              after: from.after,
              upTo: next.last as string,
              ordinal: from.ordinal,
              cuts,
              releasedWave: run.releasedWave,
              now: clock.now(),
            }),
          to,
        );
        if (res.written) deps.workAdded?.();
        written += res.written;
        // A task for a few terminals is someone waiting at the console: its terminals hear of it
        // at once, even if they were nudged a moment ago for earlier work.
        deps.nudger.nudge(res.nudge, { urgent: cp.planned <= URGENT_NUDGE_MAX_TERMINALS });
        cp = to;
        if (cp.planned > 0) await ctx.progress((cp.ordinal / cp.planned) * 100);
      }
      const total = await ctx.inLease((tx) => repo.finishFanOut(tx, run.id, task.id, clock.now()));
      deps.workAdded?.();
      return { written, total };
    } catch (err) {
      if (ctx.attempt >= 3)
        await fail(task, err instanceof Error ? err.message : String(err)).catch(() => undefined);
      throw err;
    }
  };

  /** A wave of a run is judged: the brake pauses the task, or the next wave is released. */
  const judgeWave = async (task: TaskRecord, run: RunRecord, now: Date) => {
    const rollout = task.rollout;
    if (!rollout || run.releasedWave >= rollout.waves.length) return;
    const wave = run.releasedWave;
    const s = (await repo.waveStats(run.id)).get(wave) ?? { total: 0, open: 0, success: 0, failure: 0 };
    const results = s.success + s.failure;
    const limit = rollout.maxFailurePercent;
    const elapsed =
      now.getTime() - (run.waveReleasedAt ?? run.startsAt).getTime() >= rollout.waveMinutes * 60_000;
    // Past the limit even if every delivery still open succeeds: no need to wait.
    const certain = s.total > 0 && s.failure * 100 > limit * s.total;
    const done = s.open === 0 || elapsed;
    if (certain || (done && results > 0 && s.failure * 100 > limit * results)) {
      const percent = results ? Math.round((s.failure * 1000) / results) / 10 : 0;
      const row = await repo.transition(
        task.id,
        TASK_TRANSITIONS.brake.from,
        {
          status: 'paused',
          statusReason: `第 ${wave} 批失败率 ${percent}%，超过 ${limit}%，任务已暂停`,
          statusReasonEn: `Wave ${wave} failed on ${percent}% of its terminals, above ${limit}%; the task is paused`,
        },
        now,
      );
      if (row)
        await deps.notify({
          userId: task.createdBy,
          title: `任务 ${task.name} 已暂停 / Task ${task.name} paused`,
          content:
            `<p>第 ${wave} 批：成功 ${s.success}，失败 ${s.failure}（${percent}%，上限 ${limit}%）。请检查失败原因后继续或停止任务。</p>` +
            `<p>Wave ${wave}: ${s.success} succeeded, ${s.failure} failed (${percent}%, limit ${limit}%). Check the failures, then resume or stop the task.</p>`,
          notice: {
            key: 'taskPaused',
            params: { task: task.name, wave, success: s.success, failure: s.failure, percent, limit },
            ...namedBy(task),
          },
        });
      return;
    }
    if (!done) return;
    const released = await repo.releaseWave(run.id, wave, now);
    if (released) deps.nudger.nudge(await repo.onlineOpen(run.id, wave + 1));
  };

  /** One pass of the monitor. Safe on every instance at once: each change is a guarded update. */
  const tick = async () => {
    const now = clock.now();
    for (const run of await repo.creatingRuns()) {
      const job = run.fanoutJobId ? await deps.jobs.findJob(run.fanoutJobId) : null;
      if (job?.status === 'failed') {
        const task = await repo.findById(run.taskId);
        if (task) await fail(task, job.error ?? 'unknown error');
        await repo.setRunStatus(run.id, 'closed');
      } else if (!job) {
        const task = await repo.findById(run.taskId);
        if (task && ['creating', 'normal', 'paused'].includes(task.status)) await enqueueFanOut(run);
      }
    }
    await repo.closeEndedRuns(now);
    for (const task of await repo.expiredTasks(now)) {
      const expired = task.currentRunId ? await repo.runExpiredCount(task.currentRunId) : 0;
      const to = expired > 0 || task.status === 'paused' ? 'expire' : 'complete';
      await repo.transition(
        task.id,
        TASK_TRANSITIONS[to].from,
        { status: TASK_TRANSITIONS[to].to, nextRunAt: null },
        now,
      );
    }
    for (const task of await repo.dueTasks(now)) {
      if (task.nextRunAt) await startRun(task, task.nextRunAt);
    }
    for (const { task_id, run_id } of await repo.activeRuns()) {
      const [task, run] = await Promise.all([repo.findById(task_id), repo.findRun(run_id)]);
      if (!task || !run) continue;
      if (task.status === 'normal') await judgeWave(task, run, now);
      const last = lastCatchUp.get(run.id) ?? 0;
      if (now.getTime() - last >= o.catchUpMs) {
        lastCatchUp.set(run.id, now.getTime());
        deps.nudger.nudge((await repo.catchUp(run, matchOf(task), now)).nudge);
      }
      const schedule = task.schedule as TaskSchedule;
      const fresh = await repo.findRun(run.id);
      const allReleased = !task.rollout || (fresh?.releasedWave ?? 0) >= task.rollout.waves.length;
      if (schedule.kind === 'once' && task.status === 'normal' && allReleased) {
        if ((await repo.runOpenCount(run.id)) === 0) {
          const row = await repo.transition(
            task.id,
            TASK_TRANSITIONS.complete.from,
            { status: 'complete' },
            now,
          );
          if (row) await repo.setRunStatus(run.id, 'closed');
        }
      }
    }
    if (now.getTime() - lastRenudge >= o.renudgeMs) {
      lastRenudge = now.getTime();
      deps.nudger.nudge(await repo.staleWaiting(new Date(now.getTime() - o.renudgeMs), 10_000));
    }
    if (now.getTime() - lastPulledRenudge >= o.pulledRenudgeMs) {
      lastPulledRenudge = now.getTime();
      deps.nudger.nudge(await repo.stalePulled(new Date(now.getTime() - o.pulledRenudgeMs), 10_000));
    }
    if (lastCatchUp.size > 10_000) lastCatchUp.clear();
  };

  return {
    startRun,
    enqueueFanOut,
    tick,
    /** Registers the fan-out job with the job runner. */
    register() {
      deps.jobs.registerHandler(FANOUT_JOB, (ctx) => fanOut(ctx as JobContext<{ runId: string }>), {
        maxAttempts: 3,
      });
    },
  };
};

export type TaskRunner = ReturnType<typeof createTaskRunner>;
