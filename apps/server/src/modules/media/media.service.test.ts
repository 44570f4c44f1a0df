import { Readable } from 'node:stream';
import { BOOT_BUILD_JOB_KIND, type BootAnimationBuild, BootAnimationBuildSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { authOf, bootAnimationRecord, RECORD_TIME, wallpaperRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { BlobsService, UploadSource } from '../blobs/blobs.service';
import type { JobsService } from '../jobs/jobs.service';
import type { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { pngOf } from './media-fixtures';

const FRAME = '00000000-0000-4000-8000-0000000000f1';

const buildBody = (over: Partial<BootAnimationBuild> = {}) =>
  BootAnimationBuildSchema.parse({
    name: 'Welcome',
    format: 'png',
    width: 32,
    height: 24,
    fps: 10,
    frameIds: [FRAME],
    ...over,
  });

const upload = (name: string | undefined, bytes = pngOf(8, 8)): UploadSource => ({
  kind: 'wallpaper',
  name,
  stream: Readable.from([bytes]),
});

/** A stored frame as the blob store hands it out. */
const frameDownload = (bytes: Buffer) =>
  ({ blob: { kind: 'bootFrame' }, open: async () => Readable.from([bytes]) }) as unknown as Awaited<
    ReturnType<BlobsService['openDownload']>
  >;

/** A media service on fakes: names are free, stored blobs are read to the end as the store would. */
const setup = () => {
  const repo = fakeOf<typeof createMediaRepository>();
  const blobs = fakeOf<BlobsService>();
  const jobs = fakeOf<Pick<JobsService, 'enqueueJob' | 'registerHandler' | 'schedule'>>();
  repo.wallpaperNameTaken.mockResolvedValue(false);
  repo.bootNameTaken.mockResolvedValue(false);
  blobs.signUrl.mockReturnValue({ url: '/signed' } as ReturnType<BlobsService['signUrl']>);
  blobs.storeUpload.mockImplementation(async (source) => {
    for await (const _ of source.stream);
    return { id: 'blob', mediaType: 'image/png', size: 10, sha256: 'c'.repeat(64) } as Awaited<
      ReturnType<BlobsService['storeUpload']>
    >;
  });
  jobs.enqueueJob.mockResolvedValue({ id: 'job' } as Awaited<ReturnType<JobsService['enqueueJob']>>);
  const service = createMediaService({ repo, blobs, jobs, clock: createTestClock(RECORD_TIME) });
  return { repo, blobs, jobs, service };
};

describe('wallpapers', () => {
  it('refuses a name with Chinese or special characters and stores nothing', async () => {
    const s = setup();
    await expect(s.service.uploadWallpaper(authOf(), upload('大堂.png'))).rejects.toMatchObject({
      key: 'mediaNameInvalid',
    });
    expect(s.blobs.storeUpload).not.toHaveBeenCalled();
  });

  it('refuses a name the enterprise already uses and stores nothing', async () => {
    const s = setup();
    s.repo.wallpaperNameTaken.mockResolvedValue(true);
    await expect(s.service.uploadWallpaper(authOf(), upload('lobby.png'))).rejects.toMatchObject({
      key: 'mediaNameTaken',
    });
    expect(s.blobs.storeUpload).not.toHaveBeenCalled();
  });

  it('keeps the resolution read from the image and the description', async () => {
    const s = setup();
    s.repo.insertWallpaper.mockImplementation(async (values) => wallpaperRecord(values));
    const row = await s.service.uploadWallpaper(authOf(), upload('lobby.png', pngOf(64, 40)), 'Lobby');
    expect(row).toMatchObject({ kind: 'image', width: 64, height: 40, description: 'Lobby' });
  });

  it('drops the stored file when a twin upload took the name meanwhile', async () => {
    const s = setup();
    s.repo.insertWallpaper.mockResolvedValue(null);
    await expect(s.service.uploadWallpaper(authOf(), upload('lobby.png'))).rejects.toMatchObject({
      key: 'mediaNameTaken',
    });
    expect(s.blobs.removeBlob).toHaveBeenCalledWith('blob');
  });

  it('answers mediaNotFound for a wallpaper outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findWallpaper.mockResolvedValue(null);
    await expect(s.service.removeWallpaper(authOf(), 'x')).rejects.toMatchObject({ key: 'mediaNotFound' });
    expect(s.repo.removeWallpaper).not.toHaveBeenCalled();
  });

  it('removes the stored file with the wallpaper', async () => {
    const s = setup();
    const row = wallpaperRecord();
    s.repo.findWallpaper.mockResolvedValue(row);
    await s.service.removeWallpaper(authOf(), row.id);
    expect(s.repo.removeWallpaper).toHaveBeenCalledWith(row.id);
    expect(s.blobs.removeBlob).toHaveBeenCalledWith(row.blobId);
  });
});

describe('boot animations', () => {
  it('refuses building under a name the enterprise already uses', async () => {
    const s = setup();
    s.repo.bootNameTaken.mockResolvedValue(true);
    await expect(s.service.build(authOf(), buildBody())).rejects.toMatchObject({ key: 'mediaNameTaken' });
    expect(s.jobs.enqueueJob).not.toHaveBeenCalled();
  });

  it('refuses a build listing one frame twice', async () => {
    const s = setup();
    await expect(s.service.build(authOf(), buildBody({ frameIds: [FRAME, FRAME] }))).rejects.toMatchObject({
      key: 'bootFrameNotFound',
    });
  });

  it('refuses a frame of another size than the animation', async () => {
    const s = setup();
    s.blobs.openDownload.mockResolvedValue(frameDownload(pngOf(16, 16)));
    await expect(s.service.build(authOf(), buildBody())).rejects.toMatchObject({ key: 'bootFrameWrongSize' });
  });

  it('queues one build per account and name, so asking twice answers the same job', async () => {
    const s = setup();
    const auth = authOf();
    s.blobs.openDownload.mockResolvedValue(frameDownload(pngOf(32, 24)));
    expect(await s.service.build(auth, buildBody())).toEqual({ jobId: 'job' });
    expect(s.jobs.enqueueJob.mock.calls[0][0]).toMatchObject({
      singletonKey: `${BOOT_BUILD_JOB_KIND}:${auth.userId}:Welcome`,
    });
  });

  it('answers mediaNotFound for a frame past the last', async () => {
    const s = setup();
    s.repo.findBoot.mockResolvedValue(bootAnimationRecord());
    await expect(s.service.frame(authOf(), 'x', 20)).rejects.toMatchObject({ key: 'mediaNotFound' });
  });

  it('removes the stored ZIP with the animation', async () => {
    const s = setup();
    const row = bootAnimationRecord();
    s.repo.findBoot.mockResolvedValue(row);
    await s.service.removeBoot(authOf(), row.id);
    expect(s.blobs.removeBlob).toHaveBeenCalledWith(row.blobId);
  });
});
