import { inspectionsEndpoints as ie, ordersEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { InspectionsService } from './inspections.service';
import type { OrdersService } from './orders.service';

/** Binds the technical-support endpoints to their services. */
export const registerSupportRoutes = (
  api: EndpointRegistry,
  deps: { orders: OrdersService; inspections: InspectionsService },
) => {
  const { orders, inspections } = deps;
  api.register(ordersEndpoints.page, ({ query, auth }) => orders.page(auth, query));
  api.register(ordersEndpoints.detail, ({ query, auth }) => orders.detail(auth, query.id));
  api.register(ordersEndpoints.save, ({ body, auth }) => orders.create(auth, body));
  api.register(ordersEndpoints.transition, ({ body, auth }) => orders.transition(auth, body));
  api.register(ordersEndpoints.comment, ({ body, auth }) => orders.comment(auth, body.id, body.text));
  api.register(ie.processPage, ({ query, auth }) => inspections.processPage(auth, query));
  api.register(ie.processDetail, ({ query, auth }) =>
    inspections.processDetail(auth, query.id, query.versionId),
  );
  api.register(ie.processSave, ({ body, auth }) => inspections.saveProcess(auth, body));
  api.register(ie.processTransition, ({ body, auth }) =>
    inspections.transitionProcess(auth, body.id, body.action),
  );
  api.register(ie.recordPage, ({ query, auth }) => inspections.recordPage(auth, query));
  api.register(ie.recordDetail, ({ query, auth }) => inspections.recordDetail(auth, query.id));
  api.register(ie.recordSave, ({ body, auth }) => inspections.addRecord(auth, body));
  api.register(ie.recordOpenOrder, ({ body, auth }) => inspections.openOrder(auth, body));
};
