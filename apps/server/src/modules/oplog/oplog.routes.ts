import { usersEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { pageOffset, toPage } from '../../shared/paging';
import { xlsxPagedExport } from '../../shared/xlsx';
import type { OplogRepository } from './oplog.repository';
import { OPLOG_EXPORT_COLUMNS } from './oplog-export-columns';

/** The operation-log page and its export. */
export const registerOplogRoutes = (api: EndpointRegistry, deps: { repo: OplogRepository }) => {
  api.register(usersEndpoints.logPage, async ({ query, auth }) => {
    const [records, total] = await Promise.all([
      deps.repo.list(auth, query, pageOffset(query), query.size),
      deps.repo.count(auth, query),
    ]);
    return toPage(records, total, query);
  });

  api.register(
    usersEndpoints.logExport,
    xlsxPagedExport(
      { fileName: 'operation-log.xlsx', sheet: 'Operation log', columns: OPLOG_EXPORT_COLUMNS },
      ({ query, auth }, offset, limit) => deps.repo.list(auth, query, offset, limit),
    ),
  );
};
