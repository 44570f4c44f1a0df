import { type TerminalSave, TerminalSaveSchema } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeOf, NOT_FOUND } from '../../test-support/fake';
import { authOf, RECORD_TIME, terminalListRecord, terminalRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { FleetEvents } from './fleet-events';
import type { createTerminalsRepository } from './terminals.repository';
import { createTerminalsService } from './terminals.service';

const MODEL = '00000000-0000-4000-8000-0000000000a1';
const GROUP = '00000000-0000-4000-8000-0000000000b1';
const EDITOR = ['device:terminal:add', 'device:terminal:edit'];

const saveInput = (over: Partial<TerminalSave> = {}) =>
  TerminalSaveSchema.parse({
    sn: 'sn0001',
    name: 'Till 1',
    modelId: MODEL,
    groupId: GROUP,
    storeName: 'Main street',
    mac: 'aa-bb-cc-dd-ee-ff',
    ...over,
  });

/** A terminals service on fakes: model and group exist, nothing is taken, the saved terminal is found. */
const setup = () => {
  const repo = fakeOf<typeof createTerminalsRepository>();
  const deps = {
    repo,
    clock: createTestClock(RECORD_TIME),
    broker: null,
    events: { emit: vi.fn() } as unknown as FleetEvents & { emit: ReturnType<typeof vi.fn> },
    forgetDevice: vi.fn(),
    snReserved: vi.fn((sn: string) => sn === 'BROKER'),
    countTakenAnswers: vi.fn(async () => {}),
  };
  repo.modelExists.mockResolvedValue(true);
  repo.accountVisible.mockResolvedValue(true);
  repo.findGroup.mockResolvedValue({ id: GROUP } as Awaited<ReturnType<typeof repo.findGroup>>);
  repo.storeScopeGroupIds.mockResolvedValue(null);
  repo.findBySn.mockResolvedValue(NOT_FOUND);
  repo.findByMac.mockResolvedValue(NOT_FOUND);
  repo.findInScope.mockResolvedValue([]);
  repo.findRowBySn.mockImplementation(async (_auth, sn) => terminalListRecord({ sn }));
  return { deps, repo, service: createTerminalsService(deps) };
};

/** The SN or MAC lookup finds a terminal inside the caller's scope. */
const ownTerminalFound = (s: ReturnType<typeof setup>, lookup: 'findBySn' | 'findByMac', sn: string) => {
  const own = terminalRecord({ sn });
  s.repo[lookup].mockResolvedValue(own);
  s.repo.findInScope.mockResolvedValue([{ id: own.id, sn: own.sn }] as Awaited<
    ReturnType<typeof s.repo.findInScope>
  >);
};

describe('adding a terminal', () => {
  it('stores the SN upper case and the MAC with colons', async () => {
    const s = setup();
    await s.service.save(authOf({ permissions: EDITOR }), saveInput());
    expect(s.repo.insert.mock.calls[0][0]).toMatchObject({
      sn: 'SN0001',
      mac: 'AA:BB:CC:DD:EE:FF',
      status: 'shipped',
    });
  });

  it('refuses a reserved SN', async () => {
    const s = setup();
    await expect(s.service.save(authOf(), saveInput({ sn: 'broker' }))).rejects.toMatchObject({
      key: 'terminalSnUnavailable',
    });
  });

  it('refuses an unknown model', async () => {
    const s = setup();
    s.repo.modelExists.mockResolvedValue(false);
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({ key: 'modelUnknown' });
  });

  it('refuses a group outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findGroup.mockResolvedValue(NOT_FOUND);
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({ key: 'groupUnknown' });
  });

  it('refuses an owner the caller cannot see', async () => {
    const s = setup();
    s.repo.accountVisible.mockResolvedValue(false);
    const input = saveInput({ ownerId: '00000000-0000-4000-8000-0000000000c1' });
    await expect(s.service.save(authOf(), input)).rejects.toMatchObject({ key: 'ownerUnknown' });
  });

  it('refuses a store outside the caller’s store scope', async () => {
    const s = setup();
    s.repo.storeScopeGroupIds.mockResolvedValue(new Set(['another']));
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({ key: 'storeNotAddable' });
  });

  it('refuses another enterprise’s SN as a reserved one, without saying it is registered, and counts it', async () => {
    const s = setup();
    const auth = authOf();
    s.repo.findBySn.mockResolvedValue(terminalRecord({ sn: 'SN0001' }));
    await expect(s.service.save(auth, saveInput())).rejects.toMatchObject({ key: 'terminalSnUnavailable' });
    expect(s.deps.countTakenAnswers).toHaveBeenCalledWith(auth.userId, 1);
  });

  it('does not count an "already registered" answer about one’s own terminal', async () => {
    const s = setup();
    ownTerminalFound(s, 'findBySn', 'SN0001');
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({ key: 'terminalSnTaken' });
    expect(s.deps.countTakenAnswers).not.toHaveBeenCalledWith(expect.anything(), 1);
  });

  it('refuses a MAC another enterprise’s terminal holds without saying it is used', async () => {
    const s = setup();
    s.repo.findByMac.mockResolvedValue(terminalRecord({ sn: 'OTHER' }));
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({
      key: 'terminalMacUnavailable',
    });
    expect(s.repo.insert).not.toHaveBeenCalled();
  });

  it('refuses a MAC one’s own terminal holds as used by another terminal', async () => {
    const s = setup();
    ownTerminalFound(s, 'findByMac', 'OTHER');
    await expect(s.service.save(authOf(), saveInput())).rejects.toMatchObject({ key: 'terminalMacTaken' });
  });
});

