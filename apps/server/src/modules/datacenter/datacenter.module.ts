import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { createJobsModule } from '../jobs/jobs.module';
import { createDatacenterRepository } from './datacenter.repository';
import { registerDatacenterRoutes } from './datacenter.routes';
import { createDatacenterService, type DatacenterServiceDeps } from './datacenter.service';

/** The data centre's storage side: made before the device gateway, which reports activity to it. */
export const createDatacenterModule = (deps: Omit<DatacenterServiceDeps, 'repo'> & { db: Db }) => {
  const repo = createDatacenterRepository(deps.db);
  const service = createDatacenterService({ ...deps, repo });
  return {
    service,
    /** Registers the routes and the partition and retention jobs; runs the partition job once at start. */
    attach: async (api: EndpointRegistry, jobs: ReturnType<typeof createJobsModule>) => {
      registerDatacenterRoutes(api, { datacenter: service });
      await service.ensurePartitions();
      jobs.registerHandler('datacenter.partitions', async () => ({
        created: await service.ensurePartitions(),
      }));
      jobs.schedule({ name: 'datacenter.partitions', cron: '7 2 * * *', kind: 'datacenter.partitions' });
      jobs.registerHandler('datacenter.retention', () => service.applyRetention());
      jobs.schedule({ name: 'datacenter.retention', cron: '37 3 * * *', kind: 'datacenter.retention' });
    },
  };
};
