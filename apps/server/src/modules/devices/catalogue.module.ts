import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import type { DatacenterService } from '../datacenter/datacenter.service';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsService } from './alerts.service';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';
import { createExitRecordsRepository } from './exit-records.repository';
import { createExitRecordsService } from './exit-records.service';
import { createFavoritesRepository } from './favorites.repository';
import { createFavoritesService } from './favorites.service';
import { createModelsRepository } from './models.repository';
import { createModelsService } from './models.service';
import { createPeripheralsRepository } from './peripherals.repository';
import { createPeripheralsService } from './peripherals.service';
import type { TerminalsRepository } from './terminals.repository';

/**
 * The catalogue around the terminals, one service per sub-domain: models (with their expected
 * peripherals), peripherals, faults and warnings, favourites, factory exit records, the dashboard.
 */
export const createCatalogue = (deps: {
  db: Db;
  clock: Clock;
  terminals: TerminalsRepository;
  /** The data centre's hourly rollups, which the dashboard's online trend reads. */
  rollups: Pick<DatacenterService, 'onlineSecondsByHour'>;
  /** SNs no terminal may hold (the external broker's superuser name); given upper case. */
  snReserved?: (sn: string) => boolean;
  /** Counts "already registered" answers about terminals the caller cannot see (see the terminals service). */
  countTakenAnswers?: (accountId: string, amount: number) => Promise<void>;
}) => {
  const { db, clock } = deps;
  const peripheralsRepo = createPeripheralsRepository(db);
  const alerts = createAlertsService({ repo: createAlertsRepository(db) });
  return {
    models: createModelsService({ repo: createModelsRepository(db), peripherals: peripheralsRepo, clock }),
    peripherals: createPeripheralsService({ repo: peripheralsRepo, clock }),
    alerts,
    favorites: createFavoritesService({ repo: createFavoritesRepository(db), clock }),
    exitRecords: createExitRecordsService({
      repo: createExitRecordsRepository(db),
      terminals: deps.terminals,
      clock,
      snReserved: deps.snReserved,
      countTakenAnswers: deps.countTakenAnswers,
    }),
    dashboard: createDashboardService({
      repo: createDashboardRepository(db),
      alerts,
      rollups: deps.rollups,
      clock,
    }),
  };
};

export type Catalogue = ReturnType<typeof createCatalogue>;
