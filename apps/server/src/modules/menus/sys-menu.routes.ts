import { sysMenuEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { SysMenuService } from './sys-menu.service';

/** Menu management (`/user/sysMenu`). */
export const registerSysMenuRoutes = (api: EndpointRegistry, deps: { menus: SysMenuService }) => {
  api.register(sysMenuEndpoints.tree, () => deps.menus.tree());
  api.register(sysMenuEndpoints.save, ({ body, auth, oplog }) => deps.menus.save(auth, oplog, body));
  api.register(sysMenuEndpoints.remove, async ({ query, auth, oplog }) => {
    await deps.menus.remove(auth, oplog, query.id);
    return null;
  });
};
