import type { AppEventsService } from './app-events.service';
import type { AppsService } from './apps.service';
import type { HealthGateService } from './health-gate.service';
import type { ReleaseService } from './release.service';

export type { AppInstaller, InstallRequest } from './market-core';

/**
 * The app market as the rest of the server calls it: what an install task delivers, the reports
 * of terminals (crashes, installs, removals), the two schedules (health gate, auto-update) and
 * the market's names of installed packages.
 */
export const createAppMarketService = (parts: {
  release: ReleaseService;
  healthGate: HealthGateService;
  events: AppEventsService;
  apps: Pick<AppsService, 'marketNames' | 'packagesNamed'>;
}) => ({
  marketNames: parts.apps.marketNames,
  packagesNamed: parts.apps.packagesNamed,
  installResource: parts.release.installResource,
  autoUpdateSweep: parts.release.autoUpdateSweep,
  checkGrayHealth: parts.healthGate.checkGrayHealth,
  recordCrash: parts.events.recordCrash,
  recordTerminalApp: parts.events.recordTerminalApp,
  recordInstallResult: parts.events.recordInstallResult,
});

export type AppMarketService = ReturnType<typeof createAppMarketService>;
