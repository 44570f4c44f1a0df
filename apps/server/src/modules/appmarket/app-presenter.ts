import type { AppDetail, AppRow, AppVersion } from '@cpm/contracts';
import { DEFAULT_HEALTH_THRESHOLDS } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { BlobsService } from '../blobs/blobs.service';
import type { AppMarketRepository, AppRecord, VersionRecord } from './appmarket.repository';
import type { Account, MarketFleet } from './market-core';

/** A date as the API answers it, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A version as the API answers it. */
export const toVersion = (v: VersionRecord): AppVersion => ({
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

/** The few facts of a version an app row shows (its newest and its official one). */
export const briefOf = (v: VersionRecord) => ({
  id: v.id,
  versionCode: v.versionCode,
  versionName: v.versionName,
  reviewStatus: v.reviewStatus,
  releaseStatus: v.releaseStatus,
  size: v.size,
});

/** A version's brief, or null without a version. */
export const brief = (v: VersionRecord | undefined | null) => (v ? briefOf(v) : null);

/**
 * Apps and their details as the console shows them: owner names, signed icon and screenshot links,
 * version briefs and install counts. A publisher sees all its versions, anyone else released ones.
 */
export const createAppPresenter = (deps: {
  repo: AppMarketRepository;
  fleet: MarketFleet;
  blobs: BlobsService;
  accountById(id: string): Promise<Account | null>;
}) => {
  const { repo, blobs } = deps;

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

  return { accountName, rowsOf, detailOf };
};
