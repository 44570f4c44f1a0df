import { describe, expect, it } from 'vitest';
import { appRecord, appVersionRecord } from '../../test-support/records';
import { createAppEventsService } from './app-events.service';
import { fakeMarket } from './market-fakes';

const setup = () => {
  const { deps, core } = fakeMarket();
  const app = appRecord();
  const v3 = appVersionRecord({ appId: app.id, versionCode: 3, versionName: '1.2.0' });
  deps.repo.findByPackage.mockResolvedValue(app);
  deps.repo.versionsOf.mockResolvedValue([v3]);
  deps.repo.isAutoUpdateTask.mockResolvedValue(false);
  return { deps, app, v3, service: createAppEventsService(core) };
};

const at = new Date('2026-06-01T09:00:00Z');

/** The terminal SN1 reports version 3 installed, having run `before`. */
const installed = (s: ReturnType<typeof setup>, before: number | null) =>
  s.service.recordTerminalApp('SN1', {
    installed: true,
    packageName: s.app.packageName,
    versionCode: 3,
    before,
    at,
  });

describe('what terminals report of apps', () => {
  it('counts a crash and an ANR apart, per terminal and hour', async () => {
    const s = setup();
    const when = new Date('2026-06-01T08:42:00Z');
    await s.service.recordCrash('SN1', {
      type: 'appAnr',
      packageName: 'com.cpm.demo',
      versionCode: 3,
      at: when,
    });
    expect(s.deps.repo.addCrash).toHaveBeenCalledWith({
      packageName: 'com.cpm.demo',
      versionCode: 3,
      sn: 'SN1',
      hour: new Date('2026-06-01T08:00:00Z'),
      crashes: 0,
      anrs: 1,
    });
  });

  it.each([
    [null, 'install'],
    [1, 'upgrade'],
    [3, 'reinstall'],
    [5, 'downgrade'],
  ] as const)('names an install of version 3 over %s a(n) %s', async (before, kind) => {
    const s = setup();
    await installed(s, before);
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind,
      versionId: s.v3.id,
      versionName: '1.2.0',
      sn: 'SN1',
      ownerId: s.app.ownerId,
      at,
    });
  });

  it('records a reinstall as the work of the user whose install task brought it, not of the terminal', async () => {
    const s = setup();
    s.deps.installer.taskOf.mockResolvedValue({ taskId: 'task-7', createdBy: 'user-1' });
    s.deps.accountById.mockResolvedValue({ id: 'user-1', name: 'Ann', username: 'ann', email: null });
    await installed(s, 3);
    expect(s.deps.installer.taskOf).toHaveBeenCalledWith('SN1', s.v3.id, at);
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind: 'reinstall',
      actorId: 'user-1',
      actorName: 'ann',
      detailText: { key: 'versionChange', params: { before: 3, after: 3 } },
      taskId: 'task-7',
    });
  });

  it('records an install the auto-update job sent as the system’s', async () => {
    const s = setup();
    s.deps.installer.taskOf.mockResolvedValue({ taskId: 'task-8', createdBy: 'user-1' });
    s.deps.repo.isAutoUpdateTask.mockResolvedValue(true);
    await installed(s, 1);
    expect(s.deps.repo.isAutoUpdateTask).toHaveBeenCalledWith(s.v3.id, 'task-8');
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind: 'upgrade',
      actorId: null,
      actorName: 'system',
    });
  });

  it('records an install no task sent as the terminal’s own, never naming its SN as the actor', async () => {
    const s = setup();
    await installed(s, 3);
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind: 'reinstall',
      actorId: null,
      actorName: 'terminal',
    });
  });

  it('answers who acted by kind; an older record that named the SN is the terminal’s', async () => {
    const s = setup();
    const row = (over: { actorId: string | null; actorName: string }) => ({
      id: 'r',
      seq: 1,
      appId: s.app.id,
      versionId: s.v3.id,
      fromStatus: null,
      toStatus: null,
      appName: 'DemoPay',
      packageName: 'com.cpm.demo',
      versionName: '1.2.0',
      sn: 'SN1',
      detail: '',
      detailText: null,
      taskId: null,
      result: 'success' as const,
      ownerId: s.app.ownerId,
      kind: 'install',
      at,
      ...over,
    });
    s.deps.repo.events.mockResolvedValue([
      row({ actorId: 'user-1', actorName: 'ann' }),
      row({ actorId: null, actorName: 'system' }),
      row({ actorId: null, actorName: 'terminal' }),
      row({ actorId: null, actorName: 'SN1' }),
    ] as never);
    s.deps.repo.countEvents.mockResolvedValue(4);
    const page = await s.service.records({ userId: 'u', dataScope: { all: true } } as never, {
      current: 1,
      size: 10,
    });
    expect(page.records.map((r) => r.actorKind)).toEqual(['user', 'system', 'terminal', 'terminal']);
  });
});
