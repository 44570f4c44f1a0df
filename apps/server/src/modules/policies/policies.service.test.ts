import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/app-error';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf, NOT_FOUND } from '../../test-support/fake';
import { authOf, RECORD_TIME } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { createPoliciesRepository, PolicyRecord } from './policies.repository';
import { createPoliciesService, type PoliciesServiceDeps } from './policies.service';
import type { createPolicyFieldsRepository } from './policy-fields.repository';

const policy = (over: Partial<PolicyRecord> = {}): PolicyRecord => ({
  id: 'p-1',
  name: 'Store tills',
  description: null,
  fields: { screenTimeoutSec: { value: 60, severity: 'minor', locked: false } },
  version: 3,
  ownerId: 'ent-1',
  createdBy: 'ent-1',
  updatedById: 'ent-1',
  updatedByName: 'ent',
  createdAt: RECORD_TIME,
  updatedAt: RECORD_TIME,
  ...over,
});

const setup = () => {
  const repo = fakeOf<typeof createPoliciesRepository>({
    nameTaken: vi.fn(async () => false),
    targetsOf: vi.fn(async () => []),
    locksOver: vi.fn(async () => []),
    saveVersion: vi.fn(async (_id, row) => policy({ ...row, id: 'p-1' } as Partial<PolicyRecord>)),
    addAssignments: vi.fn(async () => 1),
  });
  const fields = fakeOf<typeof createPolicyFieldsRepository>();
  const enqueueApply = vi.fn<PoliciesServiceDeps['enqueueApply']>(async () => 'job-1');
  const converge = vi.fn<PoliciesServiceDeps['converge']>(async () => ({ terminals: 1, fields: 1 }));
  const service = createPoliciesService({ repo, fields, clock: createTestClock(), enqueueApply, converge });
  return { repo, fields, enqueueApply, converge, service };
};

const editor = () =>
  authOf({ userId: 'ent-1', username: 'ent', permissions: ['device:policy:add', 'device:policy:edit'] });
const bluetoothOn = { bluetooth: { value: true, severity: 'major' as const, locked: false } };

