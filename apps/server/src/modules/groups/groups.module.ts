import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { isAccountVisible } from '../users/users.repository';
import { groupUsageChecks } from './group-usage.repository';
import { createGroupsRepository } from './groups.repository';
import { registerGroupsRoutes } from './groups.routes';
import { createGroupsService } from './groups.service';

/** Wires terminal groups: the service, which refuses to delete a group anything still points at, and its routes. */
export const createGroupsModule = (deps: { api: EndpointRegistry; db: Db; clock: Clock }) => {
  const { db } = deps;
  const repo = createGroupsRepository(db);
  registerGroupsRoutes(deps.api, {
    groups: createGroupsService({
      repo,
      clock: deps.clock,
      usageChecks: groupUsageChecks(db),
      accountVisible: (caller, id) => isAccountVisible(db, caller, id),
    }),
  });
  return { repo };
};
