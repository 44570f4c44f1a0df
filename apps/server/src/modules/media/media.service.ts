import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BLOB_KINDS,
  BOOT_BUILD_JOB_KIND,
  BOOT_FRAME_KEEP_HOURS,
  type BootAnimationBuild,
  type BootAnimationBuildResult,
  type BootAnimationRow,
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_LIMITS,
  type PageQuery,
  type WallpaperRow,
} from '@cpm/contracts';
import { type AuthContext, ownedByCaller } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { BlobsService, UploadSource } from '../blobs/blobs.service';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import { createStoredZipWriter, descText, type FrameRef, inspectBootZip } from './boot-zip';
import type {
  BootAnimationInsert,
  BootAnimationRecord,
  BootFilter,
  MediaRepository,
  WallpaperFilter,
  WallpaperRecord,
} from './media.repository';
import { createMediaProbe, imageSize, type Probed } from './media-probe';

/** The name every terminal expects for the archive. */
export const BOOT_ZIP_NAME = 'bootanimation.zip';

/** The hourly job that removes frames uploaded for a build that never happened. */
export const SWEEP_FRAMES_JOB_KIND = 'media.sweepFrames';

const validName = (name: string | undefined): name is string =>
  !!name && name.length <= MEDIA_LIMITS.nameMax && MEDIA_FILE_NAME_PATTERN.test(name);

/** Drops what is left of an upload (nothing more is read) and throws. */
const refuse = (source: UploadSource, key: ConstructorParameters<typeof AppError>[0]): never => {
  source.stream.resume();
  source.stream.destroy();
  throw new AppError(key);
};

/**
 * The upload passed through a probe whose `check` decides, before storing, whether it may be kept.
 * Content that is no image or video at all gets the store's own type refusal.
 */
const probed = (source: UploadSource, check: (p: Probed | null) => void) => {
  const probe = createMediaProbe((p) => {
    if (p?.type === 'other')
      throw new AppError('uploadTypeRefused', { result: { allowed: BLOB_KINDS[source.kind].types } });
    check(p);
  });
  pipeline(source.stream, probe.stream).catch(() => {
    // The store's own pipeline sees the same failure and answers it.
  });
  return { source: { ...source, stream: probe.stream }, result: probe.result };
};

/** What a build job carries: the checked request and who asked (their scope bounds the frames). */
type BuildPayload = {
  caller: Pick<AuthContext, 'userId' | 'username' | 'dataScope'>;
  body: BootAnimationBuild;
};

/** Reading frames back needs only the permission to see them. */
const callerAuth = (caller: BuildPayload['caller']): AuthContext => ({
  ...caller,
  sessionId: '',
  state: 1,
  permissions: new Set([BLOB_KINDS.bootFrame.readPermission as string]),
});

/**
 * Wallpapers, idle-screen videos and boot animations: files judged by content with their
 * resolution read from their headers, and the Android bootanimation.zip built (as a background
 * job, so a crash or a closed tab loses nothing) or checked here.
 */
