import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  APP_LIMITS,
  APP_NAME_PATTERN,
  ApkUploadFieldsSchema,
  apiLevelOf,
  type Blob,
  type ErrorKey,
  toFieldErrors,
  type WindowsInstaller,
  WindowsUploadFieldsSchema,
} from '@cpm/contracts';
import type { ZodType } from 'zod';
import { type AuthContext, ownedByCaller } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { readZipDirectory, ZipRefused } from '../../shared/zip-directory';
import type { UploadChecks } from '../blobs/blobs.service';
import { type ApkInfo, type ApkProblem, ApkRefused, parseApk } from './apk-parser';
import type { AppRecord, VersionValues } from './appmarket.repository';
import { type MarketCore, releaseFacts } from './market-core';

/** An upload as it arrives: the form fields read before the file, and the file. */
export type PackageUpload = {
  fields: Record<string, unknown>;
  fileName: string | undefined;
  stream: Readable;
};

const APK_ERRORS: Record<ApkProblem, ErrorKey> = {
  notApk: 'apkNotApk',
  unsafePath: 'apkUnsafePath',
  bomb: 'apkZipBomb',
  unsigned: 'apkUnsigned',
  badSignature: 'apkBadSignature',
};

/** Reads the rest of a refused upload so the client gets the answer, then throws. */
const refuse = async (stream: Readable, err: AppError): Promise<never> => {
  stream.resume();
  await new Promise<void>((done) => {
    if (stream.readableEnded || stream.destroyed) return done();
    stream
      .once('end', done)
      .once('close', done)
      .once('error', () => done());
  });
  throw err;
};

const parseFields = async <T>(schema: ZodType<T>, input: PackageUpload): Promise<T> => {
  const parsed = schema.safeParse(input.fields);
  if (!parsed.success)
    return refuse(
      input.stream,
      new AppError('invalidInput', { errors: toFieldErrors(parsed.error.issues, 'body') }),
    );
  return parsed.data;
};

/** A Windows installer's kind from its first bytes, or null. */
const installerOf = (head: Buffer): WindowsInstaller | null => {
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return 'exe';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  )
    return 'msi';
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  return null;
};

/**
 * APK and Windows uploads: each file is checked (and every refusal applied) before anything is
 * kept, then stored as a new app or as the next version of one the caller publishes.
 */
