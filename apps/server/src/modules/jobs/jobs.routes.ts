import { jobsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { JobsService } from './jobs.service';

/** The signed-in user's own background jobs. */
export const registerJobsRoutes = (api: EndpointRegistry, deps: { jobs: JobsService }) => {
  api.register(jobsEndpoints.getById, ({ auth, query }) => deps.jobs.getOwn(auth, query.id));
  api.register(jobsEndpoints.getPage, ({ auth, query }) => deps.jobs.pageOwn(auth, query));
};
