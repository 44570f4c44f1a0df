import { serviceAccountsEndpoints as endpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { ServiceAccountsService } from './serviceaccounts.service';

/** Service accounts and their API keys (`/user/serviceAccount`). */
export const registerServiceAccountsRoutes = (
  api: EndpointRegistry,
  deps: { accounts: ServiceAccountsService },
) => {
  const { accounts } = deps;
  api.register(endpoints.page, ({ query, auth }) => accounts.page(auth, query));
  api.register(endpoints.roleOptions, ({ auth }) => accounts.roleOptions(auth));
  api.register(endpoints.save, ({ body, auth, oplog }) => accounts.save(auth, oplog, body));
  api.register(endpoints.remove, async ({ body, auth, oplog }) => {
    await accounts.remove(auth, oplog, body.id);
    return null;
  });
  api.register(endpoints.issueKey, ({ body, auth, oplog }) => accounts.issueKey(auth, oplog, body));
  api.register(endpoints.rotateKey, ({ body, auth, oplog }) => accounts.rotateKey(auth, oplog, body));
  api.register(endpoints.revokeKey, async ({ body, auth, oplog }) => {
    await accounts.revokeKey(auth, oplog, body.id);
    return null;
  });
};
