import type { ComplianceFilter } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { BlobsService } from '../blobs/blobs.service';
import type { DatacenterService } from '../datacenter/datacenter.service';
import type { createJobsModule } from '../jobs/jobs.module';
import { createPoliciesModule } from '../policies/policies.module';
import { hitLimit } from '../registry/request-counters.repository';
import { createCatalogue } from './catalogue.module';
import { registerDevicesRoutes } from './devices.routes';
import type { FleetEvents } from './fleet-events';
import { createTerminalsRepository } from './terminals.repository';
import { createTerminalsService, TAKEN_ANSWER_LIMIT } from './terminals.service';

/**
 * Wires the fleet: terminals and the catalogue around them (models, peripherals, alerts, favourites,
 * exit records, the dashboard with its counters folded every minute), and their routes.
 */
export const createDevicesModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  broker: Broker | null;
  events: FleetEvents;
  blobs: BlobsService;
  jobs: ReturnType<typeof createJobsModule>;
  /** The data centre's hourly rollups, which the dashboard's online trend reads. */
  rollups: DatacenterService;
  /** Forget what every instance cached about a terminal. */
  forgetDevice: (sn: string) => void;
  /** The payment-app lock a geofence put on a terminal, for its detail. */
  paymentLock: Parameters<typeof createTerminalsService>[0]['paymentLock'];
  /** The app market's names of installed packages (the market module's). */
  marketNames?: Parameters<typeof createTerminalsService>[0]['marketNames'];
  /** SNs no terminal may hold (the external broker's superuser name); given upper case. */
  snReserved: (sn: string) => boolean;
  log: { error(obj: object, msg: string): void };
}) => {
  const { api, db, clock, jobs } = deps;
  // Shared by every instance (the database's request counters): see TAKEN_ANSWER_LIMIT.
  const countTakenAnswers = (accountId: string, amount: number) =>
    hitLimit(
      db,
      `taken:${accountId}`,
      TAKEN_ANSWER_LIMIT,
      clock.now(),
      'terminalTakenAnswersThrottled',
      amount,
    );
  const terminalsRepo = createTerminalsRepository(db);
  const terminals = createTerminalsService({
    repo: terminalsRepo,
    clock,
    broker: deps.broker,
    events: deps.events,
    forgetDevice: deps.forgetDevice,
    paymentLock: deps.paymentLock,
    marketNames: deps.marketNames,
    snReserved: deps.snReserved,
    countTakenAnswers,
  });
  const catalogue = createCatalogue({
    db,
    clock,
    terminals: terminalsRepo,
    rollups: deps.rollups,
    snReserved: deps.snReserved,
    countTakenAnswers,
  });
  registerDevicesRoutes(api, { terminals, catalogue, blobs: deps.blobs });
  // The dashboard's counters: their change rows folded into one per key every minute.
  jobs.registerHandler('devices.tallies', () => catalogue.dashboard.foldTallies());
  jobs.schedule({ name: 'devices.tallies', cron: '* * * * *', kind: 'devices.tallies' });
  // Configuration policies: desired state of the same terminals (a page under Devices).
  const policies = createPoliciesModule({
    api,
    db,
    clock,
    broker: deps.broker,
    events: deps.events,
    jobs,
    log: deps.log,
  });
  // The exports reach the fleet through `terminals`; a policy's compliance rows are the fleet's too.
  const policyCompliance = (auth: AuthContext, filter: ComplianceFilter) =>
    policies.policies.exportRows(auth, filter);
  return { terminals: { ...terminals, policyCompliance }, terminalsRepo, policies };
};
