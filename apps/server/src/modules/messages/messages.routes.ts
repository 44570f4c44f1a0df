import { messageEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { MessagesService } from './messages.service';

/** The spec's sysMsg (management) and sysMsgUser (own box) calls. */
export const registerMessageRoutes = (api: EndpointRegistry, messages: MessagesService) => {
  api.register(messageEndpoints.page, ({ auth, query }) => messages.page(auth, query));
  api.register(messageEndpoints.save, ({ auth, body }) => messages.save(auth, body));
  api.register(messageEndpoints.publish, ({ auth, query }) => messages.publish(auth, query.id));
  api.register(messageEndpoints.remove, ({ auth, query }) => messages.remove(auth, query.id));
  api.register(messageEndpoints.targets, ({ auth, query }) =>
    messages.targets(auth, query.scope, query.keyword),
  );
  api.register(messageEndpoints.myPage, ({ auth, query }) => messages.myPage(auth, query));
  api.register(messageEndpoints.read, ({ auth, query }) => messages.read(auth, query.msgId));
  api.register(messageEndpoints.readAll, ({ auth }) => messages.readAll(auth));
};
