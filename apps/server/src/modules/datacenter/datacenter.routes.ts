import { datacenterEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { xlsxPagedExport } from '../../shared/xlsx';
import type { DatacenterService } from './datacenter.service';
import { RUN_RECORD_EXPORT_COLUMNS } from './run-record-columns';

/** The data centre (`/dataCenter/*`): run records, run-record detail, activity monitoring. */
export const registerDatacenterRoutes = (api: EndpointRegistry, deps: { datacenter: DatacenterService }) => {
  const { datacenter } = deps;
  api.register(datacenterEndpoints.runRecords, ({ query, auth }) => datacenter.runRecords(auth, query));
  api.register(
    datacenterEndpoints.exportRunRecords,
    xlsxPagedExport(
      { fileName: 'run-records.xlsx', sheet: 'Run records', columns: RUN_RECORD_EXPORT_COLUMNS },
      ({ query, auth }, offset, limit) => datacenter.runRecordSlice(auth, query, offset, limit),
    ),
  );
  api.register(datacenterEndpoints.runDetail, ({ query, auth }) => datacenter.runDetail(auth, query));
  api.register(datacenterEndpoints.monitor, ({ query, auth }) => datacenter.monitor(auth, query));
};
