import { remoteEndpoints as e } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { sendBlob } from '../blobs/blob-http';
import type { RemoteService } from './remote.service';

/** Remote desktop: sessions, their audit list and recordings, consent policies. */
export const registerRemoteRoutes = (api: EndpointRegistry, deps: { remote: RemoteService }) => {
  const { remote } = deps;
  api.register(e.open, ({ auth, oplog, body }) => remote.open(auth, oplog, body));
  api.register(e.token, ({ auth, body }) => remote.token(auth, body.sessionId));
  api.register(e.close, ({ auth, oplog, body }) => remote.close(auth, oplog, body.sessionId));
  api.register(e.page, ({ auth, query }) => remote.page(auth, query));
  api.register(e.recording, async ({ auth, oplog, query, request, reply }) =>
    sendBlob(request, reply, await remote.openRecording(auth, oplog, query.id)),
  );
  api.register(e.policies, ({ auth }) => remote.policies(auth));
  api.register(e.savePolicy, ({ auth, oplog, body }) => remote.savePolicy(auth, oplog, body));
};
