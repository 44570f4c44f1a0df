import { CreateTaskBodySchema, type CreateTaskInput } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf, holding, NOT_FOUND } from '../../test-support/fake';
import { authOf, RECORD_TIME, runRecord, taskRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { createTaskRunner } from './task-runner';
import type { createTaskTypeRegistry } from './task-type-registry';
import type { createTasksRepository, TaskRecord } from './tasks.repository';
import { createTasksService } from './tasks.service';
import type { createWhitelistRepository } from './whitelist.repository';

const inHours = (hours: number) => new Date(RECORD_TIME.getTime() + hours * 3_600_000).toISOString();

const createBody = (over: Partial<CreateTaskInput> = {}) =>
  CreateTaskBodySchema.parse({
    name: 'Push price list',
    platform: 'android',
    type: 'file_push',
    params: { fileId: '00000000-0000-4000-8000-000000000001', path: '/sdcard/Download' },
    targets: { sns: ['SN0001'] },
    timing: { expireAt: inHours(24) },
    ...over,
  });

const riskyBody = (over: Partial<CreateTaskInput> = {}) =>
  createBody({ type: 'command', params: { command: 'ls' }, password: 'own', ...over });

/** A tasks service on fakes: every repository answer is empty or "nothing refused" unless a test says otherwise. */
const setup = () => {
  const repo = fakeOf<typeof createTasksRepository>();
  const whitelists = fakeOf<typeof createWhitelistRepository>();
  const types = fakeOf<typeof createTaskTypeRegistry>();
  const runner = fakeOf<typeof createTaskRunner>();
  const deps = {
    repo,
    whitelists,
    types,
    runner,
    clock: createTestClock(RECORD_TIME),
    nudge: vi.fn(),
    reverify: vi.fn(async (): Promise<'fresh' | 'verified' | 'missing' | 'wrong'> => 'verified'),
    notify: vi.fn(async (_n: { userId: string; title: string; content: string }) => {}),
    approvers: vi.fn(async () => [] as string[]),
  };
  types.get.mockReturnValue({ type: 'file_push', resolve: async () => ({ resource: null, summary: '' }) });
  repo.invisibleGroups.mockResolvedValue([]);
  repo.invisibleOwners.mockResolvedValue([]);
  repo.unknownModels.mockResolvedValue([]);
  repo.invisibleSns.mockResolvedValue([]);
  repo.reach.mockResolvedValue({ reach: 3, online: 1 });
  repo.insertTask.mockImplementation(async (values) => taskRecord(values as Partial<TaskRecord>));
  repo.findById.mockImplementation(async (id) => taskRecord({ id }));
  repo.counts.mockResolvedValue(new Map());
  repo.userNames.mockResolvedValue(new Map());
  const { note, noted } = createOperationNote();
  return { deps, repo, types, runner, note, noted, service: createTasksService(deps) };
};

const withTask = (s: ReturnType<typeof setup>, over: Partial<TaskRecord> = {}) =>
  holding(s.repo.findVisible, taskRecord(over));

describe('creating a task', () => {
  it('refuses a type the server cannot run', async () => {
    const s = setup();
    s.types.get.mockReturnValue(null);
    await expect(s.service.create(authOf(), s.note, createBody(), 'UTC')).rejects.toMatchObject({
      key: 'taskTypeUnavailable',
    });
  });

  it('asks for the password before a risky task', async () => {
    const s = setup();
    s.deps.reverify.mockResolvedValue('missing');
    await expect(
      s.service.create(authOf(), s.note, riskyBody({ password: undefined }), 'UTC'),
    ).rejects.toMatchObject({ key: 'taskPasswordRequired' });
  });

  it('refuses a risky task with a wrong password and notes the failure', async () => {
    const s = setup();
    s.deps.reverify.mockResolvedValue('wrong');
    await expect(s.service.create(authOf(), s.note, riskyBody(), 'UTC')).rejects.toMatchObject({
      key: 'taskPasswordWrong',
    });
    expect(s.noted.failure).toBe('wrong password');
  });

  it('refuses targets out of scope, listing them, and writes nothing', async () => {
    const s = setup();
    s.repo.invisibleSns.mockResolvedValue(['SN0001']);
    s.repo.invisibleGroups.mockResolvedValue(['g1']);
    await expect(s.service.create(authOf(), s.note, createBody(), 'UTC')).rejects.toMatchObject({
      key: 'taskTargetsOutOfScope',
      extra: { result: { sns: ['SN0001'], groupIds: ['g1'], ownerIds: [], modelIds: [] } },
    });
    expect(s.repo.insertTask).not.toHaveBeenCalled();
  });

  it('refuses a whitelist the caller cannot see', async () => {
    const s = setup();
    const body = createBody({
      targets: { sns: ['SN0001'], whitelistId: '00000000-0000-4000-8000-000000000002' },
    });
    await expect(s.service.create(authOf(), s.note, body, 'UTC')).rejects.toMatchObject({
      key: 'taskWhitelistNotFound',
    });
  });

  it('refuses a task that expires before it could start', async () => {
    const s = setup();
    const body = createBody({ timing: { expireAt: inHours(-1) } });
    await expect(s.service.create(authOf(), s.note, body, 'UTC')).rejects.toMatchObject({
      key: 'taskStartTooLate',
    });
  });

  it('refuses a cron expression whose fields cannot be read', async () => {
    const s = setup();
    const body = createBody({
      timing: { expireAt: inHours(24), schedule: { kind: 'cron', expr: '61 25 * * *', windowMinutes: 10 } },
    });
    await expect(s.service.create(authOf(), s.note, body, 'UTC')).rejects.toMatchObject({
      key: 'taskCronInvalid',
    });
    expect(s.repo.insertTask).not.toHaveBeenCalled();
  });

  it('refuses accounts out of scope as targets, listing them', async () => {
    const s = setup();
    const owner = '00000000-0000-4000-8000-0000000000b1';
    s.repo.invisibleOwners.mockResolvedValue([owner]);
    await expect(
      s.service.create(authOf(), s.note, createBody({ targets: { ownerIds: [owner] } }), 'UTC'),
    ).rejects.toMatchObject({ key: 'taskTargetsOutOfScope', extra: { result: { ownerIds: [owner] } } });
  });

  it('refuses a task that reaches no terminal', async () => {
    const s = setup();
    s.repo.reach.mockResolvedValue({ reach: 0, online: 0 });
    await expect(s.service.create(authOf(), s.note, createBody(), 'UTC')).rejects.toMatchObject({
      key: 'taskNoTargets',
    });
  });

  it('starts a task at once when its first run is due', async () => {
    const s = setup();
    const row = await s.service.create(authOf(), s.note, createBody(), 'UTC');
    expect(row.status).toBe('normal');
    expect(s.runner.startRun).toHaveBeenCalledOnce();
  });

  it('reads an unknown time zone as UTC', async () => {
    const s = setup();
    await s.service.create(authOf(), s.note, createBody(), 'Mars/Olympus');
    expect(s.repo.insertTask.mock.calls[0][0]).toMatchObject({ timezone: 'UTC' });
  });

  it('holds a risky task past the approval threshold for a second person and tells the approvers, not the creator', async () => {
    const s = setup();
    const auth = authOf();
    s.repo.reach.mockResolvedValue({ reach: 11, online: 0 });
    s.deps.approvers.mockResolvedValue([auth.userId, 'boss']);
    const row = await s.service.create(auth, s.note, riskyBody(), 'UTC');
    expect(row.status).toBe('pendingApproval');
    expect(s.runner.startRun).not.toHaveBeenCalled();
    expect(s.deps.notify.mock.calls.map(([n]) => n.userId)).toEqual(['boss']);
  });

  it('holds a risky task aimed at a group for approval however few terminals it reaches', async () => {
    const s = setup();
    s.repo.reach.mockResolvedValue({ reach: 1, online: 0 });
    const body = riskyBody({ targets: { groupIds: ['00000000-0000-4000-8000-0000000000a1'] } });
    expect((await s.service.create(authOf(), s.note, body, 'UTC')).status).toBe('pendingApproval');
  });

  it('runs a risky task within the threshold without approval', async () => {
    const s = setup();
    s.repo.reach.mockResolvedValue({ reach: 10, online: 0 });
    const row = await s.service.create(authOf(), s.note, riskyBody(), 'UTC');
    expect(row.approvalRequired).toBe(false);
  });
});

describe('changing a task', () => {
  it('answers taskNotFound for a task outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findVisible.mockResolvedValue(NOT_FOUND);
    await expect(s.service.stop(authOf(), s.note, 'x')).rejects.toMatchObject({ key: 'taskNotFound' });
  });

  it('will not stop a finished task', async () => {
    const s = setup();
    withTask(s, { status: 'complete' });
    await expect(s.service.stop(authOf(), s.note, 'x')).rejects.toMatchObject({ key: 'taskFinished' });
    expect(s.repo.stop).not.toHaveBeenCalled();
  });

  it('answers a refused transition when the task moved on meanwhile', async () => {
    const s = setup();
    withTask(s);
    s.repo.stop.mockResolvedValue(null);
    await expect(s.service.stop(authOf(), s.note, 'x')).rejects.toMatchObject({
      key: 'taskTransitionRefused',
    });
  });

  it.each([
    ['restarts only a stopped task', 'restart', { status: 'paused' }, 'taskTransitionRefused'],
    [
      'will not restart an expired task',
      'restart',
      { status: 'stopped', expireAt: new Date(RECORD_TIME.getTime() - 1) },
      'taskExpired',
    ],
    ['answers an overdue task’s retry as expired', 'retryFailed', { status: 'overdue' }, 'taskExpired'],
    ['has nothing to retry without a run', 'retryFailed', { status: 'normal' }, 'taskNothingToRetry'],
  ] as const)('%s', async (_name, change, state: Partial<TaskRecord>, key) => {
    const s = setup();
    withTask(s, state);
    await expect(s.service[change](authOf(), s.note, 'x')).rejects.toMatchObject({ key });
  });

  it('sends a task stopped before its approval back to waiting for approval', async () => {
    const s = setup();
    const task = withTask(s, { status: 'stopped', approvalRequired: true });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'pendingApproval' }));
    await s.service.restart(authOf(), s.note, task.id);
    expect(s.repo.transition).toHaveBeenCalledWith(
      task.id,
      ['stopped'],
      { status: 'pendingApproval' },
      RECORD_TIME,
    );
    expect(s.runner.startRun).not.toHaveBeenCalled();
  });

  it('reopens the current run on restart and nudges its terminals', async () => {
    const s = setup();
    const run = runRecord({ status: 'open' });
    const task = withTask(s, { status: 'stopped', currentRunId: run.id });
    s.repo.findRun.mockResolvedValue({ ...run, taskId: task.id });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'normal' }));
    s.repo.reopen.mockResolvedValue({ nudge: ['SN0001'] } as Awaited<ReturnType<typeof s.repo.reopen>>);
    await s.service.restart(authOf(), s.note, task.id);
    expect(s.repo.reopen).toHaveBeenCalledWith(run.id, ['cancelled'], RECORD_TIME);
    expect(s.deps.nudge).toHaveBeenCalledWith(['SN0001']);
  });

  it('releases the next wave when a task paused by its brake resumes, and nudges the terminals', async () => {
    const s = setup();
    const run = runRecord({ releasedWave: 1 });
    const rollout = { waves: [20, 100], maxFailurePercent: 10, waveMinutes: 60 };
    const task = withTask(s, { status: 'paused', rollout, currentRunId: run.id });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'normal', statusReasonEn: null }));
    s.repo.findRun.mockResolvedValue({ ...run, taskId: task.id });
    s.repo.onlineOpen.mockResolvedValue(['SN0002']);
    await s.service.resume(authOf(), s.note, task.id);
    expect(s.repo.transition.mock.calls[0][2]).toMatchObject({ status: 'normal', statusReasonEn: null });
    expect(s.repo.releaseWave).toHaveBeenCalledWith(run.id, 1, RECORD_TIME);
    expect(s.deps.nudge).toHaveBeenCalledWith(['SN0002']);
  });

  it('deletes only a task in a deletable state', async () => {
    const s = setup();
    withTask(s, { status: 'normal' });
    await expect(s.service.remove(authOf(), s.note, 'x')).rejects.toMatchObject({
      key: 'taskTransitionRefused',
    });
    expect(s.repo.removeTask).not.toHaveBeenCalled();
  });

  it('has nothing to retry when no delivery of the run failed', async () => {
    const s = setup();
    const run = runRecord();
    const task = withTask(s, { status: 'complete', currentRunId: run.id });
    s.repo.findRun.mockResolvedValue({ ...run, taskId: task.id });
    s.repo.retry.mockResolvedValue(null);
    await expect(s.service.retryFailed(authOf(), s.note, task.id)).rejects.toMatchObject({
      key: 'taskNothingToRetry',
    });
  });

  it('offers the failed deliveries again and nudges their terminals', async () => {
    const s = setup();
    const run = runRecord();
    const task = withTask(s, { status: 'complete', currentRunId: run.id });
    s.repo.findRun.mockResolvedValue({ ...run, taskId: task.id });
    s.repo.retry.mockResolvedValue({ count: 1, nudge: ['SN0001'] } as Awaited<
      ReturnType<typeof s.repo.retry>
    >);
    expect(await s.service.retryFailed(authOf(), s.note, task.id)).toEqual({ retried: 1 });
    expect(s.deps.nudge).toHaveBeenCalledWith(['SN0001']);
  });
});

