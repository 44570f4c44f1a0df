import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { FleetEvents } from '../devices/fleet-events';
import type { TerminalsRepository } from '../devices/terminals.repository';
import type { createJobsModule } from '../jobs/jobs.module';
import type { ConsoleEvents } from '../live/console-events.service';
import { registerMailJob } from '../mail/mail.jobs';
import type { Mailer } from '../mail/mailer';
import { SMS_JOB_KIND } from '../support/support.module';
import type { UsersRepository } from '../users/users.repository';
import { createCityIndex } from './city-index';
import { createFenceAlerts } from './fence-alerts';
import { createFencesRepository } from './fences.repository';
import { createFencesService } from './fences.service';
import { createGeoRepository } from './geo.repository';
import { registerFenceRoutes, registerGeoRoutes } from './geo.routes';
import { createGeoService } from './geo.service';
import type { PaymentLocksRepository } from './payment-locks.repository';
import type { PaymentLocksService } from './payment-locks.service';
import { createStreetGeocoder } from './street-geocoder';

/**
 * Wires places: the geocoding routes and the geofences, whose alerts go out as live notices, mail
 * and text messages, and whose payment-app locks the payment-lock service sends. Answers the fences,
 * which hear every accepted location fix.
 */
export const createGeoModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  geocoder: { url: string | null; timeoutMs: number };
  paymentLocks: PaymentLocksService;
  paymentLocksRepo: PaymentLocksRepository;
  consoleEvents: ConsoleEvents;
  events: FleetEvents;
  users: UsersRepository;
  terminals: TerminalsRepository;
  jobs: ReturnType<typeof createJobsModule>;
  mailer: Mailer;
}) => {
  const { api, db, clock, jobs } = deps;
  const cities = createCityIndex();
  registerGeoRoutes(api, {
    geo: createGeoService({
      repo: createGeoRepository(db),
      clock,
      cities,
      street: createStreetGeocoder(deps.geocoder),
    }),
  });
  const fences = createFencesService({
    repo: createFencesRepository(db),
    clock,
    log: deps.log,
    locks: { reconcile: deps.paymentLocks.reconcile, violatorsOf: deps.paymentLocksRepo.violatorsOf },
    alert: createFenceAlerts({
      audienceOf: (ownerId) => deps.consoleEvents.audienceOf(ownerId),
      account: (id) => deps.users.findById(id),
      terminalName: async (id) => (await deps.terminals.findById(id))?.name ?? '',
      queueMail: registerMailJob(jobs, deps.mailer),
      queueSms: async (to, text) => {
        await jobs.enqueueJob({ kind: SMS_JOB_KIND, payload: { to, text } });
      },
      emit: (change) => deps.events.emit(change),
      cities,
      log: deps.log,
    }),
  });
  registerFenceRoutes(api, { fences });
  return { fences };
};
