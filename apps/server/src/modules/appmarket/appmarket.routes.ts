import { APP_LIMITS, appMarketEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { streamXlsx } from '../../shared/xlsx';
import { receiveUpload } from '../blobs/blob-http';
import { APP_RECORD_EXPORT_COLUMNS } from './app-record-export-columns';
import type { AppMarketService } from './appmarket.service';

/** The app market's endpoints: each binds a contract endpoint to a service call. */
export const registerAppMarketRoutes = (api: EndpointRegistry, deps: { market: AppMarketService }) => {
  const { market } = deps;
  const e = appMarketEndpoints;
  api.register(e.market, ({ auth, query }) => market.page('market', auth, query));
  api.register(e.mine, ({ auth, query }) => market.page('mine', auth, query));
  api.register(e.detail, ({ auth, query }) => market.detail(auth, query.id));
  api.register(e.versionQuery, ({ auth, query }) => market.versionQuery(auth, query.appName));
  api.register(e.uploadApk, async ({ auth, oplog, request }) =>
    market.uploadApk(auth, oplog, await receiveUpload(request, APP_LIMITS.maxPackageBytes)),
  );
  api.register(e.uploadWindows, async ({ auth, oplog, request }) =>
    market.uploadWindows(auth, oplog, await receiveUpload(request, APP_LIMITS.maxPackageBytes)),
  );
  api.register(e.update, ({ auth, body }) => market.update(auth, body));
  api.register(e.remove, async ({ auth, oplog, body }) => {
    await market.remove(auth, oplog, body.id);
    return null;
  });
  api.register(e.shelf, ({ auth, oplog, body }) => market.shelf(auth, oplog, body.id, body.launched));
  api.register(e.uploadScreenshot, async ({ auth, query, request }) => {
    const file = await receiveUpload(request, APP_LIMITS.screenshotMaxBytes);
    return market.addScreenshot(auth, query.id, { name: file.fileName, stream: file.stream });
  });
  api.register(e.removeScreenshot, ({ auth, body }) => market.removeScreenshot(auth, body.appId, body.id));
  api.register(e.updateVersion, ({ auth, body }) => market.updateVersion(auth, body));
  api.register(e.submit, ({ auth, body }) => market.submit(auth, body.id));
  api.register(e.removeVersion, async ({ auth, body }) => {
    await market.removeVersion(auth, body.id);
    return null;
  });
  api.register(e.auditPage, ({ auth, query }) => market.auditPage(auth, query));
  api.register(e.audit, ({ auth, oplog, body }) => market.audit(auth, oplog, body));
  api.register(e.release, ({ auth, oplog, body }) => market.release(auth, oplog, body));
  api.register(e.health, ({ auth, query }) => market.health(auth, query.id));
  api.register(e.records, ({ auth, query }) => market.records(auth, query));
  api.register(e.exportRecords, ({ auth, query, request, reply }) =>
    streamXlsx({
      request,
      reply,
      fileName: 'app-operation-records.xlsx',
      sheet: 'Records',
      columns: APP_RECORD_EXPORT_COLUMNS,
      rows: (offset, limit) => market.recordRows(auth, query, offset, limit),
    }),
  );
};
