import { Readable } from 'node:stream';
import {
  BOOT_BUILD_JOB_KIND,
  BOOT_FRAME_KEEP_HOURS,
  type BootAnimationBuild,
  BootAnimationBuildSchema,
} from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error';
import { fakeOf, holding } from '../../test-support/fake';
import { authOf, bootAnimationRecord, RECORD_TIME, wallpaperRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { BlobsService, UploadSource } from '../blobs/blobs.service';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import type { createMediaRepository } from './media.repository';
import { createMediaService, SWEEP_FRAMES_JOB_KIND } from './media.service';
import { jpegOf, mp4Of, pngOf, storedZip } from './media-fixtures';

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
  /** The handler the service registered for a job kind. */
  const handlerOf = (kind: string) =>
    jobs.registerHandler.mock.calls.find(([k]) => k === kind)?.[1] as (
      ctx: Partial<JobContext>,
    ) => Promise<unknown>;
  return { repo, blobs, jobs, service, handlerOf };
};

/** An upload of a ready-made boot animation ZIP named `name` (eight bytes: never read when refused). */
const zipUpload = (name: string) => ({
  kind: 'bootAnimation' as const,
  name,
  stream: Readable.from([Buffer.alloc(8)]),
});

describe('wallpapers', () => {
  it.each(['大堂.png', 'a/b.png', 'my#photo.png', '$x.png'])(
    'refuses the name %s (Chinese or special characters) and stores nothing',
    async (name) => {
      const s = setup();
      await expect(s.service.uploadWallpaper(authOf(), upload(name))).rejects.toMatchObject({
        key: 'mediaNameInvalid',
      });
      expect(s.blobs.storeUpload).not.toHaveBeenCalled();
    },
  );

  it('refuses a name the enterprise already uses and stores nothing', async () => {
    const s = setup();
    const auth = authOf();
    s.repo.wallpaperNameTaken.mockResolvedValue(true);
    await expect(s.service.uploadWallpaper(auth, upload('lobby.png'))).rejects.toMatchObject({
      key: 'mediaNameTaken',
    });
    // Names are the enterprise's own: another may use the same one.
    expect(s.repo.wallpaperNameTaken).toHaveBeenCalledWith(auth.userId, 'lobby.png');
    expect(s.blobs.storeUpload).not.toHaveBeenCalled();
  });

  it('judges a file by its content: a ZIP named .jpg is refused', async () => {
    const s = setup();
    const zip = storedZip([['a.txt', Buffer.from('hello world, not an image')]]);
    await expect(s.service.uploadWallpaper(authOf(), upload('photo.jpg', zip))).rejects.toMatchObject({
      key: 'uploadTypeRefused',
    });
    expect(s.repo.insertWallpaper).not.toHaveBeenCalled();
  });

  it('refuses an image whose resolution cannot be read', async () => {
    const s = setup();
    const broken = Buffer.concat([pngOf(8, 8).subarray(0, 8), Buffer.alloc(40, 1)]);
    await expect(s.service.uploadWallpaper(authOf(), upload('broken.png', broken))).rejects.toMatchObject({
      key: 'mediaUnreadable',
    });
    expect(s.repo.insertWallpaper).not.toHaveBeenCalled();
  });

  it('keeps an MP4 as a video with its resolution and duration', async () => {
    const s = setup();
    s.repo.insertWallpaper.mockImplementation(async (values) => wallpaperRecord(values));
    const video = mp4Of(1280, 720, { durationMs: 12_500, mdatBytes: 3_000 });
    const row = await s.service.uploadWallpaper(authOf(), upload('promo.mp4', video));
    expect(row).toMatchObject({ kind: 'video', width: 1280, height: 720, durationMs: 12_500 });
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
    const row = holding(s.repo.findWallpaper, wallpaperRecord());
    await s.service.removeWallpaper(authOf(), row.id);
    expect(s.repo.removeWallpaper).toHaveBeenCalledWith(row.id);
    expect(s.blobs.removeBlob).toHaveBeenCalledWith(row.blobId);
  });
});