describe('editing a terminal', () => {
  it('needs the edit button', async () => {
    const s = setup();
    const input = saveInput({ id: '00000000-0000-4000-8000-0000000000d1' });
    await expect(
      s.service.save(authOf({ permissions: ['device:terminal:add'] }), input),
    ).rejects.toMatchObject({
      key: 'forbidden',
    });
  });

  it('answers terminalNotFound for a terminal outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findById.mockResolvedValue(terminalRecord());
    const input = saveInput({ id: '00000000-0000-4000-8000-0000000000d1' });
    await expect(s.service.save(authOf({ permissions: EDITOR }), input)).rejects.toMatchObject({
      key: 'terminalNotFound',
    });
  });

  it('forgets what every instance cached about the terminal', async () => {
    const s = setup();
    const existing = terminalRecord({ sn: 'SN0001', groupId: GROUP });
    s.repo.findById.mockResolvedValue(existing);
    s.repo.findInScope.mockResolvedValue([{ id: existing.id, sn: existing.sn }] as Awaited<
      ReturnType<typeof s.repo.findInScope>
    >);
    await s.service.save(authOf({ permissions: EDITOR }), saveInput({ id: existing.id }));
    expect(s.deps.forgetDevice).toHaveBeenCalledWith('SN0001');
  });

  it('keeps the terminal password when the form leaves it empty', async () => {
    const s = setup();
    const existing = terminalRecord({ sn: 'SN0001', groupId: GROUP, password: 'old1' });
    s.repo.findById.mockResolvedValue(existing);
    s.repo.findInScope.mockResolvedValue([{ id: existing.id, sn: existing.sn }] as Awaited<
      ReturnType<typeof s.repo.findInScope>
    >);
    await s.service.save(authOf({ permissions: EDITOR }), saveInput({ id: existing.id }));
    expect(s.repo.update.mock.calls[0][1]).not.toHaveProperty('password');
  });
});

describe('deleting and moving terminals', () => {
  it('deletes only terminals in the caller’s scope, found by SN in any case', async () => {
    const s = setup();
    s.repo.findInScope.mockResolvedValue([]);
    expect(await s.service.remove(authOf(), ['sn0001'])).toEqual({ deleted: 0 });
    expect(s.repo.findInScope).toHaveBeenCalledWith(expect.anything(), ['SN0001']);
    expect(s.repo.deleteByIds).not.toHaveBeenCalled();
  });

  it('refuses a move into an unknown group', async () => {
    const s = setup();
    s.repo.findGroup.mockResolvedValue(NOT_FOUND);
    await expect(s.service.move(authOf(), ['SN0001'], GROUP)).rejects.toMatchObject({ key: 'groupUnknown' });
  });
});
