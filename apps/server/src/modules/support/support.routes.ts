import {
  type DictBundle,
  healthEndpoints as he,
  inspectionsEndpoints as ie,
  ordersEndpoints as oe,
} from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { xlsxExport } from '../../shared/xlsx';
import type { HealthService } from './health.service';
import type { InspectionsService } from './inspections.service';
import type { OrdersService } from './orders.service';
import { ORDER_EXPORT_COLUMNS, RECORD_EXPORT_COLUMNS } from './support-export-columns';

/** Binds the technical-support endpoints to their services. */
export const registerSupportRoutes = (
  api: EndpointRegistry,
  deps: {
    orders: OrdersService;
    inspections: InspectionsService;
    health: HealthService;
    /** The dictionaries whose labels the order export shows. */
    dicts: () => Promise<DictBundle>;
  },
) => {
  const { orders, inspections, health } = deps;
  api.register(oe.page, ({ query, auth }) => orders.page(auth, query));
  api.register(oe.detail, ({ query, auth }) => orders.detail(auth, query.id));
  api.register(oe.save, ({ body, auth }) => orders.create(auth, body));
  api.register(oe.terminal, ({ query, auth }) => orders.terminal(auth, query.sn));
  api.register(oe.transition, ({ body, auth }) => orders.transition(auth, body));
  api.register(oe.assign, ({ body, auth }) => orders.assign(auth, body));
  api.register(oe.assignees, ({ auth }) => orders.assignees(auth));
  api.register(oe.comment, ({ body, auth }) => orders.comment(auth, body.id, body.text));
  api.register(
    oe.export,
    xlsxExport(
      { fileName: 'orders.xlsx', sheet: 'Orders', columns: ORDER_EXPORT_COLUMNS, dicts: deps.dicts },
      ({ query, auth }) => orders.exportRows(auth, query).batches(),
    ),
  );
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
  api.register(
    ie.recordExport,
    xlsxExport(
      { fileName: 'inspection-records.xlsx', sheet: 'Inspection records', columns: RECORD_EXPORT_COLUMNS },
      ({ query, auth }) => inspections.exportRows(auth, query).batches(),
    ),
  );
  api.register(he.ruleList, () => health.listRules());
  api.register(he.ruleSave, ({ body, auth }) => health.saveRule(auth, body));
  api.register(he.ruleDelete, ({ body, auth }) => health.deleteRule(auth, body.id));
  api.register(he.proposalPage, ({ query, auth }) => health.proposalPage(auth, query));
  api.register(he.proposalDismiss, ({ body, auth }) => health.dismissProposal(auth, body.id));
};
