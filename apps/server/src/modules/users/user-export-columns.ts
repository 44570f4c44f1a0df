import type { UserRow } from '@cpm/contracts';
import type { ExportColumn } from '../../shared/export-columns';

/** Columns of a user export, direct or as a background job: the user list's columns, then the alert switches. */
export const USER_EXPORT_COLUMNS: ExportColumn<UserRow>[] = [
  { key: 'username', label: { zh: '用户名', en: 'Username' }, page: 'accounts:user.username' },
  { key: 'name', label: { zh: '姓名', en: 'Full name' }, page: 'accounts:user.name' },
  { key: 'email', label: { zh: '邮箱', en: 'Email' }, page: 'accounts:user.email', width: 26 },
  { key: 'phone', label: { zh: '电话', en: 'Phone' }, page: 'accounts:user.phone' },
  {
    key: 'roles',
    label: { zh: '角色', en: 'Roles' },
    page: 'accounts:user.role',
    width: 26,
    value: (r, lang) => (lang === 'zh' ? r.roleNames : r.roleNamesEn),
  },
  {
    key: 'status',
    label: { zh: '状态', en: 'Status' },
    page: 'accounts:user.status',
    format: { dict: 'enabled_status' },
  },
  { key: 'superiorName', label: { zh: '上级账号', en: 'Superior account' }, page: 'accounts:user.superior' },
  {
    key: 'storeScopeGroupName',
    label: { zh: '门店范围', en: 'Store scope' },
    page: 'accounts:user.storeScope',
  },
  { key: 'companyName', label: { zh: '公司名称', en: 'Company' }, page: 'accounts:user.companyName' },
  {
    key: 'hardwareSmsAlert',
    label: { zh: '硬件异常短信预警', en: 'Hardware fault SMS' },
    page: 'accounts:user.hardwareSmsAlert',
    format: 'yesNo',
  },
  {
    key: 'fenceEmailAlert',
    label: { zh: '电子围栏邮件预警', en: 'Geofence mail' },
    page: 'accounts:user.fenceEmailAlert',
    format: 'yesNo',
  },
  {
    key: 'international',
    label: { zh: '国际用户', en: 'International user' },
    page: 'accounts:user.international',
    format: 'yesNo',
  },
  {
    key: 'locationEnabled',
    label: { zh: '定位开关', en: 'Location' },
    page: 'accounts:user.locationEnabled',
    format: 'yesNo',
  },
  {
    key: 'createdAt',
    label: { zh: '创建时间', en: 'Created' },
    page: 'accounts:common.createdAt',
    format: 'dateTime',
    width: 22,
  },
];
