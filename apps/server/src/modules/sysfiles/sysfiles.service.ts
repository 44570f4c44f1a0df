import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type PageQuery,
  SYS_FILE_NAME_PATTERN,
  SYS_FILE_TYPES,
  type SysFileFilter,
  SysFileUploadFieldsSchema,
  toFieldErrors,
} from '@cpm/contracts';
import { type AuthContext, type DeviceCaller, ownedByCaller } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import type { BlobsService } from '../blobs/blobs.service';
import type { SysFilesRepository } from './sysfiles.repository';
import { checkZip } from './zip-check';

/** An active task that uses a file (remote tasks answer these). */
export type FileUse = { taskId: string; taskName: string };

/**
 * Who uses a system file. Remote tasks plug in here: until they exist the module is wired with
 * `noFileUses`, which answers that nothing uses any file.
 */
export type FileUsage = { usedBy(fileId: string): Promise<FileUse[]> };

export const noFileUses: FileUsage = { usedBy: async () => [] };

/** A system file upload as it arrives: the form fields read before the file, and the file. */
export type SysFileUpload = {
  fields: Record<string, unknown>;
  fileName: string | undefined;
  stream: Readable;
};

/** The file's name without its extension (the record's name when the form gives none). */
const baseName = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
};

/**
 * System files: APK or ZIP uploads (judged by content) with their name, version, models and OS
 * versions; a system update must be a readable ZIP that is no zip bomb. Deleting one that an
 * active task uses is refused, naming the tasks.
 */
export const createSysFilesService = (deps: {
  repo: SysFilesRepository;
  blobs: BlobsService;
  usage: FileUsage;
  /** Where a failed deletion is logged with its cause; the caller sees the catalogue text only. */
  log?: { error(obj: object, msg: string): void };
}) => {
  const { repo, blobs } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));

  return {
    async page(auth: AuthContext, q: PageQuery & SysFileFilter) {
      const records = await repo.list(auth, q, pageOffset(q), q.size);
      return toPage(records, await repo.count(auth, q), q);
    },

    detail: mustFind,

    /**
     * Checks the fields and the file name before reading a byte, streams the file into the blob
     * store (checked by content, against the quota, and as a ZIP for a system update), then records
     * it. Anything refused leaves nothing behind.
     */
    async upload(auth: AuthContext, note: OperationNote, input: SysFileUpload) {
      // The rest of the body is read and dropped before answering: a browser still sending a large
      // file does not see an answer to a request it has not finished, and would wait for ever.
      const refuse = async (err: AppError): Promise<never> => {
        input.stream.resume();
        await new Promise<void>((done) => {
          if (input.stream.readableEnded || input.stream.destroyed) return done();
          input.stream
            .once('end', done)
            .once('close', done)
            .once('error', () => done());
        });
        throw err;
      };
      const parsed = SysFileUploadFieldsSchema.safeParse(input.fields);
      if (!parsed.success)
        await refuse(new AppError('invalidInput', { errors: toFieldErrors(parsed.error.issues, 'body') }));
      const fields = parsed.data as NonNullable<typeof parsed.data>;
      const fileName = input.fileName ?? '';
      if (!fileName || path.basename(fileName) !== fileName || !SYS_FILE_NAME_PATTERN.test(fileName))
        await refuse(new AppError('sysFileBadName'));
      // The content decides; an extension that names something else (a ZIP called .jpg) is refused too.
      if (!/\.(zip|apk)$/i.test(fileName))
        await refuse(
          new AppError(fields.type === SYS_FILE_TYPES.update ? 'sysFileUpdateNotZip' : 'sysFileNotApkOrZip'),
        );
      const name = fields.name ?? baseName(fileName);
      if (await repo.exists(auth.userId, name, fields.version))
        await refuse(new AppError('sysFileDuplicate', { result: { name, version: fields.version } }));

      const isUpdate = fields.type === SYS_FILE_TYPES.update;
      const blob = await blobs.storeUpload(
        {
          kind: 'systemFile',
          name: fileName,
          stream: input.stream,
          ...ownedByCaller(auth),
        },
        {
          types: isUpdate ? ['zip'] : ['zip', 'apk'],
          typeError: isUpdate ? 'sysFileUpdateNotZip' : 'sysFileNotApkOrZip',
          verify: async (file, inspected) => {
            if (inspected.type === 'zip' || inspected.type === 'apk') await checkZip(file);
          },
        },
      );
      const id = await repo.insert({
        name,
        version: fields.version,
        type: fields.type,
        description: fields.description,
        models: fields.models,
        osVersions: fields.osVersions,
        blobId: blob.id,
        sha256: blob.sha256,
        size: blob.size,
        fileName: blob.name,
        mediaType: blob.mediaType,
        ...ownedByCaller(auth),
      });
      if (!id) {
        await blobs.removeBlob(blob.id);
        throw new AppError('sysFileDuplicate', { result: { name, version: fields.version } });
      }
      note.subject({ id, name, detail: `${name} ${fields.version}` });
      return mustFind(auth, id);
    },

    /** The file's bytes for a console user. */
    async openDownload(auth: AuthContext, id: string) {
      const row = await mustFind(auth, id);
      return blobs.openDownload(auth, row.blobId);
    },

    /** A file for a terminal by sha256: its enterprise's or the platform's. */
    openDeviceDownload: (device: DeviceCaller, sha256: string) =>
      blobs.openDeviceDownloadBySha(device, 'systemFile', sha256),

    /** Refused while an active task uses the file; the answer names the tasks. */
    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      const uses = await deps.usage.usedBy(id);
      if (uses.length) throw new AppError('sysFileInUse', { result: { tasks: uses } });
      try {
        await repo.remove(id);
      } catch (err) {
        // Nothing was deleted: the file stays listed and can be deleted again.
        deps.log?.error({ err, id }, 'file deletion failed');
        throw new AppError('fileDeleteFailed');
      }
      // The file is deleted; failing to drop its stored record is logged, not answered: a retry
      // could no longer find the file.
      await blobs
        .removeBlob(row.blobId)
        .catch((err) => deps.log?.error({ err, id }, 'file record not dropped'));
      note.subject({ id, name: row.name, detail: `${row.name} ${row.version}` });
    },

    /** The caller's used space and quota, and whether they set quotas (platform administrators). */
    usage: async (auth: AuthContext) => ({
      ...(await blobs.storageOf(auth.userId)),
      manageQuotas: auth.dataScope === 'all',
    }),

    /** Every account's used space and quota, largest first: only platform administrators see it. */
    async quotaPage(auth: AuthContext, q: PageQuery & { username?: string }) {
      if (auth.dataScope !== 'all') throw new AppError('forbidden');
      const page = await blobs.accountsByUsage({ username: q.username }, pageOffset(q), q.size);
      return toPage(page.records, page.total, q);
    },

    /** Sets or clears an enterprise's quota: only platform administrators decide it. */
    async setQuota(auth: AuthContext, note: OperationNote, ownerId: string, quotaBytes: number | null) {
      if (auth.dataScope !== 'all') throw new AppError('forbidden');
      await blobs.setQuota(ownerId, quotaBytes);
      note.subject({ id: ownerId, name: ownerId, detail: quotaBytes === null ? 'none' : String(quotaBytes) });
      return blobs.storageOf(ownerId);
    },
  };
};

export type SysFilesService = ReturnType<typeof createSysFilesService>;
