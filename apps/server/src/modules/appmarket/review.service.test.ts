import { type VersionUpdate, VersionUpdateSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { NOT_FOUND } from '../../test-support/fake';
import { appRecord, appVersionRecord, authOf, RECORD_TIME } from '../../test-support/records';
import { fakeMarket } from './market-fakes';
import { createReviewService } from './review.service';

/** The review rules on the real market core over fakes: one app of the caller with one pending version. */
const setup = () => {
  const { deps, core } = fakeMarket();
  const app = appRecord();
  const version = appVersionRecord({ appId: app.id, reviewStatus: 'pending', createdBy: app.ownerId });
  deps.repo.findVersion.mockResolvedValue(version);
  deps.repo.findOwned.mockResolvedValue(app);
  const { note } = createOperationNote();
  return { deps, repo: deps.repo, app, version, note, service: createReviewService(core) };
};

/** Approving the version must be refused with `key`. */
const approvalRefused = (s: ReturnType<typeof setup>, key: string) =>
  expect(s.service.audit(authOf(), s.note, { id: s.version.id, approved: true })).rejects.toMatchObject({
    key,
  });

/** Reviews the version into `status` with `reason`; answers the values its transition wrote. */
const audited = async (s: ReturnType<typeof setup>, status: 'approved' | 'rejected', reason: string) => {
  s.repo.transitionVersion.mockResolvedValue({ ...s.version, reviewStatus: status });
  await s.service.audit(authOf(), s.note, { id: s.version.id, approved: status === 'approved', reason });
  return s.repo.transitionVersion.mock.calls[0][3];
};

const update = (over: Partial<VersionUpdate>) =>
  VersionUpdateSchema.parse({ id: '00000000-0000-4000-8000-0000000000e1', ...over });

describe('reviewing a version', () => {
  it('answers appVersionNotFound for a version of an app outside the reviewer’s scope', async () => {
    const s = setup();
    s.repo.findOwned.mockResolvedValue(null);
    await approvalRefused(s, 'appVersionNotFound');
    expect(s.repo.transitionVersion).not.toHaveBeenCalled();
  });

  it('keeps a rejection’s reason, trimmed, and tells the publisher why', async () => {
    const s = setup();
    expect(await audited(s, 'rejected', '  No notes  ')).toMatchObject({
      reviewStatus: 'rejected',
      rejectReason: 'No notes',
    });
    expect(s.deps.notifyUser).toHaveBeenCalledWith(
      expect.objectContaining({ userId: s.app.ownerId, content: expect.stringContaining('No notes') }),
    );
    // Each reader sees the notice in their own language: it carries its key and values.
    expect(s.deps.notifyUser).toHaveBeenCalledWith(
      expect.objectContaining({
        notice: {
          key: 'appRejected',
          params: expect.objectContaining({ app: s.app.name, note: 'No notes' }),
        },
      }),
    );
  });

  it('clears the reason of an approval', async () => {
    const s = setup();
    expect(await audited(s, 'approved', 'ignored')).toMatchObject({
      reviewStatus: 'approved',
      rejectReason: null,
    });
  });

  it('answers appReviewConflict when the version left review meanwhile, telling nobody', async () => {
    const s = setup();
    s.repo.transitionVersion.mockResolvedValue(NOT_FOUND);
    await approvalRefused(s, 'appReviewConflict');
    expect(s.deps.notifyUser).not.toHaveBeenCalled();
  });

  it('answers appReviewConflict for a submission from a state that cannot be submitted', async () => {
    const s = setup();
    s.repo.transitionVersion.mockResolvedValue(NOT_FOUND);
    await expect(s.service.submit(authOf(), s.version.id)).rejects.toMatchObject({
      key: 'appReviewConflict',
    });
  });
});

describe('editing a version', () => {
  it('locks every field but auto-update once the version is under review', async () => {
    const s = setup();
    s.repo.updateVersion.mockResolvedValue(NOT_FOUND);
    await expect(
      s.service.updateVersion(authOf(), update({ releaseNotesEn: 'New notes' })),
    ).rejects.toMatchObject({
      key: 'appVersionLocked',
    });
  });

  it('changes only auto-update of a version under review', async () => {
    const s = setup();
    s.repo.updateVersion
      .mockResolvedValueOnce(NOT_FOUND)
      .mockResolvedValueOnce({ ...s.version, autoUpdate: true });
    await s.service.updateVersion(authOf(), update({ autoUpdate: true }));
    expect(s.repo.updateVersion.mock.calls[1].slice(1)).toEqual([
      ['pending', 'approved'],
      { autoUpdate: true, updatedAt: RECORD_TIME },
    ]);
  });
});

describe('deleting a version', () => {
  it('refuses a version that went out and keeps its file', async () => {
    const s = setup();
    s.repo.deleteVersion.mockResolvedValue(NOT_FOUND);
    await expect(s.service.removeVersion(authOf(), s.version.id)).rejects.toMatchObject({
      key: 'appLaunchedDelete',
    });
    expect(s.deps.blobs.removeBlob).not.toHaveBeenCalled();
  });

  it('removes the stored package with the version', async () => {
    const s = setup();
    s.repo.deleteVersion.mockResolvedValue(s.version);
    await s.service.removeVersion(authOf(), s.version.id);
    expect(s.deps.blobs.removeBlob).toHaveBeenCalledWith(s.version.blobId);
  });
});
