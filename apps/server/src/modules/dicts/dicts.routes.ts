import { dictsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { DictsService } from './dicts.service';

/** Dictionary management (`/user/dicInfo`) and the bundle the console's selects read. */
export const registerDictsRoutes = (api: EndpointRegistry, deps: { dicts: DictsService }) => {
  const { dicts } = deps;
  api.register(dictsEndpoints.page, ({ query }) => dicts.page(query));
  api.register(dictsEndpoints.save, ({ body, auth }) => dicts.save(auth, body));
  api.register(dictsEndpoints.remove, async ({ query, auth }) => {
    await dicts.remove(auth, query.id);
    return null;
  });
  api.register(dictsEndpoints.items, ({ query }) => dicts.items(query.dictId));
  api.register(dictsEndpoints.saveItem, ({ body, auth }) => dicts.saveItem(auth, body));
  api.register(dictsEndpoints.removeItem, async ({ query, auth }) => {
    await dicts.removeItem(auth, query.id);
    return null;
  });
  api.register(dictsEndpoints.bundle, () => dicts.bundle());
};
