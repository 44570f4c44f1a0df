import { type OperationLogRow, usersEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { pageOffset, toPage } from '../../shared/paging';
import { streamXlsx } from '../../shared/xlsx';
import type { OplogRepository } from './oplog.repository';

/** The operation-log page and its export. */
export const registerOplogRoutes = (api: EndpointRegistry, deps: { repo: OplogRepository }) => {
  api.register(usersEndpoints.logPage, async ({ query, auth }) => {
    const [records, total] = await Promise.all([
      deps.repo.list(auth, query, pageOffset(query), query.size),
      deps.repo.count(auth, query),
    ]);
    return toPage(records, total, query);
  });

  api.register(usersEndpoints.logExport, ({ query, auth, reply }) =>
    streamXlsx<OperationLogRow>({
      reply,
      fileName: 'operation-log.xlsx',
      sheet: 'Operation log',
      columns: [
        { header: 'Time (UTC) 时间', width: 24, value: (r) => r.at },
        { header: 'Actor 操作人', value: (r) => r.actorName },
        { header: 'Address 地址', value: (r) => r.ip },
        { header: 'Action 操作', width: 22, value: (r) => r.action },
        { header: 'Object 对象', value: (r) => r.objectName ?? r.objectId },
        { header: 'Result 结果', value: (r) => r.result },
        { header: 'Detail 详情', width: 40, value: (r) => r.detail },
      ],
      fetch: (offset, limit) => deps.repo.list(auth, query, offset, limit),
    }),
  );
};
