import { describe, expect, it } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { NOT_FOUND } from '../../test-support/fake';
import { appVersionRecord, authOf } from '../../test-support/records';
import { fakeMarketVersion, marketTerminal } from './market-fakes';
import { createReleaseService } from './release.service';

/** An approved version 3 of the caller's app; terminals answer for every SN asked of them. */
const setup = () => {
  const { deps, core, app, version } = fakeMarketVersion({ reviewStatus: 'approved', releaseStatus: 'none' });
  deps.repo.findVersion.mockResolvedValue(version);
  deps.repo.findOwned.mockResolvedValue(app);
  deps.fleet.bySns.mockImplementation(async (_auth, sns) => sns.map((sn) => marketTerminal(sn)));
  const { note } = createOperationNote();
  return { deps, app, version, note, service: createReleaseService(core) };
};

describe('releasing a version', () => {
  it('refuses a gray release to SNs outside the caller’s scope, listing them', async () => {
    const s = setup();
    s.deps.fleet.bySns.mockResolvedValue([marketTerminal('MKSIM001')]);
    await expect(
      s.service.release(authOf(), s.note, {
        id: s.version.id,
        action: 'gray',
        sns: ['MKSIM001', 'NOSUCH01'],
      }),
    ).rejects.toMatchObject({ key: 'appGraySnsUnknown', extra: { result: { sns: ['NOSUCH01'] } } });
    expect(s.deps.repo.transitionVersion).not.toHaveBeenCalled();
  });

  it('installs a gray release on its SNs, checked against the app’s signer', async () => {
    const s = setup();
    const sns = ['MKSIM001', 'MKSIM002'];
    const row = await s.service.release(authOf(), s.note, { id: s.version.id, action: 'gray', sns });
    expect(row).toMatchObject({ releaseStatus: 'gray', graySns: sns });
    expect(s.deps.installer.install.mock.calls[0][0]).toMatchObject({
      reason: 'gray',
      versionCode: 3,
      sns,
      signerSha256: s.version.signerSha256,
      downgrade: false,
    });
  });

  it('an official release with auto update off pushes nothing, says why, and ends the earlier gray release', async () => {
    const s = setup();
    const gray = appVersionRecord({ appId: s.app.id, versionCode: 1, releaseStatus: 'gray' });
    s.deps.repo.versionsOf.mockResolvedValue([s.version, gray]);
    s.deps.repo.supersedeGray.mockImplementation(async (_appId, _below, values, eventOf) => {
      const moved = { ...gray, ...values, releaseStatus: 'superseded' as const };
      s.deps.repo.addEvent(eventOf(moved));
      return [moved];
    });
    s.deps.fleet.running.mockResolvedValue([marketTerminal('MKSIM001', 1)]);
    const row = await s.service.release(authOf(), s.note, { id: s.version.id, action: 'official' });
    expect(row).toMatchObject({
      releaseStatus: 'official',
      outcome: { pushed: 0, taskId: null, notPushed: 'autoUpdateOff', superseded: ['1.0.0'] },
    });
    expect(s.deps.installer.install).not.toHaveBeenCalled();
    expect(s.deps.repo.supersedeGray.mock.calls[0].slice(0, 2)).toEqual([s.app.id, 3]);
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind: 'supersede',
      versionId: gray.id,
      fromStatus: 'gray',
      toStatus: 'superseded',
    });
  });

  it('an official release with auto update on sends the terminals running older versions an install task', async () => {
    const s = setup();
    s.deps.repo.findVersion.mockResolvedValue({ ...s.version, autoUpdate: true });
    s.deps.repo.transitionVersion.mockImplementation(
      async (_id, _field, _from, values) => ({ ...s.version, autoUpdate: true, ...values }) as never,
    );
    s.deps.repo.versionsOf.mockResolvedValue([s.version]);
    s.deps.repo.supersedeGray.mockResolvedValue([]);
    s.deps.fleet.running.mockResolvedValue([marketTerminal('MKSIM001', 1), marketTerminal('MKSIM002', 3)]);
    const row = await s.service.release(authOf(), s.note, { id: s.version.id, action: 'official' });
    expect(row.outcome).toEqual({ pushed: 1, taskId: 'task', notPushed: null, superseded: [] });
    expect(s.deps.installer.install.mock.calls[0][0]).toMatchObject({
      reason: 'official',
      sns: ['MKSIM001'],
    });
  });

  it('answers appReleaseConflict when the release state does not allow the step', async () => {
    const s = setup();
    s.deps.repo.transitionVersion.mockResolvedValue(NOT_FOUND);
    await expect(
      s.service.release(authOf(), s.note, { id: s.version.id, action: 'gray', sns: ['MKSIM003'] }),
    ).rejects.toMatchObject({ key: 'appReleaseConflict' });
    expect(s.deps.installer.install).not.toHaveBeenCalled();
  });

  it('refuses a rollback without an earlier released version', async () => {
    const s = setup();
    s.deps.repo.previousVersion.mockResolvedValue(NOT_FOUND);
    await expect(
      s.service.release(authOf(), s.note, { id: s.version.id, action: 'rollback' }),
    ).rejects.toMatchObject({
      key: 'appRollbackNone',
    });
  });

  it('rolls back the terminals running the version and its gray SNs to the previous one, as a downgrade', async () => {
    const s = setup();
    const previous = appVersionRecord({ appId: s.app.id, versionCode: 1 });
    s.deps.repo.findVersion.mockResolvedValue({
      ...s.version,
      releaseStatus: 'paused',
      graySns: ['MKSIM002'],
    });
    s.deps.repo.previousVersion.mockResolvedValue(previous);
    s.deps.fleet.running.mockResolvedValue([marketTerminal('MKSIM001', 3), marketTerminal('MKSIM003', 1)]);
    await s.service.release(authOf(), s.note, { id: s.version.id, action: 'rollback' });
    expect(s.deps.installer.install.mock.calls[0][0]).toMatchObject({
      reason: 'rollback',
      versionCode: 1,
      downgrade: true,
      sns: ['MKSIM001', 'MKSIM002'],
    });
  });

  it('says an app without an official release needs a version chosen, not that the app is missing', async () => {
    const s = setup();
    s.deps.repo.findViewable.mockResolvedValue(s.app);
    s.deps.repo.versionsOf.mockResolvedValue([{ ...s.version, releaseStatus: 'gray' }]);
    await expect(s.service.installResource(authOf(), { appId: s.app.id })).rejects.toMatchObject({
      key: 'appNoOfficialVersion',
    });
    const gray = await s.service.installResource(authOf(), { appId: s.app.id, versionId: s.version.id });
    expect(gray.resource.id).toBe(s.version.id);
  });

  it('answers appNotFound for an install of an app the caller cannot see', async () => {
    const s = setup();
    s.deps.repo.findViewable.mockResolvedValue(NOT_FOUND);
    await expect(s.service.installResource(authOf(), { appId: s.app.id })).rejects.toMatchObject({
      key: 'appNotFound',
    });
  });
});
