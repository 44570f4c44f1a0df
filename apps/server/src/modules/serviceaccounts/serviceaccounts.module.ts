import { ACCOUNT_STATE } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { JobsService } from '../jobs/jobs.service';
import { findRoleGrants } from '../menus/menus.repository';
import type { OplogService } from '../oplog/oplog.service';
import type { RolesRepository } from '../roles/roles.repository';
import type { RolesService } from '../roles/roles.service';
import { createUsersRepository } from '../users/users.repository';
import { createApiKeyAuth } from './api-key-auth.service';
import { newApiKey } from './api-key-format';
import { createServiceAccountsRepository } from './serviceaccounts.repository';
import { registerServiceAccountsRoutes } from './serviceaccounts.routes';
import { createServiceAccountsService } from './serviceaccounts.service';

const SWEEP_JOB = 'serviceaccounts.sweepCounters';
/** Longer than any counter's window (the 15-minute lock window). */
const COUNTER_KEEP_MS = 60 * 60_000;

/** The API key check the endpoint registry runs for `Authorization: Bearer` (built before the routes). */
export const createApiKeys = (deps: {
  db: Db;
  clock: Clock;
  oplog: Pick<OplogService, 'recordAnonymous'>;
}) => {
  const users = createUsersRepository(deps.db);
  return createApiKeyAuth({
    repo: createServiceAccountsRepository(deps.db),
    clock: deps.clock,
    roleGrants: (roleId) => findRoleGrants(deps.db, roleId),
    ownerActive: async (ownerId) => {
      const owner = await users.findById(ownerId);
      return owner?.enabled === true && owner.state === ACCOUNT_STATE.active;
    },
    audit: (actor, ip, entry) => deps.oplog.recordAnonymous(actor, ip, entry),
  });
};

/** Wires the management of service accounts and their keys. */
export const createServiceAccountsModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'registerHandler' | 'schedule'>;
  roles: Pick<RolesService, 'assertAssignable' | 'options'>;
  rolesRepo: Pick<RolesRepository, 'findVisible'>;
}) => {
  const { db, roles } = deps;
  const repo = createServiceAccountsRepository(db);
  // Counters are only read within their window: older ones are dropped every hour.
  deps.jobs.registerHandler(SWEEP_JOB, async () => ({
    deleted: await repo.sweepCounters(new Date(deps.clock.now().getTime() - COUNTER_KEEP_MS)),
  }));
  deps.jobs.schedule({ name: SWEEP_JOB, cron: '23 * * * *', kind: SWEEP_JOB });
  registerServiceAccountsRoutes(deps.api, {
    accounts: createServiceAccountsService({
      repo,
      clock: deps.clock,
      newKey: newApiKey,
      roleOf: (roleId) => findRoleGrants(db, roleId),
      async assertAssignable(auth, roleId) {
        const role = await deps.rolesRepo.findVisible(auth, roleId);
        if (!role) throw new AppError('notFound');
        await roles.assertAssignable(auth, role);
      },
      roleOptions: (auth) => roles.options(auth),
    }),
  });
};
