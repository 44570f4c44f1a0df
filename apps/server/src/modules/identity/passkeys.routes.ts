import { passkeysEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { PasskeysService } from './passkeys.service';

/** The signed-in calls of one's own passkeys; the sign-in with a passkey is among the sign-in's calls. */
export const registerPasskeysRoutes = (api: EndpointRegistry, deps: { passkeys: PasskeysService }) => {
  const { passkeys } = deps;
  api.register(passkeysEndpoints.registerOptions, ({ auth }) => passkeys.registerOptions(auth));
  api.register(passkeysEndpoints.register, ({ auth, oplog, body }) => passkeys.register(auth, oplog, body));
  api.register(passkeysEndpoints.rename, ({ auth, oplog, body }) => passkeys.rename(auth, oplog, body));
  api.register(passkeysEndpoints.remove, ({ auth, oplog, body }) => passkeys.remove(auth, oplog, body.id));
};
