import type { PrivateCustomerRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn } from '../../shared/export-columns';

const column = columnsIn<PrivateCustomerRow>('accounts:');

/** Columns of the private-deployment export: the page's columns, deployment status and network by their dictionary labels. */
export const PRIVATE_CUSTOMER_EXPORT_COLUMNS: ExportColumn<PrivateCustomerRow>[] = [
  column('name', 'private.name', '客户名称', 'Customer', { width: 24 }),
  column('contact', 'private.contact', '联系人', 'Contact'),
  column('phone', 'private.phone', '电话', 'Phone'),
  column('email', 'private.email', '邮箱', 'Email', { width: 26 }),
  column('country', 'private.country', '国家', 'Country'),
  column('region', 'private.region', '地区', 'Region'),
  column('address', 'private.address', '地址', 'Address', { width: 30 }),
  column('deploymentStatus', 'private.deploymentStatus', '部署状态', 'Deployment status', {
    format: { dict: 'deployment_status' },
  }),
  column('networkType', 'private.networkType', '网络类型', 'Network type', {
    format: { dict: 'network_type' },
  }),
  column('interfaceUrl', 'private.interfaceUrl', '接口地址', 'Interface URL', { width: 30 }),
  column('serviceIp', 'private.serviceIp', '服务IP', 'Service IP'),
  column('sysUser', 'private.sysUser', '系统用户', 'System user'),
  column('remark', 'private.remark', '备注', 'Remark', { width: 30 }),
];
