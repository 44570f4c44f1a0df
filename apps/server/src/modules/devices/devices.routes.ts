import { devicesEndpoints } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { XLSX_TYPE, xlsxExport } from '../../shared/xlsx';
import { receiveFile } from '../blobs/blob-http';
import type { BlobsService } from '../blobs/blobs.service';
import type { Catalogue } from './catalogue.module';
import { assertCatalogueChange, type CatalogueArea } from './catalogue-owner';
import { TERMINAL_EXPORT_COLUMNS } from './terminal-export-columns';
import type { TerminalsService } from './terminals.service';

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Sends a workbook as a download named `name`. */
const xlsx = <T>(reply: { header(name: string, value: string): unknown }, name: string, file: T): T => {
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', attachment(name));
  return file;
};

/** A catalogue save: the caller's button to add (no id) or edit, then the save. */
const catalogueSave =
  <B extends { id?: string | null }, R>(area: CatalogueArea, save: (body: B) => R) =>
  ({ auth, body }: { auth: AuthContext; body: B }) => {
    assertCatalogueChange(auth, area, body.id ? 'edit' : 'add');
    return save(body);
  };

/** A catalogue delete: the caller's delete button, then the removal. */
const catalogueDelete =
  <R>(area: CatalogueArea, remove: (id: string) => R) =>
  ({ auth, body }: { auth: AuthContext; body: { id: string } }) => {
    assertCatalogueChange(auth, area, 'delete');
    return remove(body.id);
  };

/** Terminals, models, peripherals, factory records, warnings and the dashboard. */
export const registerDevicesRoutes = (
  api: EndpointRegistry,
  deps: { terminals: TerminalsService; catalogue: Catalogue; blobs: BlobsService },
) => {
  const { terminals, blobs } = deps;
  const { models, peripherals, alerts, favorites, exitRecords, dashboard } = deps.catalogue;
  const workbook = async (request: Parameters<typeof receiveFile>[0]) =>
    (await blobs.readUpload(await receiveFile(request, 'excelImport'))).bytes;
  const e = devicesEndpoints;

  api.register(e.terminalPage, ({ auth, query }) => terminals.page(auth, query));
  api.register(e.terminalBySn, ({ auth, query }) => terminals.detail(auth, query.sn));
  api.register(e.terminalSave, ({ auth, body }) => terminals.save(auth, body));
  api.register(e.terminalDelete, ({ auth, body }) => terminals.remove(auth, body.sns));
  api.register(e.terminalMove, ({ auth, body }) => terminals.move(auth, body.sns, body.groupId));
  api.register(
    e.terminalExport,
    xlsxExport(
      { fileName: 'terminals.xlsx', sheet: 'terminals', columns: TERMINAL_EXPORT_COLUMNS },
      ({ auth, query }) => terminals.exportRows(auth, query).batches(),
    ),
  );
  api.register(e.terminalTemplate, ({ reply }) =>
    xlsx(reply, 'terminal-template.xlsx', terminals.template()),
  );
  api.register(e.terminalImport, async ({ auth, request }) =>
    terminals.importFile(auth, await workbook(request)),
  );
  api.register(e.terminalHistory, ({ auth, query }) => terminals.history(auth, query.sn));
  api.register(e.terminalRequestLog, ({ auth, body }) => terminals.requestLog(auth, body.sn));
  api.register(e.terminalLogs, ({ auth, query }) => terminals.logs(auth, query.sn));
  api.register(e.groupOptions, ({ auth }) => terminals.groupOptions(auth));
  api.register(e.ownerOptions, ({ auth }) => terminals.ownerOptions(auth));
  api.register(e.enrollmentKey, ({ auth }) => terminals.rotateEnrollmentKey(auth));

  api.register(e.modelPage, ({ query }) => models.page(query));
  api.register(e.modelList, () => models.list());
  api.register(e.modelSave, catalogueSave('device:model', models.save));
  api.register(e.modelDelete, catalogueDelete('device:model', models.remove));
  api.register(e.peripheralPage, ({ query }) => peripherals.page(query));
  api.register(e.peripheralList, () => peripherals.list());
  api.register(
    e.peripheralSave,
    catalogueSave('device:peripheral', (body) =>
      peripherals.save({
        ...body,
        manufacturer: body.manufacturer ?? null,
        brand: body.brand ?? null,
        identifier: body.identifier ?? null,
        baudRate: body.baudRate ?? null,
        authCode: body.authCode ?? null,
      }),
    ),
  );
  api.register(e.peripheralDelete, catalogueDelete('device:peripheral', peripherals.remove));
  api.register(e.modelPeripheralPage, ({ query }) => models.peripheralPage(query));
  api.register(e.modelPeripheralSave, catalogueSave('device:modelPeripheral', models.peripheralSave));
  api.register(e.modelPeripheralDelete, catalogueDelete('device:modelPeripheral', models.peripheralRemove));
  api.register(e.peripheralFaultPage, ({ auth, query }) => alerts.faultPage(auth, query));
  api.register(e.peripheralFaultHandle, ({ auth, body }) => alerts.faultHandle(auth, body.ids));
  api.register(e.favoritePage, ({ auth, query }) => favorites.page(auth, query));
  api.register(e.favoriteToggle, ({ auth, body }) => favorites.toggle(auth, body.sns, body.favorite));
  api.register(e.exitRecordPage, ({ auth, query }) => exitRecords.page(auth, query));
  api.register(e.exitRecordTemplate, ({ reply }) =>
    xlsx(reply, 'exit-record-template.xlsx', exitRecords.template()),
  );
  api.register(e.exitRecordImport, async ({ auth, request }) =>
    exitRecords.importFile(auth, await workbook(request)),
  );
  api.register(e.warningPage, ({ auth, query }) => alerts.warningPage(auth, query));
  api.register(e.warningHandle, ({ auth, body }) => alerts.warningHandle(auth, body.ids));
  api.register(e.dashboard, ({ auth }) => dashboard.dashboard(auth));
};
