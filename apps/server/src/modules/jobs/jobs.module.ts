import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { createJobEventPublisher } from './job-events';
import { createJobsRepository } from './jobs.repository';
import { registerJobsRoutes } from './jobs.routes';
import { createJobsService, type JobsOptions } from './jobs.service';

/** Finished jobs are kept this long for their starters' lists, then deleted by a daily schedule. */
export const JOB_RETENTION_DAYS = 30;

/** Wires jobs: repository, live job events through the broker, service with its housekeeping schedule, routes. */
export const createJobsModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  broker: Broker | null;
  log: FastifyBaseLogger;
  options?: Partial<JobsOptions>;
}) => {
  const jobs = createJobsService({
    repo: createJobsRepository(deps.db),
    clock: deps.clock,
    publish: createJobEventPublisher(deps.broker),
    log: deps.log,
    options: deps.options,
  });
  registerJobsRoutes(deps.api, { jobs });
  jobs.registerHandler('jobs.prune', async () => ({ deleted: await jobs.pruneFinished(JOB_RETENTION_DAYS) }));
  jobs.schedule({ name: 'jobs.prune', cron: '17 3 * * *', kind: 'jobs.prune' });
  return jobs;
};
