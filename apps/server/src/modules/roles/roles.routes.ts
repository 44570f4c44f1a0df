import { rolesEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { pageOffset, toPage } from '../../shared/paging';
import type { RolesRepository } from './roles.repository';
import type { RolesService } from './roles.service';

/** Roles (`/user/role`). */
export const registerRolesRoutes = (
  api: EndpointRegistry,
  deps: { roles: RolesService; repo: RolesRepository },
) => {
  api.register(rolesEndpoints.page, async ({ query, auth }) => {
    const [records, total] = await Promise.all([
      deps.repo.list(auth, query, pageOffset(query), query.size),
      deps.repo.count(auth, query),
    ]);
    return toPage(records, total, query);
  });
  api.register(rolesEndpoints.options, ({ auth }) => deps.roles.options(auth));
  api.register(rolesEndpoints.grantable, ({ auth }) => deps.roles.grantableTree(auth));
  api.register(rolesEndpoints.save, ({ body, auth, oplog }) => deps.roles.save(auth, oplog, body));
  api.register(rolesEndpoints.remove, async ({ query, auth, oplog }) => {
    await deps.roles.remove(auth, oplog, query.id);
    return null;
  });
};
