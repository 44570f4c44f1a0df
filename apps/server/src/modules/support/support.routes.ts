import { ordersEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { OrdersService } from './orders.service';

/** Binds the technical-support endpoints to their services. */
export const registerSupportRoutes = (api: EndpointRegistry, deps: { orders: OrdersService }) => {
  const { orders } = deps;
  api.register(ordersEndpoints.page, ({ query, auth }) => orders.page(auth, query));
  api.register(ordersEndpoints.detail, ({ query, auth }) => orders.detail(auth, query.id));
  api.register(ordersEndpoints.save, ({ body, auth }) => orders.create(auth, body));
  api.register(ordersEndpoints.transition, ({ body, auth }) => orders.transition(auth, body));
  api.register(ordersEndpoints.comment, ({ body, auth }) => orders.comment(auth, body.id, body.text));
};
