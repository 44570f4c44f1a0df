import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BLOB_KINDS,
  BLOB_NAME_MAX,
  type Blob,
  type BlobKind,
  type BlobKindRule,
  type BlobType,
  blobEndpoints,
  type ErrorKey,
  SIGNED_URL_TTL,
} from '@cpm/contracts';
import type { AuthContext, DeviceCaller } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { BlobStore, ByteRange } from './blob-store';
import type { BlobRow, BlobsRepository } from './blobs.repository';
import { cleanFileName } from './sniff';
import { createUploadInspector, type Inspected } from './upload-inspector';

/** An upload as it arrives: a name and a byte stream (multipart part, job output, ...). */
export type UploadSource = { kind: BlobKind; name: string | undefined; stream: Readable };

/** What a module adds to an upload: narrower types, and a check of the complete file before it is stored. */
export type UploadChecks = {
  types?: readonly BlobType[];
  typeError?: ErrorKey;
  /** Reads the complete temp file (e.g. a ZIP's central directory); throws an AppError to refuse it. */
  verify?: (file: string, inspected: Inspected) => Promise<void>;
};

/** A stored file ready to be sent: its record and a way to read it. */
export type BlobDownload = {
  blob: Blob;
  open(range?: ByteRange): Promise<Readable>;
};

const toBlob = (r: BlobRow): Blob => ({
  id: r.id,
  kind: r.kind as BlobKind,
  name: r.name,
  size: r.size,
  mediaType: r.mediaType,
  sha256: r.sha256,
  ownerId: r.ownerId,
  createdAt: r.createdAt.toISOString(),
});

/** How long a terminal's entitlement to a file is remembered, and how many are. */
const ENTITLED_MS = 10_000;
const ENTITLED_MAX = 10_000;

const isAppError = (err: unknown): err is AppError => err instanceof AppError;

/**
 * Files for every module: uploads streamed to a temp file while hashed and checked, stored once per
 * content, downloads for users, terminals and signed links, the orphan sweep and usage per owner.
 */
