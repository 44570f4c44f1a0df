import type { DeviceEvent } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { BlobsService } from '../blobs/blobs.service';
import { createAppFleetRepository } from '../devices/app-fleet.repository';
import type { createJobsModule } from '../jobs/jobs.module';
import type { Mailer } from '../mail/mailer';
import type { NotifyUser } from '../messages/messages.service';
import { createAppMarketRepository } from './appmarket.repository';
import { registerAppMarketRoutes } from './appmarket.routes';
import { type AppInstaller, createAppMarketService, noInstaller } from './appmarket.service';

/** How often the health gate looks at gray releases (croner syntax). */
const HEALTH_CRON = '* * * * *';

/** The job that gives terminals appearing after a release the newest auto-updating versions. */
export const AUTO_UPDATE_JOB_KIND = 'appmarket.autoUpdate';
/** Every ten minutes: a terminal that appears waits at most that long for its update. */
const AUTO_UPDATE_CRON = '*/10 * * * *';

/**
 * The app market: its service and routes, and the health gate's schedule. `installer` is the seam
 * to remote tasks (nothing installs without it).
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
}) => {
  const market = createAppMarketService({
    repo: createAppMarketRepository(deps.db),
    fleet: createAppFleetRepository(deps.db),
    blobs: deps.blobs,
    clock: deps.clock,
    installer: deps.installer ?? noInstaller,
    accountById: deps.accountById,
    actingAs: deps.actingAs,
    notifyUser: deps.notifyUser,
    mailer: deps.mailer,
  });
  registerAppMarketRoutes(deps.api, { market });
  deps.jobs.registerHandler('appmarket.health', () => market.checkGrayHealth());
  deps.jobs.schedule({ name: 'appmarket.health', cron: HEALTH_CRON, kind: 'appmarket.health' });
  deps.jobs.registerHandler(AUTO_UPDATE_JOB_KIND, () => market.autoUpdateSweep());
  deps.jobs.schedule({ name: AUTO_UPDATE_JOB_KIND, cron: AUTO_UPDATE_CRON, kind: AUTO_UPDATE_JOB_KIND });
  /** Hears a terminal's app events: crashes and ANRs feed the health gate, installs and removals the records. */
  const heardAppEvent = async (sn: string, ev: DeviceEvent, at: Date) => {
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
        at,
      });
  };
  return { market, heardAppEvent };
};
