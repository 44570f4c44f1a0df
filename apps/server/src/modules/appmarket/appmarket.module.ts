import type { DeviceEvent } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import type { BlobsService } from '../blobs/blobs.service';
import { createAppFleetRepository } from '../devices/app-fleet.repository';
import type { createJobsModule } from '../jobs/jobs.module';
import type { Mailer } from '../mail/mailer';
import type { NotifyUser } from '../messages/messages.service';
import { createAppEventsRepository } from './app-events.repository';
import { createAppEventsService } from './app-events.service';
import { createAppMarketRepository } from './appmarket.repository';
import { registerAppMarketRoutes } from './appmarket.routes';
import { createAppMarketService } from './appmarket.service';
import { createAppsService } from './apps.service';
import { createHealthGateService } from './health-gate.service';
import { type AppInstaller, createMarketCore, noInstaller } from './market-core';
import { createReleaseService } from './release.service';
import { createReviewService } from './review.service';
import { createUploadsService } from './uploads.service';

/** How often the health gate looks at gray releases (croner syntax): every minute, or every few seconds. */
const healthCron = (sec = 60) => (sec >= 60 ? '* * * * *' : `*/${sec} * * * * *`);

/** The job that gives terminals appearing after a release the newest auto-updating versions. */
export const AUTO_UPDATE_JOB_KIND = 'appmarket.autoUpdate';
/** Every ten minutes: a terminal that appears waits at most that long for its update. */
const AUTO_UPDATE_CRON = '*/10 * * * *';

/**
 * The app market wired together: a service per concern over one shared core, their routes, and the
 * health gate's and auto-update's schedules. `installer` is the seam to remote tasks (nothing
 * installs without it); `market` is what the rest of the server calls.
 */
export const createAppMarketModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  blobs: BlobsService;
  jobs: ReturnType<typeof createJobsModule>;
  mailer: Mailer;
  accountById(
    id: string,
  ): Promise<{ id: string; name: string; username: string; email: string | null } | null>;
  notifyUser: NotifyUser;
  installer?: AppInstaller;
  actingAs(userId: string): Promise<AuthContext | null>;
  /** Hears the health gate's pauses (webhooks). */
  announce?: AnnounceDomainEvent;
  /** `APP_HEALTH_CHECK_SEC`. */
  healthCheckSec?: number;
}) => {
  const core = createMarketCore({
    repo: { ...createAppMarketRepository(deps.db), ...createAppEventsRepository(deps.db) },
    fleet: createAppFleetRepository(deps.db),
    blobs: deps.blobs,
    clock: deps.clock,
    installer: deps.installer ?? noInstaller,
    accountById: deps.accountById,
    actingAs: deps.actingAs,
    notifyUser: deps.notifyUser,
    mailer: deps.mailer,
    announce: deps.announce,
  });
  const release = createReleaseService(core);
  const healthGate = createHealthGateService(core);
  const events = createAppEventsService(core);
  const apps = createAppsService(core);
  registerAppMarketRoutes(deps.api, {
    apps,
    uploads: createUploadsService(core),
    review: createReviewService(core),
    release,
    healthGate,
    events,
  });
  const market = createAppMarketService({ release, healthGate, events, apps });
  deps.jobs.registerHandler('appmarket.health', () => market.checkGrayHealth());
  deps.jobs.schedule({
    name: 'appmarket.health',
    cron: healthCron(deps.healthCheckSec),
    kind: 'appmarket.health',
  });
  deps.jobs.registerHandler(AUTO_UPDATE_JOB_KIND, () => market.autoUpdateSweep());
  deps.jobs.schedule({ name: AUTO_UPDATE_JOB_KIND, cron: AUTO_UPDATE_CRON, kind: AUTO_UPDATE_JOB_KIND });
  /** Hears a terminal's app events: crashes and ANRs feed the health gate, installs and removals the records. */
  const heardAppEvent = async (sn: string, ev: DeviceEvent, at: Date, before: number | null) => {
    const app = ev.app;
    if (!app?.packageName) return;
    if ((ev.type === 'appCrash' || ev.type === 'appAnr') && app.versionCode !== undefined)
      await market.recordCrash(sn, {
        type: ev.type,
        packageName: app.packageName,
        versionCode: app.versionCode,
        at,
      });
    if (ev.type === 'appInstalled' || ev.type === 'appRemoved')
      await market.recordTerminalApp(sn, {
        installed: ev.type === 'appInstalled',
        packageName: app.packageName,
        versionCode: app.versionCode ?? null,
        before,
        at,
      });
  };
  return { market, heardAppEvent };
};
