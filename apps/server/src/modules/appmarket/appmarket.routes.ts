import { APP_LIMITS, appMarketEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { xlsxPagedExport } from '../../shared/xlsx';
import { receiveUpload } from '../blobs/blob-http';
import type { AppEventsService } from './app-events.service';
import { APP_RECORD_EXPORT_COLUMNS } from './app-record-export-columns';
import type { AppsService } from './apps.service';
import type { HealthGateService } from './health-gate.service';
import type { ReleaseService } from './release.service';
import type { ReviewService } from './review.service';
import type { UploadsService } from './uploads.service';

/** The app market's endpoints: each binds a contract endpoint to a service call. */
export const registerAppMarketRoutes = (
  api: EndpointRegistry,
  deps: {
    apps: AppsService;
    uploads: UploadsService;
    review: ReviewService;
    release: ReleaseService;
    healthGate: HealthGateService;
    events: AppEventsService;
  },
) => {
  const { apps, uploads, review, release, healthGate, events } = deps;
  const e = appMarketEndpoints;
  api.register(e.market, ({ auth, query }) => apps.page('market', auth, query));
  api.register(e.mine, ({ auth, query }) => apps.page('mine', auth, query));
  api.register(e.detail, ({ auth, query }) => apps.detail(auth, query.id));
  api.register(e.versionQuery, ({ auth, query }) => apps.versionQuery(auth, query.appName));
  api.register(e.uploadApk, async ({ auth, oplog, request }) =>
    uploads.uploadApk(auth, oplog, await receiveUpload(request, APP_LIMITS.maxPackageBytes)),
  );
  api.register(e.uploadWindows, async ({ auth, oplog, request }) =>
    uploads.uploadWindows(auth, oplog, await receiveUpload(request, APP_LIMITS.maxPackageBytes)),
  );
  api.register(e.update, ({ auth, body }) => apps.update(auth, body));
  api.register(e.remove, async ({ auth, oplog, body }) => {
    await apps.remove(auth, oplog, body.id);
    return null;
  });
  api.register(e.shelf, ({ auth, oplog, body }) => apps.shelf(auth, oplog, body.id, body.launched));
  api.register(e.uploadScreenshot, async ({ auth, query, request }) => {
    const file = await receiveUpload(request, APP_LIMITS.screenshotMaxBytes);
    return apps.addScreenshot(auth, query.id, { name: file.fileName, stream: file.stream });
  });
  api.register(e.removeScreenshot, ({ auth, body }) => apps.removeScreenshot(auth, body.appId, body.id));
  api.register(e.updateVersion, ({ auth, body }) => review.updateVersion(auth, body));
  api.register(e.submit, ({ auth, body }) => review.submit(auth, body.id));
  api.register(e.removeVersion, async ({ auth, body }) => {
    await review.removeVersion(auth, body.id);
    return null;
  });
  api.register(e.auditPage, ({ auth, query }) => review.auditPage(auth, query));
  api.register(e.audit, ({ auth, oplog, body }) => review.audit(auth, oplog, body));
  api.register(e.release, ({ auth, oplog, body }) => release.release(auth, oplog, body));
  api.register(e.health, ({ auth, query }) => healthGate.health(auth, query.id));
  api.register(e.records, ({ auth, query }) => events.records(auth, query));
  api.register(
    e.exportRecords,
    xlsxPagedExport(
      { fileName: 'app-operation-records.xlsx', sheet: 'Records', columns: APP_RECORD_EXPORT_COLUMNS },
      ({ auth, query }, offset, limit) => events.recordRows(auth, query, offset, limit),
    ),
  );
};
