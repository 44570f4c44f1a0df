import { type PrivateCustomerRow, privatizationEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { streamXlsx } from '../../shared/xlsx';
import type { PrivatizationService } from './privatization.service';

/** Private deployments (`/user/cpmPrivatization`). */
export const registerPrivatizationRoutes = (
  api: EndpointRegistry,
  deps: { customers: PrivatizationService },
) => {
  const { customers } = deps;
  api.register(privatizationEndpoints.page, ({ query, auth }) => customers.page(auth, query));
  api.register(privatizationEndpoints.save, ({ body, auth }) => customers.save(auth, body));
  api.register(privatizationEndpoints.remove, async ({ query, auth }) => {
    await customers.remove(auth, query.id);
    return null;
  });
  api.register(privatizationEndpoints.reveal, ({ body, auth, oplog }) =>
    customers.reveal(auth, oplog, body.id),
  );
  api.register(privatizationEndpoints.exportXlsx, ({ query, auth, reply }) =>
    streamXlsx<PrivateCustomerRow>({
      reply,
      fileName: 'private-deployments.xlsx',
      sheet: 'Customers',
      columns: [
        { header: 'Name 名称', width: 24, value: (r) => r.name },
        { header: 'Contact 联系人', value: (r) => r.contact },
        { header: 'Phone 电话', value: (r) => r.phone },
        { header: 'Email 邮箱', width: 26, value: (r) => r.email },
        { header: 'Country 国家', value: (r) => r.country },
        { header: 'Region 地区', value: (r) => r.region },
        { header: 'Address 地址', width: 30, value: (r) => r.address },
        { header: 'Deployment 部署状态', value: (r) => r.deploymentStatus },
        { header: 'Network 网络类型', value: (r) => r.networkType },
        { header: 'Interface URL 接口地址', width: 30, value: (r) => r.interfaceUrl },
        { header: 'Service IP 服务IP', value: (r) => r.serviceIp },
        { header: 'User 用户', value: (r) => r.sysUser },
        { header: 'Remark 备注', width: 30, value: (r) => r.remark },
      ],
      fetch: (offset, limit) => customers.list(auth, query, offset, limit),
    }),
  );
};
