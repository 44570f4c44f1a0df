import { type AppOperationKind, type AppRecordText, apiLevelOf, type NoticeKey } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import { escapeHtml } from '../../shared/html';
import type { BlobsService } from '../blobs/blobs.service';
import type { Mailer } from '../mail/mailer';
import { type NotifyUser, notifyAndMail } from '../messages/messages.service';
import type { AppEventsRepository } from './app-events.repository';
import { createAppPresenter } from './app-presenter';
import type { AppMarketRepository, AppRecord, EventValues, VersionRecord } from './appmarket.repository';

/** A terminal as the market sees it, where it is and what it runs (the devices module answers these). */
export type MarketTerminal = {
  sn: string;
  ownerId: string;
  online: boolean;
  osVersion: string | null;
  modelName: string | null;
  /** The version of the package asked about that the terminal reports, or null when not installed. */
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
export type AppInstaller = {
  install(req: InstallRequest): Promise<{ taskId: string } | null>;
  /** The install task that brought a version to a terminal around `at`, with its creator; null: none. */
  taskOf?(sn: string, versionId: string, at: Date): Promise<{ taskId: string; createdBy: string } | null>;
};

/** The actor name of a record no user caused: a terminal installed a market app by itself. */
export const TERMINAL_ACTOR = 'terminal';
/** The actor name of a record the server wrote on its own (health gate, auto update). */
export const SYSTEM_ACTOR = 'system';

/**
 * Who a record says acted. Records carry the acting user's id; without one, the terminal (older
 * records named it by its SN) or the server.
 */
export const actorKindOf = (r: { actorId: string | null; actorName: string; sn: string | null }) =>
  r.actorId
    ? ('user' as const)
    : r.actorName === TERMINAL_ACTOR || (r.sn !== null && r.actorName === r.sn)
      ? ('terminal' as const)
      : ('system' as const);

/** How records written before `task_id` began naming an install task: in their English detail. */
export const legacyInstallTaskPrefix = (taskId: string) => `install task ${taskId} `;
/** What the record of an install task the market asked for says: the task and how many it aims at. */
export const installTaskRecord = (taskId: string, terminals: number) => ({
  taskId,
  detailText: { key: 'installTask', params: { terminals } } satisfies AppRecordText,
});

/** What a publisher says of a version's release: notes in both languages, OS range, models, auto-update. */
export const releaseFacts = (f: {
  releaseNotesEn: string;
  releaseNotesZh: string;
  osMin?: number | null;
  osMax?: number | null;
  models: string[];
  autoUpdate: boolean;
}) => ({
  releaseNotesEn: f.releaseNotesEn,
  releaseNotesZh: f.releaseNotesZh,
  osMin: f.osMin ?? null,
  osMax: f.osMax ?? null,
  models: f.models,
  autoUpdate: f.autoUpdate,
});

export const noInstaller: AppInstaller = { install: async () => null };

/** An account as the market names and mails it. */
export type Account = { id: string; name: string; username: string; email: string | null };

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

/** What the app market's services are built from: its storage, the fleet, files, time and people. */
export type AppMarketDeps = {
  /** Apps and versions with their operation records: one storage as the services see it. */
  repo: AppMarketRepository & AppEventsRepository;
  fleet: MarketFleet;
  blobs: BlobsService;
  clock: Clock;
  installer: AppInstaller;
  accountById(id: string): Promise<Account | null>;
  /** Who an account is when the market acts for it unattended (null: gone or not active). */
  actingAs(userId: string): Promise<AuthContext | null>;
  notifyUser: NotifyUser;
  mailer: Mailer;
  /** Hears the health gate's pauses (webhooks). */
  announce?: AnnounceDomainEvent;
};

/**
 * What every app market service shares: the presenters, ownership checks, the values of an
 * operation record, the publisher's notice, and install requests through the `installer` seam.
 */
export const createMarketCore = (deps: AppMarketDeps) => {
  const { repo, clock } = deps;
  const { accountName, rowsOf, detailOf } = createAppPresenter(deps);

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
    actorName: auth?.username ?? SYSTEM_ACTOR,
    ownerId: a.ownerId,
    at: clock.now(),
    ...extra,
  });

  /** Bell notice and mail to an app's publisher. */
  const tellPublisher = async (
    a: AppRecord,
    v: VersionRecord | null,
    what: { key: NoticeKey; zh: string; en: string; params?: Record<string, string | number> },
    note?: string,
  ) => {
    const targets = new Set([a.ownerId, v?.createdBy].filter((x): x is string => !!x));
    for (const userId of targets) {
      const title = `${a.name} ${v?.versionName ?? ''} ${what.zh} / ${what.en}`.replace(/\s+/g, ' ');
      const content = `<p>${a.name} (${a.packageName}) ${v?.versionName ?? ''}</p>${note ? `<p>${escapeHtml(note)}</p>` : ''}`;
      await notifyAndMail(deps, {
        userId,
        title,
        content,
        notice: {
          key: what.key,
          params: {
            app: a.name,
            packageName: a.packageName,
            version: v?.versionName ?? '',
            note: note ?? '',
            ...what.params,
          },
        },
        lines: [`${a.name} (${a.packageName})`, note ?? ''],
      });
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

  return {
    deps,
    repo,
    blobs: deps.blobs,
    clock,
    accountName,
    rowsOf,
    detailOf,
    mustOwn,
    mustOwnVersion,
    event,
    tellPublisher,
    installTargets,
    requestInstall,
  };
};

export type MarketCore = ReturnType<typeof createMarketCore>;
