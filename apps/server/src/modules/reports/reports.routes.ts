import { reportsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { ReportsService } from './reports.service';

/** Scheduled reports (`/dataCenter/reports`). */
export const registerReportsRoutes = (api: EndpointRegistry, deps: { reports: ReportsService }) => {
  const { reports } = deps;
  api.register(reportsEndpoints.page, ({ query, auth }) => reports.page(auth, query));
  api.register(reportsEndpoints.save, ({ body, auth, oplog }) => reports.save(auth, oplog, body));
  api.register(reportsEndpoints.pause, ({ body, auth, oplog }) =>
    reports.pause(auth, oplog, body.id, body.paused),
  );
  api.register(reportsEndpoints.remove, ({ body, auth, oplog }) => reports.remove(auth, oplog, body.id));
  api.register(reportsEndpoints.sendNow, ({ body, auth }) => reports.sendNow(auth, body.id));
};