describe('boot animation frames', () => {
  const frame = (name: string, bytes: Buffer) => ({
    kind: 'bootFrame' as const,
    name,
    stream: Readable.from([bytes]),
  });
  const want = { format: 'png' as const, width: 32, height: 24 };

  it('refuses a frame not exactly the screen size, saying both sizes', async () => {
    const s = setup();
    await expect(s.service.uploadFrame(authOf(), frame('f.png', pngOf(32, 25)), want)).rejects.toMatchObject({
      key: 'bootFrameWrongSize',
      extra: { result: { width: 32, height: 25, expected: { width: 32, height: 24 } } },
    });
  });

  it('refuses a frame of another format than the animation', async () => {
    const s = setup();
    await expect(s.service.uploadFrame(authOf(), frame('f.jpg', jpegOf(32, 24)), want)).rejects.toMatchObject(
      {
        key: 'bootFrameWrongFormat',
      },
    );
  });

  it('refuses a frame with a Chinese name before reading it', async () => {
    const s = setup();
    await expect(s.service.uploadFrame(authOf(), frame('帧.png', pngOf(32, 24)), want)).rejects.toMatchObject(
      {
        key: 'mediaNameInvalid',
      },
    );
    expect(s.blobs.storeUpload).not.toHaveBeenCalled();
  });

  it('answers the store’s size refusal as the frame limit', async () => {
    const s = setup();
    s.blobs.storeUpload.mockRejectedValue(new AppError('uploadTooLarge'));
    await expect(s.service.uploadFrame(authOf(), frame('f.png', pngOf(32, 24)), want)).rejects.toMatchObject({
      key: 'bootFrameTooLarge',
    });
  });

  it('sweeps frames no build used, once they are a day old', async () => {
    const s = setup();
    s.blobs.removeStale.mockResolvedValue(1 as never);
    await s.handlerOf(SWEEP_FRAMES_JOB_KIND)({});
    expect(s.blobs.removeStale).toHaveBeenCalledWith(
      'bootFrame',
      new Date(RECORD_TIME.getTime() - BOOT_FRAME_KEEP_HOURS * 3_600_000),
    );
    expect(BOOT_FRAME_KEEP_HOURS).toBe(24);
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

  it('refuses a frame of another format than the animation', async () => {
    const s = setup();
    s.blobs.openDownload.mockResolvedValue(frameDownload(pngOf(32, 24)));
    await expect(s.service.build(authOf(), buildBody({ format: 'jpeg' }))).rejects.toMatchObject({
      key: 'bootFrameWrongFormat',
    });
  });

  it('answers bootFrameNotFound for a frame the caller cannot see', async () => {
    const s = setup();
    s.blobs.openDownload.mockRejectedValue(new AppError('blobNotFound'));
    await expect(s.service.build(authOf(), buildBody())).rejects.toMatchObject({ key: 'bootFrameNotFound' });
    expect(s.jobs.enqueueJob).not.toHaveBeenCalled();
  });

  it('ends a build whose name was taken meanwhile, storing nothing', async () => {
    const s = setup();
    s.repo.findBootByName.mockResolvedValue(bootAnimationRecord({ name: 'Welcome' }));
    const payload = { caller: authOf(), body: buildBody() };
    await expect(s.handlerOf(BOOT_BUILD_JOB_KIND)({ payload, attempt: 1 })).rejects.toMatchObject({
      key: 'mediaNameTaken',
    });
    expect(s.blobs.storeUpload).not.toHaveBeenCalled();
    expect(s.blobs.removeBlob).not.toHaveBeenCalled();
  });

  it('answers a retried build that was saved before, dropping its frames', async () => {
    const s = setup();
    const saved = bootAnimationRecord({ name: 'Welcome' });
    s.repo.findBootByName.mockResolvedValue(saved);
    const payload = { caller: authOf(), body: buildBody() };
    expect(await s.handlerOf(BOOT_BUILD_JOB_KIND)({ payload, attempt: 2 })).toEqual({
      id: saved.id,
      name: 'Welcome',
    });
    expect(s.blobs.removeBlob).toHaveBeenCalledWith(FRAME);
  });

  it('refuses a ready-made ZIP under a taken name before reading it', async () => {
    const s = setup();
    s.repo.bootNameTaken.mockResolvedValue(true);
    const zip = zipUpload('bootanimation.zip');
    await expect(s.service.uploadZip(authOf(), zip, { name: 'Ready' })).rejects.toMatchObject({
      key: 'mediaNameTaken',
    });
    expect(s.blobs.readUpload).not.toHaveBeenCalled();
  });

  it('refuses a ready-made ZIP whose file name has Chinese characters', async () => {
    const s = setup();
    const zip = zipUpload('开机动画.zip');
    await expect(s.service.uploadZip(authOf(), zip, { name: 'Ok' })).rejects.toMatchObject({
      key: 'mediaNameInvalid',
    });
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
    const row = holding(s.repo.findBoot, bootAnimationRecord());
    await s.service.removeBoot(authOf(), row.id);
    expect(s.blobs.removeBlob).toHaveBeenCalledWith(row.blobId);
  });
});
