import { webhooksEndpoints as e } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { WebhooksService } from './webhooks.service';

/** Webhook subscriptions and their delivery log (`/user/webhooks`). */
export const registerWebhooksRoutes = (api: EndpointRegistry, deps: { webhooks: WebhooksService }) => {
  const { webhooks } = deps;
  api.register(e.page, ({ query, auth }) => webhooks.page(auth, query));
  api.register(e.save, ({ body, auth, oplog }) => webhooks.save(auth, oplog, body));
  api.register(e.rotateSecret, ({ body, auth, oplog }) => webhooks.rotateSecret(auth, oplog, body.id));
  api.register(e.remove, async ({ body, auth, oplog }) => {
    await webhooks.remove(auth, oplog, body.id);
    return null;
  });
  api.register(e.ping, ({ body, auth }) => webhooks.ping(auth, body.id));
  api.register(e.deliveries, ({ query, auth }) => webhooks.deliveries(auth, query));
  api.register(e.resend, async ({ body, auth }) => {
    await webhooks.resend(auth, body.id);
    return null;
  });
};