export const createBlobsService = (deps: {
  repo: BlobsRepository;
  store: BlobStore;
  clock: Clock;
  /** Folder for uploads in flight (same file system as a disk store, so a put is a rename). */
  tmpDir: string;
  /** Key for signed download links (generated at first start). */
  signingKey: Buffer;
  /** Bytes nothing references are kept this long before the sweep removes them. */
  graceMs: number;
  /** The quota of an owner without one of its own, in bytes; null or absent: none. */
  defaultQuotaBytes?: number | null;
}) => {
  const { repo, store, clock } = deps;
  const defaultQuota = deps.defaultQuotaBytes ?? null;
  /** An owner's own quota, else the default, and which of the two it is. */
  const quotaOf = async (ownerId: string) => {
    const own = await repo.quotaOf(ownerId);
    return { quotaBytes: own ?? defaultQuota, quotaDefault: own === null };
  };

  /** The upload's name, or the stream is dropped (nothing more is read) and the upload refused. */
  const name = (input: UploadSource) => {
    const clean = cleanFileName(input.name, BLOB_NAME_MAX);
    if (clean) return clean;
    input.stream.destroy();
    throw new AppError('uploadBadName');
  };

  /** Upload errors the caller caused are theirs; a stream that broke off is an incomplete upload. */
  const uploadError = (err: unknown) => (isAppError(err) ? err : new AppError('uploadIncomplete'));

  const signature = (id: string, expires: number) =>
    createHmac('sha256', deps.signingKey).update(`${id}.${expires}`).digest('base64url');

  const download = (row: BlobRow): BlobDownload => ({
    blob: toBlob(row),
    open: (range) => store.open(row.sha256, range),
  });

  const openDownload = async (auth: AuthContext, id: string): Promise<BlobDownload> => {
    const row = await repo.findVisible(auth, id);
    if (!row) throw new AppError('blobNotFound');
    const rule: BlobKindRule | undefined = BLOB_KINDS[row.kind as BlobKind];
    if (rule?.readPermission && !auth.permissions.has(rule.readPermission)) throw new AppError('forbidden');
    return download(row);
  };

  const signUrl = (id: string, ttlSeconds: number = SIGNED_URL_TTL.defaultSeconds) => {
    const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), SIGNED_URL_TTL.maxSeconds);
    const expires = Math.floor(clock.now().getTime() / 1000) + ttl;
    const query = new URLSearchParams({ id, expires: String(expires), signature: signature(id, expires) });
    return {
      url: `${blobEndpoints.signedDownload.path}?${query}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  };

  /**
   * Terminals' entitlements by sha256, kept briefly: a fleet fetching one OTA asks the database once
   * per enterprise rather than once per range request. Removing a record forgets its bytes here.
   */
  const entitled = new Map<string, { row: BlobRow; until: number }>();

  /** Bytes the owner may still store, or undefined without a quota. */
  const budgetOf = async (ownerId: string): Promise<number | undefined> => {
    const quota = (await quotaOf(ownerId)).quotaBytes;
    if (quota === null) return undefined;
    const [used] = await repo.usageByOwner([ownerId]);
    return quota - (used?.bytes ?? 0);
  };

  return {
    /** The rule (size limit, types, permissions) of a kind. */
    rule: (kind: BlobKind): BlobKindRule => BLOB_KINDS[kind],

    /**
     * Streams an upload into the store: refused without storing anything when the name is unsafe,
     * the file is empty, over the kind's limit, of a type the kind refuses, or cut short.
     */
    async storeUpload(
      input: UploadSource & { ownerId: string; createdBy: string | null },
      checks: UploadChecks = {},
    ): Promise<Blob> {
      const fileName = name(input);
      const budget = await budgetOf(input.ownerId);
      await mkdir(deps.tmpDir, { recursive: true });
      const tempFile = path.join(deps.tmpDir, `upload-${randomUUID()}`);
      const inspector = createUploadInspector(input.kind, fileName, { ...checks, budget });
      try {
        const file = createWriteStream(tempFile);
        try {
          await pipeline(input.stream, inspector.stream, file);
        } catch (err) {
          // A stream that fails at once can end the pipeline while the file is still being opened;
          // the file appears when that open completes, so wait for it to close before removing it.
          if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
          throw uploadError(err);
        }
        const inspected = inspector.result();
        const { sha256, size, mediaType } = inspected;
        await checks.verify?.(tempFile, inspected);
        await repo.touchContent(sha256, size, clock.now());
        if (!(await store.has(sha256))) await store.put(sha256, tempFile);
        const row = await repo.insert({
          kind: input.kind,
          name: fileName,
          size,
          mediaType,
          sha256,
          ownerId: input.ownerId,
          createdBy: input.createdBy,
        });
        return toBlob(row);
      } finally {
        await rm(tempFile, { force: true });
      }
    },

    /** Reads a small upload (an import) into memory with the same checks; nothing is stored. */
    async readUpload(input: UploadSource): Promise<{ name: string; type: BlobType; bytes: Buffer }> {
      const fileName = name(input);
      const inspector = createUploadInspector(input.kind, fileName);
      const chunks: Buffer[] = [];
      try {
        await pipeline(input.stream, inspector.stream, async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        });
      } catch (err) {
        throw uploadError(err);
      }
      return { name: fileName, type: inspector.result().type, bytes: Buffer.concat(chunks) };
    },

    /** A file for a console user: inside their data scope and with the kind's read permission. */
    openDownload,

    /** A file for a terminal: owned by the terminal's enterprise or an account above it. */
    async openDeviceDownload(device: DeviceCaller, id: string): Promise<BlobDownload> {
      const row = await repo.findById(id);
      if (!row || !(await repo.isSameOrAbove(row.ownerId, device.ownerId)))
        throw new AppError('blobNotFound');
      return download(row);
    },

    /** A file through a signed link; a forged, altered or expired link is refused. */
    async openSignedDownload(q: { id: string; expires: number; signature: string }): Promise<BlobDownload> {
      const expected = Buffer.from(signature(q.id, q.expires));
      const given = Buffer.from(q.signature);
      const valid = expected.length === given.length && timingSafeEqual(expected, given);
      if (!valid || q.expires * 1000 <= clock.now().getTime()) throw new AppError('signedUrlInvalid');
      const row = await repo.findById(q.id);
      if (!row) throw new AppError('blobNotFound');
      return download(row);
    },

    /** A link to a file the caller may download, valid without a session for `ttlSeconds`. */
    async signDownloadUrl(auth: AuthContext, id: string, ttlSeconds?: number) {
      await openDownload(auth, id);
      return signUrl(id, ttlSeconds);
    },

    /** Signs a link for a file already checked by the caller (task deliveries to terminals, exports). */
    signUrl,

    /** The record of a file, unchecked (for modules that already checked access to what holds it). */
    async find(id: string): Promise<Blob | null> {
      const row = await repo.findById(id);
      return row ? toBlob(row) : null;
    },

    /** Drops a file record; its bytes go with the next sweep once nothing else uses them. */
    async removeBlob(id: string) {
      const row = await repo.findById(id);
      await repo.remove(id);
      if (row) for (const [key, e] of entitled) if (e.row.sha256 === row.sha256) entitled.delete(key);
    },

    /**
     * Drops records of a kind created before `before`: uploads kept only for a later step (frames of
     * a boot animation) that never came. Answers how many went.
     */
    async removeStale(kind: BlobKind, before: Date) {
      const removed = await repo.removeOlderOfKind(kind, before);
      if (removed) entitled.clear();
      return removed;
    },

    /**
     * Removes bytes no record references and nobody uploaded within the grace period. Safe to run
     * on several instances at once; call it from a scheduler. Returns what was removed.
     */
    async sweepOrphans(opts: { batch?: number } = {}) {
      const before = new Date(clock.now().getTime() - deps.graceMs);
      const removed: { sha256: string; size: number }[] = [];
      for (;;) {
        const batch = await repo.sweepContents(before, opts.batch ?? 100, (sha) => store.remove(sha));
        removed.push(...batch);
        if (batch.length < (opts.batch ?? 100)) break;
      }
      // Temp files of uploads cut off by a crash are removed once they are as old as the grace period.
      const names = await readdir(deps.tmpDir).catch(() => [] as string[]);
      for (const n of names) {
        const file = path.join(deps.tmpDir, n);
        const info = await stat(file).catch(() => null);
        // File times are wall-clock times, whatever clock the service runs on.
        if (info && info.mtimeMs < Date.now() - deps.graceMs) await rm(file, { force: true });
      }
      return { removed: removed.length, bytes: removed.reduce((n, r) => n + r.size, 0) };
    },

    /** Bytes stored per owner, each distinct content counted once per owner (for quotas). */
    usageByOwner: (ownerIds?: string[]) => repo.usageByOwner(ownerIds),

    /** An owner's used bytes and quota (its own, else the default; null: none). */
    async storageOf(ownerId: string) {
      const [used] = await repo.usageByOwner([ownerId]);
      return { ownerId, usedBytes: used?.bytes ?? 0, ...(await quotaOf(ownerId)) };
    },

    /** Accounts by stored bytes, with their quotas (the platform's quota list). */
    async accountsByUsage(f: { username?: string }, offset: number, limit: number) {
      const page = await repo.accountsByUsage(f, offset, limit);
      return {
        ...page,
        records: page.records.map((r) => ({
          ...r,
          quotaBytes: r.quotaBytes ?? defaultQuota,
          quotaDefault: r.quotaBytes === null,
        })),
      };
    },

    /** Sets (bytes) or clears (null: back to the default) an owner's quota. */
    setQuota: (ownerId: string, maxBytes: number | null) => repo.setQuota(ownerId, maxBytes, clock.now()),

    /**
     * A file of a kind for a terminal by its sha256: one owned by the terminal's enterprise or an
     * account above it (the platform).
     */
    async openDeviceDownloadBySha(
      device: DeviceCaller,
      kind: BlobKind,
      sha256: string,
    ): Promise<BlobDownload> {
      const key = `${kind}:${device.ownerId}:${sha256}`;
      const now = clock.now().getTime();
      const cached = entitled.get(key);
      if (cached && cached.until > now) return download(cached.row);
      const row = await repo.findForAccountBySha(kind, sha256, device.ownerId);
      if (!row) throw new AppError('blobNotFound');
      if (entitled.size >= ENTITLED_MAX) entitled.clear();
      entitled.set(key, { row, until: now + ENTITLED_MS });
      return download(row);
    },
  };
};

export type BlobsService = ReturnType<typeof createBlobsService>;
