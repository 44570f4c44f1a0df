import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AppKeys } from '../keys/app-keys';
import { enterpriseOf } from '../registry/request-counters.repository';
import { createRolesRepository } from '../roles/roles.repository';
import { createUsersRepository } from '../users/users.repository';
import { createFactorsRepository } from './factors.repository';
import { registerFactorsRoutes } from './factors.routes';
import { createFactorsService } from './factors.service';
import { createTotp } from './totp';

/**
 * Wires second factors. Built before the sign-in (which asks it what follows a password); its routes
 * are registered once the endpoint registry exists.
 */
export const createIdentityModule = (deps: { db: Db; clock: Clock; keys: AppKeys }) => {
  const { db } = deps;
  const users = createUsersRepository(db);
  const roles = createRolesRepository(db);
  const factors = createFactorsService({
    repo: createFactorsRepository(db),
    keys: deps.keys,
    totp: createTotp(),
    clock: deps.clock,
    enterpriseOf: (userId) => enterpriseOf(db, userId),
    roleIdsOf: (userId) => users.roleIdsOf(userId),
    findAccount: (id) => users.findById(id),
    visibleAccount: (auth, id) => users.findVisible(auth, id),
    visibleRole: (auth, id) => roles.findVisible(auth, id),
  });
  return {
    factors,
    register: (api: EndpointRegistry) => registerFactorsRoutes(api, { factors }),
  };
};
