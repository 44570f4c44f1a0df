import { groupsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { GroupsService } from './groups.service';

/** Device groups (`/user/equipment`). */
export const registerGroupsRoutes = (api: EndpointRegistry, deps: { groups: GroupsService }) => {
  api.register(groupsEndpoints.tree, ({ query, auth }) => deps.groups.tree(auth, query.keyword));
  api.register(groupsEndpoints.save, ({ body, auth }) => deps.groups.save(auth, body));
  api.register(groupsEndpoints.move, async ({ body, auth }) => {
    await deps.groups.move(auth, body.id, body.parentId);
    return null;
  });
  api.register(groupsEndpoints.remove, async ({ query, auth }) => {
    await deps.groups.remove(auth, query.id);
    return null;
  });
};
