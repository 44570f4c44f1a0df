import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  APP_LIMITS,
  APP_NAME_PATTERN,
  ApkUploadFieldsSchema,
  type AppDetail,
  type AppFilter,
  type AppOperation,
  type AppOperationFilter,
  type AppOperationKind,
  type AppRow,
  type AppUpdate,
  type AppVersion,
  type AuditRow,
  apiLevelOf,
  DEFAULT_HEALTH_THRESHOLDS,
  EDITABLE_REVIEW_STATUSES,
  type ErrorKey,
  type HealthThresholds,
  isDangerousPermission,
  type PageQuery,
  RELEASE_TRANSITIONS,
  REVIEW_TRANSITIONS,
  type ReleaseHealth,
  type ReleaseRequest,
  type ReviewAction,
  SHELF_TRANSITIONS,
  toFieldErrors,
  type VersionUpdate,
  type WindowsInstaller,
  WindowsUploadFieldsSchema,
} from '@cpm/contracts';
import type { ZodType } from 'zod';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { readZipDirectory, ZipRefused } from '../../shared/zip-directory';
import type { BlobsService } from '../blobs/blobs.service';
import type { Mailer } from '../mail/mailer';
import { type ApkInfo, type ApkProblem, ApkRefused, parseApk } from './apk-parser';
import type {
  AppListKind,
  AppMarketRepository,
  AppRecord,
  EventValues,
  VersionRecord,
} from './appmarket.repository';

/** A terminal as the market sees it (the devices module answers these). */
export type MarketTerminal = {
  sn: string;
  ownerId: string;
  online: boolean;
  osVersion: string | null;
  modelName: string | null;
  versionCode: number | null;
};

/** Reads of the fleet the market needs; the devices module's app-fleet repository answers them. */
export type MarketFleet = {
  installStats(
    packageName: string,
    scope: Pick<AuthContext, 'userId' | 'dataScope'> | null,
  ): Promise<{ versionCode: number | null; versionName: string; terminals: number }[]>;
  installCounts(packageNames: string[]): Promise<Map<string, number>>;
  osVersionsOfModels(modelNames: string[]): Promise<string[]>;
  bySns(
    scope: Pick<AuthContext, 'userId' | 'dataScope'>,
    sns: string[],
    packageName: string,
  ): Promise<MarketTerminal[]> | MarketTerminal[];
  /** Terminals reporting the package; for a private app only those of `withinAccount` and below. */
  running(packageName: string, withinAccount?: string | null): Promise<MarketTerminal[]>;
};

/** Why an install is asked for. */
export type InstallReason = 'gray' | 'official' | 'autoUpdate' | 'rollback';

/** What the task service needs to install a version on terminals. */
export type InstallRequest = {
  reason: InstallReason;
  appId: string;
  appName: string;
  platform: 'android' | 'windows';
  packageName: string;
  versionId: string;
  versionCode: number;
  versionName: string;
  /** The stored file: terminals download it by sha256 and check it. */
  blobId: string;
  sha256: string;
  size: number;
  /** Android: the signer certificate the terminal checks before installing. */
  signerSha256: string;
  /** Windows: silent-install arguments. */
  installArgs: string;
  /** A rollback installs an older version code (Android needs a downgrade). */
  downgrade: boolean;
  sns: string[];
  /** Who releases: the install task is created as this user, inside their scope. */
  auth: AuthContext;
};

/**
 * The seam to remote tasks: given a version and target SNs, asks the task service to create an
 * install task. Until tasks are wired the module runs with `noInstaller`, which creates nothing
 * and answers null, so releases change their state and record who they target but nothing installs.
 */
export type AppInstaller = { install(req: InstallRequest): Promise<{ taskId: string } | null> };

export const noInstaller: AppInstaller = { install: async () => null };

/** An upload as it arrives: the form fields read before the file, and the file. */
export type PackageUpload = {
  fields: Record<string, unknown>;
  fileName: string | undefined;
  stream: Readable;
};

type Account = { id: string; name: string; username: string; email: string | null };