/** A task awaiting approval that the caller created; answers the caller. */
const ownPendingTask = (s: ReturnType<typeof setup>) => {
  const auth = authOf();
  withTask(s, { status: 'pendingApproval', createdBy: auth.userId });
  return auth;
};

describe('approving a task', () => {
  it('never lets the creator approve their own task', async () => {
    const s = setup();
    const auth = ownPendingTask(s);
    await expect(s.service.approve(auth, s.note, 'x', 'pw')).rejects.toMatchObject({
      key: 'taskSelfApproval',
    });
    expect(s.deps.reverify).not.toHaveBeenCalled();
  });

  it('asks the approver for their own password', async () => {
    const s = setup();
    const auth = authOf();
    withTask(s, { status: 'pendingApproval' });
    s.deps.reverify.mockResolvedValue('wrong');
    await expect(s.service.approve(auth, s.note, 'x', 'pw')).rejects.toMatchObject({
      key: 'taskPasswordWrong',
    });
    expect(s.deps.reverify).toHaveBeenCalledWith(auth, 'pw');
  });

  it('tells the creator once their task is approved', async () => {
    const s = setup();
    const task = withTask(s, { status: 'pendingApproval' });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'normal' }));
    await s.service.approve(authOf(), s.note, task.id, 'pw');
    expect(s.deps.notify).toHaveBeenCalledWith(expect.objectContaining({ userId: task.createdBy }));
  });

  it('names a task the system named by its key in the approval notice, so each reader reads it', async () => {
    const s = setup();
    const nameText = {
      key: 'command' as const,
      params: { op: 'device_props', sn: 'W3SIM000001', total: 2 },
    };
    const task = withTask(s, { status: 'pendingApproval', name: 'device_props W3SIM000001 +1', nameText });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'normal' }));
    await s.service.approve(authOf(), s.note, task.id, 'pw');
    expect(s.deps.notify).toHaveBeenCalledWith(
      expect.objectContaining({
        notice: expect.objectContaining({ key: 'taskApproved', taskName: nameText }),
      }),
    );
  });

  it('never lets the creator reject their own task', async () => {
    const s = setup();
    const auth = ownPendingTask(s);
    await expect(s.service.reject(auth, s.note, 'x', 'no')).rejects.toMatchObject({
      key: 'taskSelfApproval',
    });
  });

  it('records the reason of a rejection in both languages', async () => {
    const s = setup();
    const task = withTask(s, { status: 'pendingApproval' });
    s.repo.transition.mockResolvedValue(taskRecord({ ...task, status: 'rejected' }));
    await s.service.reject(authOf(), s.note, task.id, 'too wide');
    expect(s.repo.transition.mock.calls[0][2]).toMatchObject({
      status: 'rejected',
      rejectReason: 'too wide',
      statusReason: '已驳回：too wide',
      statusReasonEn: 'Rejected: too wide',
    });
  });
});

describe('copying a task', () => {
  it('answers the task’s name as it is, for the console to mark as a copy in the reader’s language', async () => {
    const s = setup();
    withTask(s, { name: 'Prices' });
    expect(await s.service.copy(authOf(), 'x')).toMatchObject({ name: 'Prices', nameText: null });
  });

  it('answers the key of a name the system gave, so the copy’s name reads in the reader’s language', async () => {
    const s = setup();
    const nameText = { key: 'command' as const, params: { op: 'reboot', sn: 'SN0001', total: 1 } };
    withTask(s, { name: 'reboot SN0001', nameText });
    expect(await s.service.copy(authOf(), 'x')).toMatchObject({ name: 'reboot SN0001', nameText });
  });
});