export const createMediaService = (deps: {
  repo: MediaRepository;
  blobs: BlobsService;
  clock: Clock;
  jobs: Pick<JobsService, 'enqueueJob' | 'registerHandler' | 'schedule'>;
}) => {
  const { repo, blobs, clock, jobs } = deps;

  /** What wallpapers and boot animations show alike: name, picture size, stored file and owner. */
  const common = (r: WallpaperRecord | BootAnimationRecord) => ({
    id: r.id,
    name: r.name,
    width: r.width,
    height: r.height,
    size: r.size,
    description: r.description,
    blobId: r.blobId,
    sha256: r.sha256,
    url: blobs.signUrl(r.blobId).url,
    ownerId: r.ownerId,
    createdAt: r.createdAt.toISOString(),
  });

  const toWallpaper = (r: WallpaperRecord): WallpaperRow => ({
    ...common(r),
    kind: r.kind as WallpaperRow['kind'],
    mediaType: r.mediaType,
    durationMs: r.durationMs,
  });

  const toBoot = (r: BootAnimationRecord): BootAnimationRow => ({
    ...common(r),
    format: r.format as BootAnimationRow['format'],
    fps: r.fps,
    parts: r.parts,
    frameCount: r.frames.length,
  });

  const mustFindBoot = async (auth: AuthContext, id: string) => {
    const row = await repo.findBoot(auth, id);
    if (!row) throw new AppError('mediaNotFound');
    return row;
  };

  /** Frames of a build, each read from the blob store and checked against the animation's settings. */
  const readFrame = async (auth: AuthContext, id: string, body: BootAnimationBuild) => {
    const download = await blobs.openDownload(auth, id).catch((err) => {
      if (err instanceof AppError && err.key === 'blobNotFound') throw new AppError('bootFrameNotFound');
      throw err;
    });
    if (download.blob.kind !== 'bootFrame') throw new AppError('bootFrameNotFound');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.open()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const img = imageSize(bytes);
    if (!img || img.type !== body.format) throw new AppError('bootFrameWrongFormat');
    if (img.width !== body.width || img.height !== body.height) throw new AppError('bootFrameWrongSize');
    return bytes;
  };

  /** Inserts a boot animation row for a stored ZIP; a name clash drops the ZIP's record and answers 409. */
  const saveBoot = async (auth: AuthContext, values: Omit<BootAnimationInsert, 'ownerId' | 'createdBy'>) => {
    const row = await repo.insertBoot({ ...values, ownerId: auth.userId, createdBy: auth.userId });
    if (!row) {
      await blobs.removeBlob(values.blobId);
      throw new AppError('mediaNameTaken');
    }
    return toBoot(row);
  };

  /**
   * Writes bootanimation.zip from the frames: desc.txt (`width height fps`, `p 0 0 part0`), part0/
   * with the frames in order, every entry stored. The ZIP streams into the blob store one frame at a
   * time. A retry after the animation was saved answers it; the frames' own records go last.
   */
  const runBuild = async (ctx: JobContext<BuildPayload>): Promise<BootAnimationBuildResult> => {
    const { caller, body } = ctx.payload;
    const auth = callerAuth(caller);
    const saved = await repo.findBootByName(caller.userId, body.name);
    if (saved && ctx.attempt > 1) {
      for (const id of body.frameIds) await blobs.removeBlob(id);
      return { id: saved.id, name: saved.name };
    }
    if (saved) throw new AppError('mediaNameTaken');
    const writer = createStoredZipWriter(clock.now());
    const frames: FrameRef[] = [];
    const ext = body.format === 'png' ? 'png' : 'jpg';
    const total = body.frameIds.length;
    async function* zip() {
      yield* writer.entry('desc.txt', Buffer.from(descText(body.width, body.height, body.fps))).chunks;
      yield* writer.entry('part0/', Buffer.alloc(0)).chunks;
      for (const [i, id] of body.frameIds.entries()) {
        if (ctx.signal.aborted) throw new Error('build stopped');
        const bytes = await readFrame(auth, id, body);
        const written = writer.entry(`part0/${String(i).padStart(5, '0')}.${ext}`, bytes);
        frames.push({ offset: written.dataOffset, size: bytes.length, type: body.format });
        yield* written.chunks;
        if ((i + 1) % 10 === 0 || i + 1 === total)
          await ctx.progress(Math.floor(((i + 1) * 95) / total), {
            zh: `已写入 ${i + 1}/${total} 帧`,
            en: `${i + 1} of ${total} frames written`,
          });
      }
      yield writer.finish();
    }
    const blob = await blobs.storeUpload({
      kind: 'bootAnimation',
      name: BOOT_ZIP_NAME,
      stream: Readable.from(zip()),
      ownerId: caller.userId,
      createdBy: caller.userId,
    });
    const row = await saveBoot(auth, {
      name: body.name,
      format: body.format,
      width: body.width,
      height: body.height,
      fps: body.fps,
      description: body.description || null,
      parts: [{ folder: 'part0', count: 0, pause: 0, frames: frames.length }],
      frames,
      blobId: blob.id,
      sha256: blob.sha256,
      size: blob.size,
    });
    for (const id of body.frameIds) await blobs.removeBlob(id);
    return { id: row.id, name: row.name };
  };

  // A refusal (a name taken meanwhile, a frame removed) will not change on a retry.
  jobs.registerHandler<BuildPayload>(BOOT_BUILD_JOB_KIND, runBuild, { maxAttempts: 3 });
  jobs.registerHandler(SWEEP_FRAMES_JOB_KIND, async () => ({
    removed: await blobs.removeStale(
      'bootFrame',
      new Date(clock.now().getTime() - BOOT_FRAME_KEEP_HOURS * 3_600_000),
    ),
  }));
  jobs.schedule({ name: SWEEP_FRAMES_JOB_KIND, cron: '23 * * * *', kind: SWEEP_FRAMES_JOB_KIND });

  return {
    async wallpaperPage(auth: AuthContext, q: PageQuery & WallpaperFilter) {
      const rows = await repo.listWallpapers(auth, q, pageOffset(q), q.size);
      return toPage(rows.map(toWallpaper), await repo.countWallpapers(auth, q), q);
    },

    /**
     * Stores a JPG, PNG or MP4 judged by its bytes, with the resolution read from its headers.
     * A bad name, a taken name, another type, unreadable headers or a cut-off upload store nothing.
     */
    async uploadWallpaper(auth: AuthContext, source: UploadSource, description?: string) {
      if (!validName(source.name)) refuse(source, 'mediaNameInvalid');
      const name = source.name as string;
      if (await repo.wallpaperNameTaken(auth.userId, name)) refuse(source, 'mediaNameTaken');
      const probe = probed(source, (p) => {
        if (!p || p.type === 'other' || p.width <= 0 || p.height <= 0) throw new AppError('mediaUnreadable');
      });
      const blob = await blobs.storeUpload({ ...probe.source, ownerId: auth.userId, createdBy: auth.userId });
      const info = probe.result() as Probed;
      const row = await repo.insertWallpaper({
        name,
        kind: info.type === 'mp4' ? 'video' : 'image',
        mediaType: blob.mediaType,
        width: info.width,
        height: info.height,
        size: blob.size,
        durationMs: info.durationMs,
        description: description || null,
        blobId: blob.id,
        sha256: blob.sha256,
        ...ownedByCaller(auth),
      });
      if (!row) {
        await blobs.removeBlob(blob.id);
        throw new AppError('mediaNameTaken');
      }
      return toWallpaper(row);
    },

    async removeWallpaper(auth: AuthContext, id: string) {
      const row = await repo.findWallpaper(auth, id);
      if (!row) throw new AppError('mediaNotFound');
      await repo.removeWallpaper(row.id);
      await blobs.removeBlob(row.blobId);
      return null;
    },

    async bootPage(auth: AuthContext, q: PageQuery & BootFilter) {
      const rows = await repo.listBoot(auth, q, pageOffset(q), q.size);
      return toPage(rows.map(toBoot), await repo.countBoot(auth, q), q);
    },

    /** Stores one frame for a later build: of the given format, at most 500 KB, exactly the screen size. */
    async uploadFrame(
      auth: AuthContext,
      source: UploadSource,
      want: { format: 'png' | 'jpeg'; width: number; height: number },
    ) {
      if (!validName(source.name)) refuse(source, 'mediaNameInvalid');
      const probe = probed(source, (p) => {
        if (!p || (p.type !== 'png' && p.type !== 'jpeg')) throw new AppError('mediaUnreadable');
        if (p.type !== want.format) throw new AppError('bootFrameWrongFormat');
        if (p.width !== want.width || p.height !== want.height)
          throw new AppError('bootFrameWrongSize', {
            result: {
              width: p.width,
              height: p.height,
              expected: { width: want.width, height: want.height },
            },
          });
      });
      const blob = await blobs
        .storeUpload({ ...probe.source, kind: 'bootFrame', ownerId: auth.userId, createdBy: auth.userId })
        .catch((err) => {
          if (err instanceof AppError && err.key === 'uploadTooLarge')
            throw new AppError('bootFrameTooLarge');
          throw err;
        });
      const info = probe.result() as Probed;
      return { id: blob.id, name: blob.name, size: blob.size, width: info.width, height: info.height };
    },

    /**
     * Checks a build (name free, every frame the caller's, of the format and exactly the size) and
     * queues the job that writes the archive. Asking twice for the same name answers the same job.
     */
    async build(auth: AuthContext, body: BootAnimationBuild) {
      if (await repo.bootNameTaken(auth.userId, body.name)) throw new AppError('mediaNameTaken');
      if (new Set(body.frameIds).size !== body.frameIds.length) throw new AppError('bootFrameNotFound');
      for (const id of body.frameIds) await readFrame(auth, id, body);
      const job = await jobs.enqueueJob({
        kind: BOOT_BUILD_JOB_KIND,
        payload: {
          caller: { userId: auth.userId, username: auth.username, dataScope: auth.dataScope },
          body,
        } satisfies BuildPayload,
        userId: auth.userId,
        singletonKey: `${BOOT_BUILD_JOB_KIND}:${auth.userId}:${body.name}`,
      });
      return { jobId: job.id };
    },

    /**
     * Stores a ready-made bootanimation.zip once it passes every check (see `inspectBootZip`);
     * the archive is read into memory first (at most 64 MiB), so a refused one is never stored.
     */
    async uploadZip(auth: AuthContext, source: UploadSource, meta: { name: string; description?: string }) {
      if (!validName(source.name)) refuse(source, 'mediaNameInvalid');
      if (await repo.bootNameTaken(auth.userId, meta.name)) refuse(source, 'mediaNameTaken');
      const upload = await blobs.readUpload(source);
      const info = inspectBootZip(upload.bytes);
      const blob = await blobs.storeUpload({
        kind: 'bootAnimation',
        name: BOOT_ZIP_NAME,
        stream: Readable.from([upload.bytes]),
        ...ownedByCaller(auth),
      });
      return saveBoot(auth, {
        name: meta.name,
        format: info.frames[0].type,
        width: info.width,
        height: info.height,
        fps: info.fps,
        description: meta.description || null,
        parts: info.parts,
        frames: info.frames,
        blobId: blob.id,
        sha256: blob.sha256,
        size: blob.size,
      });
    },

    /** One frame of an animation, in play order, read as a byte range of its stored ZIP. */
    async frame(auth: AuthContext, id: string, index: number) {
      const row = await mustFindBoot(auth, id);
      const frame = row.frames[index];
      if (!frame) throw new AppError('mediaNotFound');
      const download = await blobs.openDownload(auth, row.blobId);
      return {
        mediaType: frame.type === 'png' ? 'image/png' : 'image/jpeg',
        size: frame.size,
        sha256: row.sha256,
        stream: await download.open({ start: frame.offset, end: frame.offset + frame.size - 1 }),
      };
    },

    async removeBoot(auth: AuthContext, id: string) {
      const row = await mustFindBoot(auth, id);
      await repo.removeBoot(row.id);
      await blobs.removeBlob(row.blobId);
      return null;
    },
  };
};

export type MediaService = ReturnType<typeof createMediaService>;