const APK_ERRORS: Record<ApkProblem, ErrorKey> = {
  notApk: 'apkNotApk',
  unsafePath: 'apkUnsafePath',
  bomb: 'apkZipBomb',
  unsigned: 'apkUnsigned',
  badSignature: 'apkBadSignature',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toVersion = (v: VersionRecord): AppVersion => ({
  id: v.id,
  appId: v.appId,
  versionCode: v.versionCode,
  versionName: v.versionName,
  fileName: v.fileName,
  size: v.size,
  sha256: v.sha256,
  minSdk: v.minSdk,
  targetSdk: v.targetSdk,
  permissions: v.permissions,
  label: v.label,
  signerSha256: v.signerSha256,
  signerSubject: v.signerSubject,
  schemes: v.schemes,
  installer: v.installer,
  installArgs: v.installArgs,
  releaseNotesEn: v.releaseNotesEn,
  releaseNotesZh: v.releaseNotesZh,
  osMin: v.osMin,
  osMax: v.osMax,
  models: v.models,
  autoUpdate: v.autoUpdate,
  reviewStatus: v.reviewStatus,
  rejectReason: v.rejectReason,
  releaseStatus: v.releaseStatus,
  graySns: v.graySns,
  health: { ...DEFAULT_HEALTH_THRESHOLDS, ...v.health },
  pauseReason: v.pauseReason,
  releasedAt: iso(v.releasedAt),
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
});

const brief = (v: VersionRecord | undefined | null) =>
  v
    ? {
        id: v.id,
        versionCode: v.versionCode,
        versionName: v.versionName,
        reviewStatus: v.reviewStatus,
        releaseStatus: v.releaseStatus,
        size: v.size,
      }
    : null;

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

/** Whether a terminal may run a version: its OS within the range and its model listed (or all). */
export const isEligible = (
  v: Pick<VersionRecord, 'osMin' | 'osMax' | 'models' | 'minSdk'>,
  t: MarketTerminal,
) => {
  const api = apiLevelOf(t.osVersion);
  if (api !== null) {
    if (v.minSdk !== null && api < v.minSdk) return false;
    if (v.osMin !== null && api < v.osMin) return false;
    if (v.osMax !== null && api > v.osMax) return false;
  }
  if (v.models.length && !(t.modelName && v.models.includes(t.modelName))) return false;
  return true;
};

/**
 * The app market: APK and Windows uploads with their refusals, apps and versions, the review state
 * machine, the shelf, gray and official release, rollback, operation records and the health gate of
 * gray releases. Installs go through the `installer` seam to remote tasks.
 */
export const createAppMarketService = (deps: {
  repo: AppMarketRepository;
  fleet: MarketFleet;
  blobs: BlobsService;
  clock: Clock;
  installer: AppInstaller;
  accountById(id: string): Promise<Account | null>;
  /** Who an account is when the market acts for it unattended (null: gone or not active). */
  actingAs(userId: string): Promise<AuthContext | null>;
  notifyUser(n: {
    id: string;
    userId: string;
    title: string;
    content: string;
  }): Promise<{ announce(): void }>;
  mailer: Mailer;
}) => {
  const { repo, blobs, clock } = deps;

  const accountName = async (id: string | null, cache = new Map<string, string>()) => {
    if (!id) return '';
    const hit = cache.get(id);
    if (hit !== undefined) return hit;
    const a = await deps.accountById(id);
    const name = a ? a.name || a.username : '';
    cache.set(id, name);
    return name;
  };

  const iconUrl = (a: AppRecord) => (a.iconBlobId ? blobs.signUrl(a.iconBlobId).url : null);

  const rowsOf = async (list: AppRecord[]): Promise<AppRow[]> => {
    const versions = await repo.versionsOfApps(list.map((a) => a.id));
    const installs = await deps.fleet.installCounts(list.map((a) => a.packageName));
    const names = new Map<string, string>();
    const out: AppRow[] = [];
    for (const a of list) {
      const own = versions.filter((v) => v.appId === a.id);
      out.push({
        id: a.id,
        platform: a.platform,
        name: a.name,
        packageName: a.packageName,
        type: a.type,
        description: a.description,
        notes: a.notes,
        visibility: a.visibility,
        shelf: a.shelf,
        iconUrl: iconUrl(a),
        signerSha256: a.signerSha256,
        ownerId: a.ownerId,
        ownerName: await accountName(a.ownerId, names),
        latest: brief(own[0]),
        current: brief(own.find((v) => v.releaseStatus === 'official')),
        installs: installs.get(a.packageName) ?? 0,
        createdAt: a.createdAt.toISOString(),
        updatedAt: a.updatedAt.toISOString(),
      });
    }
    return out;
  };

  const detailOf = async (auth: AuthContext, a: AppRecord): Promise<AppDetail> => {
    const [row] = await rowsOf([a]);
    const versions = await repo.versionsOf(a.id);
    const owned = !!(await repo.findOwned(auth, a.id));
    const shots = await repo.screenshotsOf(a.id);
    const screenshots = [];
    for (const s of shots) {
      const blob = await blobs.find(s.blobId);
      if (blob) screenshots.push({ id: s.blobId, url: blobs.signUrl(s.blobId).url, size: blob.size });
    }
    return {
      ...row,
      versions: (owned
        ? versions
        : versions.filter((v) => ['gray', 'official'].includes(v.releaseStatus))
      ).map(toVersion),
      screenshots,
      installStats: await deps.fleet.installStats(a.packageName, owned ? null : auth),
      editable: owned,
    };
  };

  const mustOwn = async (auth: AuthContext, id: string) => {
    const a = await repo.findOwned(auth, id);
    if (!a) throw new AppError('appNotFound');
    return a;
  };

  const mustOwnVersion = async (auth: AuthContext, id: string) => {
    const v = await repo.findVersion(id);
    if (!v) throw new AppError('appVersionNotFound');
    const a = await repo.findOwned(auth, v.appId);
    if (!a) throw new AppError('appVersionNotFound');
    return { app: a, version: v };
  };

  const event = (
    auth: Pick<AuthContext, 'userId' | 'username'> | null,
    a: AppRecord,
    kind: AppOperationKind,
    extra: Partial<EventValues> = {},
  ): EventValues => ({
    appId: a.id,
    kind,
    appName: a.name,
    packageName: a.packageName,
    actorId: auth?.userId ?? null,
    actorName: auth?.username ?? 'system',
    ownerId: a.ownerId,
    at: clock.now(),
    ...extra,
  });

  /** Bell notice and mail to an app's publisher. */
  const tellPublisher = async (
    a: AppRecord,
    v: VersionRecord | null,
    zh: string,
    en: string,
    note?: string,
  ) => {
    const targets = new Set([a.ownerId, v?.createdBy].filter((x): x is string => !!x));
    for (const userId of targets) {
      const title = `${a.name} ${v?.versionName ?? ''} ${zh} / ${en}`.replace(/\s+/g, ' ');
      const content = `<p>${a.name} (${a.packageName}) ${v?.versionName ?? ''}</p>${note ? `<p>${escapeHtml(note)}</p>` : ''}`;
      const { announce } = await deps.notifyUser({ id: randomUUID(), userId, title, content });
      announce();
      const account = await deps.accountById(userId);
      if (account?.email)
        await deps.mailer.send({
          to: account.email,
          subject: title,
          text: [title, `${a.name} (${a.packageName})`, note ?? ''].filter(Boolean).join('\n'),
        });
    }
  };

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

  const storeIcon = async (auth: AuthContext, icon: Buffer | null, sha: string) => {
    if (!icon) return null;
    try {
      const blob = await blobs.storeUpload({
        kind: 'appIcon',
        name: `icon-${sha.slice(0, 12)}.png`,
        stream: Readable.from([icon]),
        ownerId: auth.userId,
        createdBy: auth.userId,
      });
      return blob.id;
    } catch {
      // An icon in a format the market does not show (an adaptive XML icon) is simply not kept.
      return null;
    }
  };

  /** Eligible terminals for an install of `v`: running an older version (or any, for a gray list). */
  const installTargets = async (a: AppRecord, v: VersionRecord) => {
    const running = await deps.fleet.running(a.packageName, a.visibility === 'private' ? a.ownerId : null);
    return running.filter((t) => (t.versionCode ?? 0) < v.versionCode && isEligible(v, t));
  };

  const requestInstall = async (
    auth: AuthContext,
    a: AppRecord,
    v: VersionRecord,
    sns: string[],
    reason: InstallReason,
  ) => {
    if (!sns.length) return null;
    return deps.installer.install({
      reason,
      appId: a.id,
      appName: a.name,
      platform: a.platform,
      packageName: a.packageName,
      versionId: v.id,
      versionCode: v.versionCode,
      versionName: v.versionName,
      blobId: v.blobId,
      sha256: v.sha256,
      size: v.size,
      signerSha256: v.signerSha256,
      installArgs: v.installArgs,
      downgrade: reason === 'rollback',
      sns,
      auth,
    });
  };

  const healthOf = async (a: AppRecord, v: VersionRecord): Promise<ReleaseHealth> => {
    const thresholds: HealthThresholds = { ...DEFAULT_HEALTH_THRESHOLDS, ...v.health };
    const since = v.releasedAt ?? v.updatedAt;
    const running = await deps.fleet.running(a.packageName);
    const gray = new Set(v.graySns);
    const crashes = await repo.crashesSince(a.packageName, since);
    const group = (inGray: boolean) => {
      const members = running.filter((t) => gray.has(t.sn) === inGray);
      const sns = new Set(members.map((t) => t.sn));
      const rows = crashes.filter((c) => sns.has(c.sn) && (!inGray || c.versionCode === v.versionCode));
      const c = rows.reduce((n, r) => n + r.crashes, 0);
      const anr = rows.reduce((n, r) => n + r.anrs, 0);
      const offline = members.filter((t) => !t.online).length;
      const n = members.length;
      return {
        terminals: n,
        crashes: c,
        anrs: anr,
        crashRate: n ? (c + anr) / n : 0,
        offline,
        offlineRate: n ? offline / n : 0,
      };
    };
    const g = group(true);
    const rest = group(false);
    const results = new Map<string, string>();
    for (const r of await repo.installResults(v.id)) if (r.sn) results.set(r.sn, r.result);
    const failure = [...results.values()].filter((r) => r === 'failure').length;
    const success = results.size - failure;
    const installs = { success, failure, failureRate: results.size ? failure / results.size : 0 };
    const breaches: string[] = [];
    if (g.crashes + g.anrs >= thresholds.minCrashes && g.crashRate > thresholds.crashRatio * rest.crashRate)
      breaches.push('crashRate');
    if (results.size > 0 && installs.failureRate > thresholds.maxInstallFailureRate)
      breaches.push('installFailures');
    if (g.terminals > 0 && g.offlineRate - rest.offlineRate > thresholds.maxOfflineExcess)
      breaches.push('offline');
    const previous = await repo.previousVersion(a.id, v.versionCode, true);
    return {
      versionId: v.id,
      releaseStatus: v.releaseStatus,
      gray: g,
      rest,
      installs,
      thresholds,
      breaches,
      pauseReason: v.pauseReason,
      rollbackTo: brief(previous),
      checkedAt: clock.now().toISOString(),
    };
  };

  const BREACH_TEXT: Record<string, [string, string]> = {
    crashRate: ['崩溃/ANR 率超出阈值', 'crash/ANR rate above the threshold'],
    installFailures: ['安装失败率超出阈值', 'install failure rate above the threshold'],
    offline: ['离线率超出阈值', 'offline rate above the threshold'],
  };

  return {
    /** The market (launched and visible apps) or the caller's own apps, paged. */
    async page(kind: AppListKind, auth: AuthContext, q: PageQuery & AppFilter) {
      const list = await repo.listApps(kind, auth, q, (q.current - 1) * q.size, q.size);
      return {
        records: await rowsOf(list),
        total: await repo.countApps(kind, auth, q),
        current: q.current,
        size: q.size,
      };
    },

    /** The approved versions of the market apps whose name contains `appName`, newest first per app. */
    async versionQuery(auth: AuthContext, appName: string) {
      const found = await repo.listApps('market', auth, { keyword: appName }, 0, 50);
      const byId = new Map(found.map((a) => [a.id, a]));
      const versions = await repo.versionsOfApps(found.map((a) => a.id));
      return versions.flatMap((v) => {
        const a = byId.get(v.appId);
        if (!a || v.reviewStatus !== 'approved') return [];
        return [
          {
            appId: a.id,
            appName: a.name,
            packageName: a.packageName,
            platform: a.platform,
            id: v.id,
            versionCode: v.versionCode,
            versionName: v.versionName,
            reviewStatus: v.reviewStatus,
            releaseStatus: v.releaseStatus,
            size: v.size,
            releasedAt: iso(v.releasedAt),
          },
        ];
      });
    },

    /** One app the caller publishes or may see in the market. */
    async detail(auth: AuthContext, id: string) {
      const a = await repo.findViewable(auth, id);
      if (!a) throw new AppError('appNotFound');
      return detailOf(auth, a);
    },

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
      const blob = await blobs.storeUpload(
        {
          kind: 'appPackage',
          name: input.fileName,
          stream: input.stream,
          ownerId: auth.userId,
          createdBy: auth.userId,
        },
        {
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
        },
      );
      const apk = info as unknown as ApkInfo;
      const found = existing as AppRecord | null;
      const now = clock.now();
      const version = {
        versionCode: apk.versionCode,
        versionName: apk.versionName,
        blobId: blob.id,
        sha256: blob.sha256,
        size: blob.size,
        fileName: blob.name,
        minSdk: apk.minSdk,
        targetSdk: apk.targetSdk,
        permissions: apk.permissions,
        label: apk.label,
        signerSha256: apk.signer.certSha256,
        signerSubject: apk.signer.subject,
        signerLineage: apk.signer.lineage,
        schemes: apk.signer.schemes,
        releaseNotesEn: fields.releaseNotesEn,
        releaseNotesZh: fields.releaseNotesZh,
        osMin: fields.osMin ?? null,
        osMax: fields.osMax ?? null,
        models: fields.models,
        autoUpdate: fields.autoUpdate,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      };
      let app: AppRecord;
      try {
        if (found) {
          const v = await repo.insertVersion(
            found.id,
            version,
            event(auth, found, 'upload', { versionName: apk.versionName, detail: blob.name }),
            now,
          );
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
            ownerId: auth.userId,
            createdBy: auth.userId,
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
      const blob = await blobs.storeUpload(
        {
          kind: 'windowsPackage',
          name: input.fileName,
          stream: input.stream,
          ownerId: auth.userId,
          createdBy: auth.userId,
        },
        {
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
        },
      );
      const now = clock.now();
      const versions = existing ? await repo.versionsOf(existing.id) : [];
      if (versions.some((v) => v.versionName === fields.versionName)) {
        await blobs.removeBlob(blob.id);
        throw new AppError('apkDuplicateVersion', { result: { versionName: fields.versionName } });
      }
      const version = {
        versionCode: (versions[0]?.versionCode ?? 0) + 1,
        versionName: fields.versionName,
        blobId: blob.id,
        sha256: blob.sha256,
        size: blob.size,
        fileName: blob.name,
        installer,
        installArgs: fields.installArgs,
        releaseNotesEn: fields.releaseNotesEn,
        releaseNotesZh: fields.releaseNotesZh,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      };
      let app: AppRecord;
      try {
        if (existing) {
          const v = await repo.insertVersion(
            existing.id,
            version,
            event(auth, existing, 'upload', { versionName: fields.versionName, detail: blob.name }),
            now,
          );
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
            ownerId: auth.userId,
            createdBy: auth.userId,
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

    /** Edits an app's own facts. */
    async update(auth: AuthContext, body: AppUpdate) {
      const a = await mustOwn(auth, body.id);
      const updated = await repo.updateApp(a.id, {
        name: body.name,
        type: body.type,
        description: body.description,
        notes: body.notes,
        visibility: body.visibility,
        updatedAt: clock.now(),
      });
      await repo.addEvent(event(auth, orNotFound(updated), 'edit'));
      return detailOf(auth, orNotFound(updated));
    },

    /** Deletes an unlaunched app none of whose versions is out on terminals, with its files. */
    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const a = await mustOwn(auth, id);
      const versions = await repo.versionsOf(a.id);
      if (
        a.shelf === 'launched' ||
        versions.some((v) => ['gray', 'official', 'paused'].includes(v.releaseStatus))
      )
        throw new AppError('appLaunchedDelete');
      const shots = await repo.screenshotsOf(a.id);
      const row = await repo.deleteApp(a.id, { ...event(auth, a, 'delete'), appId: null });
      if (!row) throw new AppError('appLaunchedDelete');
      for (const blobId of [...versions.map((v) => v.blobId), ...shots.map((s) => s.blobId), a.iconBlobId])
        if (blobId) await blobs.removeBlob(blobId);
      note.subject({ id: a.id, name: a.name, detail: a.packageName });
    },

    /** Launches (with an approved version) or unlaunches an app. */
    async shelf(auth: AuthContext, note: OperationNote, id: string, launched: boolean) {
      const a = await mustOwn(auth, id);
      const t = SHELF_TRANSITIONS[launched ? 'launch' : 'unlaunch'];
      const row = await repo.transitionShelf(
        a.id,
        t.from,
        t.to,
        clock.now(),
        event(auth, a, launched ? 'launch' : 'unlaunch', { fromStatus: a.shelf, toStatus: t.to }),
      );
      if (!row) throw new AppError('appShelfConflict');
      note.subject({ id: a.id, name: a.name, detail: t.to });
      return detailOf(auth, row);
    },

    /** Adds a screenshot: JPG or PNG by content, at most 1 MB (spec). */
    async addScreenshot(
      auth: AuthContext,
      appId: string,
      file: { name: string | undefined; stream: Readable },
    ) {
      const a = await mustOwn(auth, appId);
      let blob: Awaited<ReturnType<BlobsService['storeUpload']>>;
      try {
        blob = await blobs.storeUpload(
          {
            kind: 'appScreenshot',
            name: file.name,
            stream: file.stream,
            ownerId: a.ownerId,
            createdBy: auth.userId,
          },
          { typeError: 'appScreenshotInvalid' },
        );
      } catch (err) {
        if (err instanceof AppError && err.key === 'uploadTooLarge')
          throw new AppError('appScreenshotInvalid');
        throw err;
      }
      if (!(await repo.addScreenshot(a.id, blob.id, APP_LIMITS.maxScreenshots))) {
        await blobs.removeBlob(blob.id);
        throw new AppError('appScreenshotLimit');
      }
      return detailOf(auth, a);
    },

    async removeScreenshot(auth: AuthContext, appId: string, blobId: string) {
      const a = await mustOwn(auth, appId);
      if (!(await repo.removeScreenshot(a.id, blobId))) throw new AppError('notFound');
      await blobs.removeBlob(blobId);
      return detailOf(auth, a);
    },

    /**
     * Edits a version: every field while it is not submitted or rejected; only the auto-update flag
     * once it is under review or approved.
     */
    async updateVersion(auth: AuthContext, body: VersionUpdate) {
      const { app, version } = await mustOwnVersion(auth, body.id);
      const now = clock.now();
      const full = {
        releaseNotesEn: body.releaseNotesEn,
        releaseNotesZh: body.releaseNotesZh,
        osMin: body.osMin ?? null,
        osMax: body.osMax ?? null,
        models: body.models,
        autoUpdate: body.autoUpdate,
        ...(body.installArgs !== undefined ? { installArgs: body.installArgs } : {}),
        updatedAt: now,
      };
      let row = await repo.updateVersion(version.id, EDITABLE_REVIEW_STATUSES, full);
      if (!row) {
        const same =
          version.releaseNotesEn === full.releaseNotesEn &&
          version.releaseNotesZh === full.releaseNotesZh &&
          version.osMin === full.osMin &&
          version.osMax === full.osMax &&
          JSON.stringify(version.models) === JSON.stringify(full.models) &&
          (body.installArgs === undefined || body.installArgs === version.installArgs);
        if (!same) throw new AppError('appVersionLocked');
        row = await repo.updateVersion(version.id, ['pending', 'approved'], {
          autoUpdate: body.autoUpdate,
          updatedAt: now,
        });
        if (!row) throw new AppError('appVersionLocked');
      }
      await repo.addEvent(event(auth, app, 'edit', { versionId: row.id, versionName: row.versionName }));
      return toVersion(row);
    },

    /** Submits (or resubmits after a rejection) a version for review. */
    async submit(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      const t = REVIEW_TRANSITIONS.submit;
      const row = await repo.transitionVersion(
        version.id,
        'reviewStatus',
        t.from,
        { reviewStatus: t.to, updatedAt: clock.now() },
        event(auth, app, 'submit', {
          versionId: version.id,
          versionName: version.versionName,
          fromStatus: version.reviewStatus,
          toStatus: t.to,
        }),
      );
      if (!row) throw new AppError('appReviewConflict');
      return toVersion(row);
    },

    /** Deletes a version that never went out. */
    async removeVersion(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      const row = await repo.deleteVersion(
        version.id,
        event(auth, app, 'delete', { versionId: null, versionName: version.versionName }),
      );
      if (!row) throw new AppError('appLaunchedDelete');
      await blobs.removeBlob(version.blobId);
    },

    /** Versions to review, each with what changed against its previous version. */
    async auditPage(
      auth: AuthContext,
      q: PageQuery & {
        keyword?: string;
        status?: AppVersion['reviewStatus'];
        platform?: 'android' | 'windows';
      },
    ) {
      const { rows, total } = await repo.auditPage(auth, q, (q.current - 1) * q.size, q.size);
      const submitters = await repo.submitters(rows.map((r) => r.version.id));
      const history = await repo.reviewHistory(rows.map((r) => r.version.id));
      const DECISION = { submit: 'submitted', approve: 'approved', reject: 'rejected' } as const;
      const names = new Map<string, string>();
      const records: AuditRow[] = [];
      for (const { version, app } of rows) {
        const previous = await repo.previousVersion(app.id, version.versionCode);
        const before = new Set(previous?.permissions ?? []);
        const now = new Set(version.permissions);
        const added = version.permissions.filter((p) => !before.has(p));
        const [row] = await rowsOf([app]);
        const { latest: _l, current: _c, ...appRow } = row;
        records.push({
          version: toVersion(version),
          app: { ...appRow, ownerName: await accountName(app.ownerId, names) },
          previous: previous ? toVersion(previous) : null,
          addedPermissions: added,
          removedPermissions: [...before].filter((p) => !now.has(p)),
          newDangerousPermissions: previous ? added.filter(isDangerousPermission) : [],
          signerChanged: !!previous && previous.signerSha256 !== version.signerSha256,
          minSdkChanged: !!previous && previous.minSdk !== version.minSdk,
          submittedBy: submitters.get(version.id) ?? '',
          history: history
            .filter((h) => h.versionId === version.id)
            .map((h) => ({
              decision: DECISION[h.kind as keyof typeof DECISION],
              reason: h.kind === 'reject' ? h.detail : null,
              actorName: h.actorName,
              at: h.at.toISOString(),
            })),
        });
      }
      return { records, total, current: q.current, size: q.size };
    },

    /** Approves or rejects (with a reason) a pending version; the publisher is told either way. */
    async audit(
      auth: AuthContext,
      note: OperationNote,
      body: { id: string; approved: boolean; reason?: string },
    ) {
      const version = await repo.findVersion(body.id);
      const app = version && (await repo.findOwned(auth, version.appId));
      if (!version || !app) throw new AppError('appVersionNotFound');
      const action: ReviewAction = body.approved ? 'approve' : 'reject';
      const t = REVIEW_TRANSITIONS[action];
      const reason = body.approved ? null : (body.reason ?? '').trim();
      const row = await repo.transitionVersion(
        version.id,
        'reviewStatus',
        t.from,
        { reviewStatus: t.to, rejectReason: reason, updatedAt: clock.now() },
        event(auth, app, action, {
          versionId: version.id,
          versionName: version.versionName,
          fromStatus: version.reviewStatus,
          toStatus: t.to,
          detail: reason ?? '',
        }),
      );
      if (!row) throw new AppError('appReviewConflict');
      note.subject({
        id: version.id,
        name: app.name,
        detail: `${version.versionName}${reason ? `: ${reason}` : ''}`,
      });
      await tellPublisher(
        app,
        row,
        body.approved ? '审核通过' : '审核驳回',
        body.approved ? 'approved' : 'rejected',
        reason ?? undefined,
      );
      return toVersion(row);
    },

    /**
     * Gray release (target SNs in the caller's scope, required), official release, pause or
     * rollback; each asks the installer for the terminals it concerns.
     */
    async release(auth: AuthContext, note: OperationNote, body: ReleaseRequest) {
      const { app, version } = await mustOwnVersion(auth, body.id);
      const t = RELEASE_TRANSITIONS[body.action];
      const now = clock.now();
      const base = {
        versionId: version.id,
        versionName: version.versionName,
        fromStatus: version.releaseStatus,
        toStatus: t.to,
      };
      const approved = { reviewStatus: 'approved' as const };
      let row: VersionRecord | null = null;
      let targets: string[] = [];
      let installVersion = version;
      let reason: InstallReason = body.action === 'gray' ? 'gray' : 'official';
      if (body.action === 'gray') {
        const found = await deps.fleet.bySns(auth, body.sns, app.packageName);
        const known = new Set(found.map((x) => x.sn));
        const unknown = body.sns.filter((sn) => !known.has(sn));
        if (unknown.length) throw new AppError('appGraySnsUnknown', { result: { sns: unknown } });
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          {
            releaseStatus: t.to,
            graySns: body.sns,
            health: { ...DEFAULT_HEALTH_THRESHOLDS, ...(body.health ?? {}) },
            pauseReason: null,
            releasedAt: now,
            updatedAt: now,
          },
          event(auth, app, 'gray', { ...base, detail: body.sns.join(',') }),
          approved,
        );
        targets = body.sns;
      } else if (body.action === 'official') {
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, pauseReason: null, releasedAt: now, updatedAt: now },
          event(auth, app, 'official', base),
          approved,
        );
        if (row?.autoUpdate) targets = (await installTargets(app, row)).map((x) => x.sn);
        reason = 'autoUpdate';
      } else if (body.action === 'pause') {
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, updatedAt: now },
          event(auth, app, 'pause', base),
        );
      } else {
        const previous = await repo.previousVersion(app.id, version.versionCode, true);
        if (!previous) throw new AppError('appRollbackNone');
        const running = (await deps.fleet.running(app.packageName)).filter(
          (x) => x.versionCode === version.versionCode,
        );
        targets = [...new Set([...running.map((x) => x.sn), ...version.graySns])];
        row = await repo.transitionVersion(
          version.id,
          'releaseStatus',
          t.from,
          { releaseStatus: t.to, updatedAt: now },
          event(auth, app, 'rollback', { ...base, detail: `${previous.versionName} -> ${targets.length}` }),
        );
        installVersion = previous;
        reason = 'rollback';
      }
      if (!row) throw new AppError('appReleaseConflict');
      if (body.action !== 'pause') {
        const target = body.action === 'rollback' ? installVersion : row;
        // Only terminals inside the caller's scope can be given a task by the caller.
        const reachable = (await deps.fleet.bySns(auth, targets, app.packageName)).map((x) => x.sn);
        try {
          const task = await requestInstall(auth, app, target, reachable, reason);
          if (task)
            await repo.addEvent(
              event(auth, app, reason === 'rollback' ? 'rollback' : body.action, {
                versionId: target.id,
                versionName: target.versionName,
                detail: `install task ${task.taskId} for ${reachable.length} terminals`,
              }),
            );
        } catch (err) {
          // The release stands; the record says the install could not be asked for, and why.
          await repo.addEvent(
            event(auth, app, reason === 'rollback' ? 'rollback' : body.action, {
              versionId: target.id,
              versionName: target.versionName,
              result: 'failure',
              detail: `install task not created: ${err instanceof AppError ? err.message : String(err)}`,
            }),
          );
        }
      }
      note.subject({ id: version.id, name: app.name, detail: `${version.versionName} ${t.to}` });
      return toVersion(row);
    },

    /**
     * What an app install task delivers: the version (the newest official one when none is named;
     * a named one must be approved and in gray or official release) of an app the caller may see,
     * with the facts the terminal checks. `downgrade` when a higher version went out before.
     */
    async installResource(auth: AuthContext, p: { appId: string; versionId?: string }) {
      const a = await repo.findViewable(auth, p.appId);
      if (!a) throw new AppError('appNotFound');
      const versions = await repo.versionsOf(a.id);
      const v = p.versionId
        ? versions.find((x) => x.id === p.versionId)
        : versions.find((x) => x.releaseStatus === 'official');
      if (!v) throw new AppError('appVersionNotFound');
      if (v.reviewStatus !== 'approved' || !['gray', 'official'].includes(v.releaseStatus))
        throw new AppError('appReleaseConflict');
      const released = versions.filter((x) => x.releaseStatus !== 'none').map((x) => x.versionCode);
      return {
        resource: {
          kind: 'app' as const,
          id: v.id,
          name: `${a.name} ${v.versionName}`,
          fileName: v.fileName,
          sha256: v.sha256,
          size: v.size,
          blobId: v.blobId,
          app: {
            packageName: a.packageName,
            versionCode: v.versionCode,
            versionName: v.versionName,
            signerSha256: v.signerSha256,
            installArgs: v.installArgs || undefined,
            downgrade: released.some((code) => code > v.versionCode),
          },
        },
        summary: `${a.name} ${v.versionName} (${v.versionCode})`,
      };
    },

    /** The health of a version's gray release against the rest of the fleet. */
    async health(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      return healthOf(app, version);
    },

    /**
     * The health gate: each gray release past a threshold pauses itself, its publisher gets a bell
     * notice and a mail, and the console offers the rollback. Run by a schedule.
     */
    /**
     * Auto-update for terminals that appear after a release: terminals registered later, back from
     * a repair, or reinstalled with an old version get an install task of the newest official
     * version of each launched app that updates by itself, as the account that released it and
     * inside its scope. A terminal is offered a version once; what became of that task is its record.
     */
    async autoUpdateSweep() {
      let tasks = 0;
      let terminals = 0;
      for (const { app, version, releasedBy } of await repo.autoUpdateVersions()) {
        const auth = await deps.actingAs(releasedBy);
        if (!auth) continue;
        const offered = new Set(await repo.offeredSns(version.id));
        const fresh = (await installTargets(app, version)).map((x) => x.sn).filter((sn) => !offered.has(sn));
        if (!fresh.length) continue;
        const reachable = (await deps.fleet.bySns(auth, fresh, app.packageName)).map((x) => x.sn);
        const task = await requestInstall(auth, app, version, reachable, 'autoUpdate');
        if (!task) continue;
        tasks++;
        terminals += reachable.length;
        await repo.addEvent(
          event(auth, app, 'official', {
            versionId: version.id,
            versionName: version.versionName,
            detail: `auto update: install task ${task.taskId} for ${reachable.length} terminals`,
          }),
        );
      }
      return { tasks, terminals };
    },

    async checkGrayHealth() {
      let paused = 0;
      for (const v of await repo.grayVersions()) {
        const a = await repo.findById(v.appId);
        if (!a) continue;
        const h = await healthOf(a, v);
        if (!h.breaches.length) continue;
        const reasonCodes = h.breaches.join(',');
        const row = await repo.transitionVersion(
          v.id,
          'releaseStatus',
          RELEASE_TRANSITIONS.pause.from,
          { releaseStatus: 'paused', pauseReason: reasonCodes, updatedAt: clock.now() },
          event(null, a, 'healthPause', {
            versionId: v.id,
            versionName: v.versionName,
            fromStatus: 'gray',
            toStatus: 'paused',
            detail: `${reasonCodes}; gray ${h.gray.crashRate.toFixed(2)} vs rest ${h.rest.crashRate.toFixed(2)} crashes/terminal`,
          }),
        );
        if (!row) continue;
        paused++;
        const zh = h.breaches.map((b) => BREACH_TEXT[b]?.[0] ?? b).join('；');
        const en = h.breaches.map((b) => BREACH_TEXT[b]?.[1] ?? b).join('; ');
        await tellPublisher(
          a,
          row,
          '灰度发布已自动暂停',
          'gray release paused',
          `${zh} / ${en}. 灰度终端 ${h.gray.crashRate.toFixed(2)}，其余 ${h.rest.crashRate.toFixed(2)} 次/台 / gray ${h.gray.crashRate.toFixed(2)} vs rest ${h.rest.crashRate.toFixed(2)} per terminal. 可在“我的应用”中一键回滚 / Roll back from My Apps.`,
        );
      }
      return { paused };
    },

    /** A crash or ANR a terminal reported, counted per package version, terminal and hour. */
    async recordCrash(
      sn: string,
      ev: { type: 'appCrash' | 'appAnr'; packageName: string; versionCode: number; at: Date },
    ) {
      const hour = new Date(Math.floor(ev.at.getTime() / 3_600_000) * 3_600_000);
      await repo.addCrash({
        packageName: ev.packageName,
        versionCode: ev.versionCode,
        sn,
        hour,
        crashes: ev.type === 'appCrash' ? 1 : 0,
        anrs: ev.type === 'appAnr' ? 1 : 0,
      });
    },

    /**
     * A market app a terminal reports installed or removed (after an install task, or by hand):
     * an install, upgrade (it had the app before) or uninstall record for the app's owner.
     */
    async recordTerminalApp(
      sn: string,
      ev: { installed: boolean; packageName: string; versionCode: number | null; at: Date },
    ) {
      const a = await repo.findByPackage('android', ev.packageName);
      if (!a) return;
      const v =
        ev.versionCode === null
          ? null
          : (await repo.versionsOf(a.id)).find((x) => x.versionCode === ev.versionCode);
      const before = ev.installed ? await repo.hasTerminalRecord(a.id, sn) : false;
      await repo.addEvent({
        ...event(null, a, ev.installed ? (before ? 'upgrade' : 'install') : 'uninstall', {
          versionId: v?.id ?? null,
          versionName: v?.versionName ?? (ev.versionCode === null ? '' : String(ev.versionCode)),
          sn,
          actorName: sn,
        }),
        at: ev.at,
      });
    },

    /**
     * An install, upgrade or uninstall result a terminal reported through a task: one operation
     * record per terminal and version (the health gate counts failures from them).
     */
    async recordInstallResult(r: {
      versionId: string;
      sn: string;
      kind: 'install' | 'upgrade' | 'uninstall';
      ok: boolean;
      detail?: string;
      actorName?: string;
    }) {
      const v = await repo.findVersion(r.versionId);
      const a = v && (await repo.findById(v.appId));
      if (!v || !a) return;
      await repo.addEvent(
        event(null, a, r.kind, {
          versionId: v.id,
          versionName: v.versionName,
          sn: r.sn,
          result: r.ok ? 'success' : 'failure',
          detail: r.detail ?? '',
          actorName: r.actorName ?? 'system',
        }),
      );
    },

    /** Operation records for the export, a page at a time. */
    recordRows: (auth: AuthContext, q: AppOperationFilter, offset: number, limit: number) =>
      repo.events(auth, q, offset, limit),

    /** App operation records in the caller's scope. */
    async records(auth: AuthContext, q: PageQuery & AppOperationFilter) {
      const rows = await repo.events(auth, q, (q.current - 1) * q.size, q.size);
      return {
        records: rows.map(
          (r): AppOperation => ({
            id: r.id,
            kind: r.kind as AppOperationKind,
            appId: r.appId,
            appName: r.appName,
            packageName: r.packageName,
            versionName: r.versionName,
            sn: r.sn,
            actorName: r.actorName,
            detail: r.detail,
            result: r.result,
            at: r.at.toISOString(),
          }),
        ),
        total: await repo.countEvents(auth, q),
        current: q.current,
        size: q.size,
      };
    },
  };
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export type AppMarketService = ReturnType<typeof createAppMarketService>;
