import { describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { RECORD_TIME, runRecord, taskRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { JobsService } from '../jobs/jobs.service';
import type { Nudger } from './nudger';
import { createTaskRunner, DEFAULT_RUNNER_OPTIONS } from './task-runner';
import type { createTasksRepository, RunRecord, TaskRecord } from './tasks.repository';

type JobRow = NonNullable<Awaited<ReturnType<JobsService['findJob']>>>;

/** A runner on fakes whose monitor finds nothing to do unless a test says otherwise. */
const setup = () => {
  const repo = fakeOf<typeof createTasksRepository>();
  const jobs = fakeOf<JobsService>();
  const nudger = fakeOf<Nudger>();
  const notify = vi.fn(async (_n: { userId: string; title: string; content: string }) => {});
  for (const list of [
    repo.creatingRuns,
    repo.expiredTasks,
    repo.dueTasks,
    repo.activeRuns,
    repo.staleWaiting,
    repo.stalePulled,
  ])
    (list as { mockResolvedValue(v: never[]): void }).mockResolvedValue([]);
  repo.transition.mockImplementation(async (id, _from, values) =>
    taskRecord({ id, ...(values as Partial<TaskRecord>) }),
  );
  repo.onlineOpen.mockResolvedValue([]);
  repo.catchUp.mockResolvedValue({ written: 0, nudge: [] });
  const clock = createTestClock(RECORD_TIME);
  const runner = createTaskRunner({
    repo,
    jobs,
    nudger,
    clock,
    log: { warn: vi.fn(), error: vi.fn() },
    notify,
    options: { catchUpMs: 60_000 },
  });
  return { repo, jobs, nudger, notify, runner, clock };
};

/** A moving task with its open run, as the monitor's list of active runs answers them. */
const active = (s: ReturnType<typeof setup>, task: TaskRecord, run: RunRecord) => {
  s.repo.activeRuns.mockResolvedValue([{ task_id: task.id, run_id: run.id }]);
  s.repo.findById.mockResolvedValue(task);
  s.repo.findRun.mockResolvedValue(run);
};

describe('the fan-out that gave up', () => {
  it('fails the task, saying why in both languages, closes its run and tells the creator', async () => {
    const s = setup();
    const task = taskRecord({ name: 'Prices', status: 'creating' });
    const run = runRecord({ taskId: task.id, status: 'creating', fanoutJobId: 'job' });
    s.repo.creatingRuns.mockResolvedValue([run]);
    s.repo.findById.mockResolvedValue(task);
    s.jobs.findJob.mockResolvedValue({ status: 'failed', error: 'database unavailable' } as JobRow);
    await s.runner.tick();
    expect(s.repo.transition.mock.calls[0][2]).toMatchObject({
      status: 'failed',
      statusReasonEn: 'Writing the deliveries failed: database unavailable',
      nextRunAt: null,
    });
    expect(s.repo.setRunStatus).toHaveBeenCalledWith(run.id, 'closed');
    expect(s.notify).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: task.createdBy,
        title: '任务 Prices 创建失败 / Task Prices could not be created',
      }),
    );
  });
});

describe('waves', () => {
  const rollout = { waves: [20, 100], maxFailurePercent: 10, waveMinutes: 30 };

  it('pauses a task whose wave fails too often, telling the creator', async () => {
    const s = setup();
    const task = taskRecord({ name: 'Waves', status: 'normal', rollout });
    const run = runRecord({ taskId: task.id, releasedWave: 1 });
    active(s, task, run);
    s.repo.waveStats.mockResolvedValue(new Map([[1, { total: 2, open: 0, success: 1, failure: 1 }]]));
    await s.runner.tick();
    expect(s.repo.transition.mock.calls[0][2]).toMatchObject({
      status: 'paused',
      statusReasonEn: expect.stringMatching(/^Wave 1 failed on 50%/),
    });
    expect(s.repo.releaseWave).not.toHaveBeenCalled();
    expect(s.notify.mock.calls[0][0].title).toBe('任务 Waves 已暂停 / Task Waves paused');
  });

  it('releases the next wave once a wave is done within the limit', async () => {
    const s = setup();
    const task = taskRecord({ status: 'normal', rollout });
    const run = runRecord({ taskId: task.id, releasedWave: 1 });
    active(s, task, run);
    s.repo.waveStats.mockResolvedValue(new Map([[1, { total: 2, open: 0, success: 2, failure: 0 }]]));
    s.repo.releaseWave.mockResolvedValue(8 as never);
    await s.runner.tick();
    expect(s.repo.releaseWave).toHaveBeenCalledWith(run.id, 1, RECORD_TIME);
    expect(s.notify).not.toHaveBeenCalled();
  });
});

describe('the end of a task', () => {
  it('completes a one-off task once no delivery is open', async () => {
    const s = setup();
    const task = taskRecord({ status: 'normal' });
    const run = runRecord({ taskId: task.id });
    active(s, task, run);
    s.repo.runOpenCount.mockResolvedValue(0);
    await s.runner.tick();
    expect(s.repo.transition.mock.calls[0][2]).toEqual({ status: 'complete' });
    expect(s.repo.setRunStatus).toHaveBeenCalledWith(run.id, 'closed');
  });

  it('marks an expired task overdue when deliveries of its run expired', async () => {
    const s = setup();
    const task = taskRecord({ status: 'normal', currentRunId: 'run' });
    s.repo.expiredTasks.mockResolvedValue([task]);
    s.repo.runExpiredCount.mockResolvedValue(6);
    await s.runner.tick();
    expect(s.repo.transition.mock.calls[0][2]).toEqual({ status: 'overdue', nextRunAt: null });
  });

  it('opens the next run of a repeated task when it is due', async () => {
    const s = setup();
    const next = new Date(RECORD_TIME.getTime() - 60_000);
    const task = taskRecord({
      status: 'normal',
      runCount: 1,
      schedule: { kind: 'interval', everyMinutes: 60, windowMinutes: 30 },
      expireAt: new Date(RECORD_TIME.getTime() + 5 * 3_600_000),
      nextRunAt: next,
    });
    s.repo.dueTasks.mockResolvedValue([task]);
    s.repo.openRun.mockResolvedValue(runRecord({ taskId: task.id, seq: 2 }));
    s.jobs.enqueueJob.mockResolvedValue({ id: 'job' } as JobRow);
    await s.runner.tick();
    expect(s.repo.openRun.mock.calls[0][1]).toMatchObject({
      startsAt: next,
      endsAt: new Date(next.getTime() + 30 * 60_000),
      status: 'normal',
    });
    expect(s.repo.setRunJob).toHaveBeenCalledWith(expect.any(String), 'job');
  });
});

describe('work pulled and not heard of again', () => {
  it('nudges its terminals once it has gone unreported for the delay, then once per delay', async () => {
    const s = setup();
    const delay = DEFAULT_RUNNER_OPTIONS.pulledRenudgeMs;
    s.repo.stalePulled.mockResolvedValue(['SN1']);
    await s.runner.tick();
    expect(s.repo.stalePulled).toHaveBeenLastCalledWith(new Date(RECORD_TIME.getTime() - delay), 10_000);
    expect(s.nudger.nudge).toHaveBeenLastCalledWith(['SN1']);
    s.clock.advance(delay - 1);
    await s.runner.tick();
    expect(s.repo.stalePulled).toHaveBeenCalledTimes(1);
    s.clock.advance(1);
    await s.runner.tick();
    expect(s.repo.stalePulled).toHaveBeenCalledTimes(2);
  });
});
