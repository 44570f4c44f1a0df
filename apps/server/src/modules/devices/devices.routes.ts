import { devicesEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { receiveFile } from '../blobs/blob-http';
import type { BlobsService } from '../blobs/blobs.service';
import type { CatalogueService } from './catalogue.service';
import { XLSX_TYPE } from './excel';
import type { TerminalsService } from './terminals.service';

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Terminals, models, peripherals, factory records, warnings and the dashboard. */
export const registerDevicesRoutes = (
  api: EndpointRegistry,
  deps: { terminals: TerminalsService; catalogue: CatalogueService; blobs: BlobsService },
) => {
  const { terminals, catalogue, blobs } = deps;
  const workbook = async (request: Parameters<typeof receiveFile>[0]) =>
    (await blobs.readUpload(await receiveFile(request, 'excelImport'))).bytes;
  const e = devicesEndpoints;

  api.register(e.terminalPage, ({ auth, query }) => terminals.page(auth, query));
  api.register(e.terminalBySn, ({ auth, query }) => terminals.detail(auth, query.sn));
  api.register(e.terminalSave, ({ auth, body }) => terminals.save(auth, body));
  api.register(e.terminalDelete, ({ auth, body }) => terminals.remove(auth, body.sns));
  api.register(e.terminalMove, ({ auth, body }) => terminals.move(auth, body.sns, body.groupId));
  api.register(e.terminalExport, ({ auth, query, reply, request }) => {
    reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('terminals.xlsx'));
    return terminals.exportFile(auth, query, (err) => request.log.error({ err }, 'terminal export failed'));
  });
  api.register(e.terminalTemplate, async ({ reply }) => {
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment('terminal-template.xlsx'));
    return terminals.template();
  });
  api.register(e.terminalImport, async ({ auth, request }) =>
    terminals.importFile(auth, await workbook(request)),
  );
  api.register(e.terminalHistory, ({ auth, query }) => terminals.history(auth, query.sn));
  api.register(e.terminalRequestLog, ({ auth, body }) => terminals.requestLog(auth, body.sn));
  api.register(e.terminalLogs, ({ auth, query }) => terminals.logs(auth, query.sn));
  api.register(e.groupOptions, ({ auth }) => terminals.groupOptions(auth));
  api.register(e.ownerOptions, ({ auth }) => terminals.ownerOptions(auth));
  api.register(e.enrollmentKey, ({ auth }) => terminals.rotateEnrollmentKey(auth));

  api.register(e.modelPage, ({ query }) => catalogue.modelPage(query));
  api.register(e.modelList, () => catalogue.modelList());
  api.register(e.modelSave, ({ body }) => catalogue.modelSave(body));
  api.register(e.modelDelete, ({ body }) => catalogue.modelDelete(body.id));
  api.register(e.peripheralPage, ({ query }) => catalogue.peripheralPage(query));
  api.register(e.peripheralList, () => catalogue.peripheralList());
  api.register(e.peripheralSave, ({ body }) =>
    catalogue.peripheralSave({
      ...body,
      manufacturer: body.manufacturer ?? null,
      brand: body.brand ?? null,
      identifier: body.identifier ?? null,
      baudRate: body.baudRate ?? null,
      authCode: body.authCode ?? null,
    }),
  );
  api.register(e.peripheralDelete, ({ body }) => catalogue.peripheralDelete(body.id));
  api.register(e.modelPeripheralPage, ({ query }) => catalogue.modelPeripheralPage(query));
  api.register(e.modelPeripheralSave, ({ body }) => catalogue.modelPeripheralSave(body));
  api.register(e.modelPeripheralDelete, ({ body }) => catalogue.modelPeripheralDelete(body.id));
  api.register(e.peripheralFaultPage, ({ auth, query }) => catalogue.faultPage(auth, query));
  api.register(e.peripheralFaultHandle, ({ auth, body }) => catalogue.faultHandle(auth, body.ids));
  api.register(e.favoritePage, ({ auth, query }) => catalogue.favoritePage(auth, query));
  api.register(e.favoriteToggle, ({ auth, body }) => catalogue.favoriteToggle(auth, body.sns, body.favorite));
  api.register(e.exitRecordPage, ({ auth, query }) => catalogue.exitRecordPage(auth, query));
  api.register(e.exitRecordTemplate, async ({ reply }) => {
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment('exit-record-template.xlsx'));
    return catalogue.exitTemplate();
  });
  api.register(e.exitRecordImport, async ({ auth, request }) =>
    catalogue.exitImport(auth, await workbook(request)),
  );
  api.register(e.warningPage, ({ auth, query }) => catalogue.warningPage(auth, query));
  api.register(e.warningHandle, ({ auth, body }) => catalogue.warningHandle(auth, body.ids));
  api.register(e.dashboard, ({ auth }) => catalogue.dashboard(auth));
};
