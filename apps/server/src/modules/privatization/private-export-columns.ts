import type { PrivateCustomerRow } from '@cpm/contracts';
import type { ExportColumn } from '../../shared/export-columns';

/** Columns of the private-deployment export: the page's columns, deployment status and network by their dictionary labels. */
export const PRIVATE_CUSTOMER_EXPORT_COLUMNS: ExportColumn<PrivateCustomerRow>[] = [
  { key: 'name', label: { zh: '客户名称', en: 'Customer' }, page: 'accounts:private.name', width: 24 },
  { key: 'contact', label: { zh: '联系人', en: 'Contact' }, page: 'accounts:private.contact' },
  { key: 'phone', label: { zh: '电话', en: 'Phone' }, page: 'accounts:private.phone' },
  { key: 'email', label: { zh: '邮箱', en: 'Email' }, page: 'accounts:private.email', width: 26 },
  { key: 'country', label: { zh: '国家', en: 'Country' }, page: 'accounts:private.country' },
  { key: 'region', label: { zh: '地区', en: 'Region' }, page: 'accounts:private.region' },
  { key: 'address', label: { zh: '地址', en: 'Address' }, page: 'accounts:private.address', width: 30 },
  {
    key: 'deploymentStatus',
    label: { zh: '部署状态', en: 'Deployment status' },
    page: 'accounts:private.deploymentStatus',
    format: { dict: 'deployment_status' },
  },
  {
    key: 'networkType',
    label: { zh: '网络类型', en: 'Network type' },
    page: 'accounts:private.networkType',
    format: { dict: 'network_type' },
  },
  {
    key: 'interfaceUrl',
    label: { zh: '接口地址', en: 'Interface URL' },
    page: 'accounts:private.interfaceUrl',
    width: 30,
  },
  { key: 'serviceIp', label: { zh: '服务IP', en: 'Service IP' }, page: 'accounts:private.serviceIp' },
  { key: 'sysUser', label: { zh: '系统用户', en: 'System user' }, page: 'accounts:private.sysUser' },
  { key: 'remark', label: { zh: '备注', en: 'Remark' }, page: 'accounts:private.remark', width: 30 },
];