export const createUploadsService = (core: MarketCore) => {
  const { deps, repo, blobs, clock, detailOf, event } = core;

  /** The refusals that need the app's history: package owner, version order, signer, min SDK. */
  const checkApkAgainst = async (
    auth: AuthContext,
    info: ApkInfo,
    fields: { name?: string; models: string[]; osMax?: number | null },
  ) => {
    const existing = await repo.findByPackage('android', info.packageName);
    if (existing) {
      if (!(await repo.findOwned(auth, existing.id))) throw new AppError('apkPackageTaken');
      const versions = await repo.versionsOf(existing.id);
      if (versions.some((v) => v.versionCode === info.versionCode))
        throw new AppError('apkDuplicateVersion', { result: { versionCode: info.versionCode } });
      const latest = versions[0];
      if (latest && latest.versionCode >= info.versionCode)
        throw new AppError('apkVersionNotHigher', {
          result: { versionCode: info.versionCode, latest: latest.versionCode },
        });
      if (existing.signerSha256 && !info.signer.lineage.includes(existing.signerSha256))
        throw new AppError('apkSignerChanged', {
          result: { expected: existing.signerSha256, found: info.signer.certSha256 },
        });
    } else {
      const name = fields.name ?? info.label;
      if (!APP_NAME_PATTERN.test(name) || name.length > APP_LIMITS.nameMax)
        throw new AppError('appNameRequired', { result: { label: info.label } });
    }
    if (info.minSdk !== null) {
      if (fields.osMax != null && fields.osMax < info.minSdk)
        throw new AppError('apkMinSdkTooHigh', { result: { minSdk: info.minSdk } });
      const levels = (await deps.fleet.osVersionsOfModels(fields.models))
        .map(apiLevelOf)
        .filter((l): l is number => l !== null);
      if (levels.length && levels.every((l) => l < (info.minSdk as number)))
        throw new AppError('apkMinSdkTooHigh', {
          result: { minSdk: info.minSdk, highest: Math.max(...levels) },
        });
    }
    return existing;
  };

  /** The stored package of a new version and who added it when. */
  const versionFile = (auth: AuthContext, blob: Blob, now: Date) => ({
    blobId: blob.id,
    sha256: blob.sha256,
    size: blob.size,
    fileName: blob.name,
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  });

  /** Adds the next version of an app with its upload record; null when its version code is not higher. */
  const addVersion = (
    auth: AuthContext,
    app: AppRecord,
    version: VersionValues,
    fileName: string,
    now: Date,
  ) =>
    repo.insertVersion(
      app.id,
      version,
      event(auth, app, 'upload', { versionName: version.versionName, detail: fileName }),
      now,
    );

  /** Stores an uploaded package of `kind` for the caller once every check of `checks` passed. */
  const storePackage = (
    auth: AuthContext,
    input: Pick<PackageUpload, 'fileName' | 'stream'>,
    kind: 'appPackage' | 'windowsPackage',
    checks: UploadChecks,
  ) =>
    blobs.storeUpload({ kind, name: input.fileName, stream: input.stream, ...ownedByCaller(auth) }, checks);

  const storeIcon = async (auth: AuthContext, icon: Buffer | null, sha: string) => {
    if (!icon) return null;
    try {
      const blob = await blobs.storeUpload({
        kind: 'appIcon',
        name: `icon-${sha.slice(0, 12)}.png`,
        stream: Readable.from([icon]),
        ...ownedByCaller(auth),
      });
      return blob.id;
    } catch {
      // An icon in a format the market does not show (an adaptive XML icon) is simply not kept.
      return null;
    }
  };

  return {
    /**
     * Streams an APK to a temp file, reads it there (manifest, label, icon, signer) and applies
     * every refusal before anything is kept: then stores it and creates the app or its new version.
     */
    async uploadApk(auth: AuthContext, note: OperationNote, input: PackageUpload) {
      const fields = await parseFields(ApkUploadFieldsSchema, input);
      if (fields.osMin != null && fields.osMax != null && fields.osMin > fields.osMax)
        await refuse(input.stream, new AppError('invalidInput'));
      let info: ApkInfo | null = null;
      let existing: AppRecord | null = null;
      const blob = await storePackage(auth, input, 'appPackage', {
        typeError: 'apkNotApk',
        verify: async (file) => {
          try {
            info = await parseApk(file);
          } catch (err) {
            if (err instanceof ApkRefused) throw new AppError(APK_ERRORS[err.problem]);
            throw err;
          }
          existing = await checkApkAgainst(auth, info, fields);
        },
      });
      const apk = info as unknown as ApkInfo;
      const found = existing as AppRecord | null;
      const now = clock.now();
      const version = {
        versionCode: apk.versionCode,
        versionName: apk.versionName,
        ...versionFile(auth, blob, now),
        minSdk: apk.minSdk,
        targetSdk: apk.targetSdk,
        permissions: apk.permissions,
        label: apk.label,
        signerSha256: apk.signer.certSha256,
        signerSubject: apk.signer.subject,
        signerLineage: apk.signer.lineage,
        schemes: apk.signer.schemes,
        ...releaseFacts(fields),
      };
      let app: AppRecord;
      try {
        if (found) {
          const v = await addVersion(auth, found, version, blob.name, now);
          if (!v) throw new AppError('apkVersionNotHigher', { result: { versionCode: apk.versionCode } });
          app = found;
          // A rotated signer becomes the one the next version must carry.
          if (found.signerSha256 !== apk.signer.certSha256)
            app = (await repo.updateApp(found.id, { signerSha256: apk.signer.certSha256 })) ?? found;
          if (!found.iconBlobId) {
            const icon = await storeIcon(auth, apk.icon, blob.sha256);
            if (icon) app = (await repo.updateApp(found.id, { iconBlobId: icon })) ?? app;
          }
        } else {
          const name = fields.name ?? apk.label;
          const icon = await storeIcon(auth, apk.icon, blob.sha256);
          const values = {
            platform: 'android' as const,
            name,
            packageName: apk.packageName,
            type: fields.type,
            description: fields.description,
            notes: fields.notes,
            visibility: fields.visibility,
            iconBlobId: icon,
            signerSha256: apk.signer.certSha256,
            ...ownedByCaller(auth),
            createdAt: now,
            updatedAt: now,
          };
          const created = await repo
            .insertApp(values, version, {
              ...event(auth, { ...values, id: '', shelf: 'unlaunched' } as AppRecord, 'upload', {
                versionName: apk.versionName,
                detail: blob.name,
              }),
            })
            .catch(async (err) => {
              if (icon) await blobs.removeBlob(icon);
              throw err;
            });
          app = created.app;
        }
      } catch (err) {
        await blobs.removeBlob(blob.id);
        if (err instanceof AppError) throw err;
        // A unique clash: another upload of the same package or version won the race.
        throw new AppError('apkDuplicateVersion', { result: { versionCode: apk.versionCode } });
      }
      note.subject({
        id: app.id,
        name: app.name,
        detail: `${app.packageName} ${apk.versionName} (${apk.versionCode})`,
      });
      return detailOf(auth, app);
    },

    /** A Windows installer (EXE, MSI or ZIP by content) as a new program or its next version. */
    async uploadWindows(auth: AuthContext, note: OperationNote, input: PackageUpload) {
      const fields = await parseFields(WindowsUploadFieldsSchema, input);
      const existing = await repo.findByPackage('windows', fields.packageName);
      if (existing && !(await repo.findOwned(auth, existing.id)))
        await refuse(input.stream, new AppError('apkPackageTaken'));
      if (!existing && !fields.name) await refuse(input.stream, new AppError('appNameRequired'));
      let installer: WindowsInstaller | null = null;
      const blob = await storePackage(auth, input, 'windowsPackage', {
        typeError: 'windowsInstallerInvalid',
        verify: async (file) => {
          const fh = await open(file, 'r');
          try {
            const head = Buffer.alloc(8);
            await fh.read(head, 0, 8, 0);
            installer = installerOf(head);
            if (!installer) throw new AppError('windowsInstallerInvalid');
            if (installer === 'zip')
              await readZipDirectory(fh, {
                maxEntries: APP_LIMITS.maxZipEntries,
                maxUncompressedBytes: APP_LIMITS.maxUncompressedBytes,
                maxRatio: APP_LIMITS.maxRatio,
                maxDirectoryBytes: 64 * 1024 * 1024,
              }).catch((err) => {
                if (err instanceof ZipRefused)
                  throw new AppError(
                    err.problem === 'bomb'
                      ? 'apkZipBomb'
                      : err.problem === 'unsafePath'
                        ? 'apkUnsafePath'
                        : 'windowsInstallerInvalid',
                  );
                throw err;
              });
          } finally {
            await fh.close();
          }
        },
      });
      const now = clock.now();
      const versions = existing ? await repo.versionsOf(existing.id) : [];
      if (versions.some((v) => v.versionName === fields.versionName)) {
        await blobs.removeBlob(blob.id);
        throw new AppError('apkDuplicateVersion', { result: { versionName: fields.versionName } });
      }
      const version = {
        versionCode: (versions[0]?.versionCode ?? 0) + 1,
        versionName: fields.versionName,
        ...versionFile(auth, blob, now),
        installer,
        installArgs: fields.installArgs,
        releaseNotesEn: fields.releaseNotesEn,
        releaseNotesZh: fields.releaseNotesZh,
      };
      let app: AppRecord;
      try {
        if (existing) {
          const v = await addVersion(auth, existing, version, blob.name, now);
          if (!v) throw new AppError('apkDuplicateVersion');
          app = existing;
        } else {
          const values = {
            platform: 'windows' as const,
            name: fields.name as string,
            packageName: fields.packageName,
            type: fields.type,
            description: fields.description,
            visibility: fields.visibility,
            ...ownedByCaller(auth),
            createdAt: now,
            updatedAt: now,
          };
          app = (
            await repo.insertApp(
              values,
              version,
              event(auth, { ...values, id: '' } as AppRecord, 'upload', {
                versionName: fields.versionName,
                detail: blob.name,
              }),
            )
          ).app;
        }
      } catch (err) {
        await blobs.removeBlob(blob.id);
        if (err instanceof AppError) throw err;
        throw new AppError('apkDuplicateVersion');
      }
      note.subject({ id: app.id, name: app.name, detail: `${app.packageName} ${fields.versionName}` });
      return detailOf(auth, app);
    },
  };
};

export type UploadsService = ReturnType<typeof createUploadsService>;