describe('policies service', () => {
  it('saves a change as the next version with who and why, and queues one job for the terminals it reaches', async () => {
    const { repo, service, enqueueApply } = setup();
    repo.findVisible.mockResolvedValue(policy());
    repo.targetsOf.mockResolvedValue([{ kind: 'account', id: 'ent-1' }]);
    const { note, noted } = createOperationNote();
    const answer = await service.save(editor(), note, {
      id: 'p-1',
      name: 'Store tills',
      fields: { screenTimeoutSec: { value: 120, severity: 'minor', locked: false } },
      reason: 'Longer timeout at night',
    });
    expect(answer).toEqual({ id: 'p-1', version: 4, jobId: 'job-1' });
    const [id, , version] = repo.saveVersion.mock.calls[0];
    expect(id).toBe('p-1');
    expect(version).toMatchObject({ version: 4, reason: 'Longer timeout at night', changedByName: 'ent' });
    expect(enqueueApply).toHaveBeenCalledWith({ targets: [{ kind: 'account', id: 'ent-1' }] }, 'ent-1');
    expect(noted.subject?.detail).toBe('v4: Longer timeout at night');
  });

  it('refuses a field locked above, naming the lock and who set it in both languages; nothing is written', async () => {
    const { repo, service, enqueueApply } = setup();
    repo.findVisible.mockResolvedValue(policy());
    repo.targetsOf.mockResolvedValue([{ kind: 'account', id: 'ent-1' }]);
    repo.locksOver.mockResolvedValue([
      { field: 'bluetooth', policyId: 'p-root', policyName: 'Platform baseline', setBy: 'admin' },
    ]);
    const err = await service
      .save(editor(), createOperationNote().note, {
        id: 'p-1',
        name: 'Store tills',
        fields: bluetoothOn,
        reason: 'x',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('policyFieldLocked');
    expect((err as AppError).extra.errors).toEqual([
      {
        field: 'body.fields.bluetooth',
        message: '「蓝牙」已被策略「Platform baseline」锁定（设置者：admin），不能覆盖',
        messageEn:
          'Bluetooth is locked by policy "Platform baseline" (set by admin) and cannot be overridden',
      },
    ]);
    expect(repo.locksOver).toHaveBeenCalledWith('p-1', ['bluetooth'], [{ kind: 'account', id: 'ent-1' }]);
    expect(repo.saveVersion).not.toHaveBeenCalled();
    expect(enqueueApply).not.toHaveBeenCalled();
  });

  it('refuses an empty policy, a taken name and a change without the edit permission', async () => {
    const { repo, service } = setup();
    const note = createOperationNote().note;
    await expect(service.save(editor(), note, { name: 'A', fields: {}, reason: 'x' })).rejects.toMatchObject({
      key: 'policyEmpty',
    });
    repo.nameTaken.mockResolvedValue(true);
    await expect(
      service.save(editor(), note, { name: 'A', fields: bluetoothOn, reason: 'x' }),
    ).rejects.toMatchObject({
      key: 'policyNameTaken',
    });
    const viewer = authOf({ permissions: ['device:policy:add'] });
    await expect(
      service.save(viewer, note, { id: 'p-1', name: 'A', fields: bluetoothOn, reason: 'x' }),
    ).rejects.toMatchObject({ key: 'forbidden' });
    expect(repo.saveVersion).not.toHaveBeenCalled();
  });

  it('assigns only to targets inside the caller’s accounts and below no conflicting lock', async () => {
    const { repo, service, enqueueApply } = setup();
    repo.findVisible.mockResolvedValue(policy());
    const targets = [
      { kind: 'group' as const, id: 'g-1' },
      { kind: 'terminal' as const, id: 't-1' },
    ];
    repo.targetsInScope.mockResolvedValue(1);
    await expect(service.assign(editor(), createOperationNote().note, 'p-1', targets)).rejects.toMatchObject({
      key: 'policyTargetOutOfScope',
    });
    repo.targetsInScope.mockResolvedValue(2);
    expect(await service.assign(editor(), createOperationNote().note, 'p-1', targets)).toEqual({
      jobId: 'job-1',
    });
    expect(repo.locksOver).toHaveBeenCalledWith('p-1', ['screenTimeoutSec'], targets);
    expect(enqueueApply).toHaveBeenCalledWith({ targets }, 'ent-1');
  });

  it('keeps a policy that is still assigned, and answers not found outside the caller’s scope', async () => {
    const { repo, service } = setup();
    repo.findVisible.mockResolvedValue(policy());
    repo.targetsOf.mockResolvedValue([{ kind: 'account', id: 'ent-1' }]);
    await expect(service.remove(editor(), createOperationNote().note, 'p-1')).rejects.toMatchObject({
      key: 'policyInUse',
    });
    expect(repo.remove).not.toHaveBeenCalled();
    repo.findVisible.mockResolvedValue(NOT_FOUND);
    await expect(
      service.converge(editor(), createOperationNote().note, { policyId: 'p-1', allOrNothing: false }),
    ).rejects.toMatchObject({
      key: 'notFound',
    });
  });

  it('lists drifted terminals under every severity, zero where none drifted, with their total', async () => {
    const { fields, service } = setup();
    fields.driftBySeverity.mockResolvedValue([
      { severity: 'major', terminals: 3 },
      { severity: 'critical', terminals: 1 },
    ]);
    const auth = editor();
    expect(await service.drift(auth)).toEqual({
      bySeverity: [
        { severity: 'critical', terminals: 1 },
        { severity: 'major', terminals: 3 },
        { severity: 'minor', terminals: 0 },
        { severity: 'log', terminals: 0 },
      ],
      total: 4,
    });
    expect(fields.driftBySeverity).toHaveBeenCalledWith(auth);
  });
});
