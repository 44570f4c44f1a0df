import type { UserRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn } from '../../shared/export-columns';

const column = columnsIn<UserRow>('accounts:');

/** Columns of a user export, direct or as a background job: the user list's columns, then the alert switches. */
export const USER_EXPORT_COLUMNS: ExportColumn<UserRow>[] = [
  column('username', 'user.username', '用户名', 'Username'),
  column('name', 'user.name', '姓名', 'Full name'),
  column('email', 'user.email', '邮箱', 'Email', { width: 26 }),
  column('phone', 'user.phone', '电话', 'Phone'),
  column('roles', 'user.role', '角色', 'Roles', {
    width: 26,
    value: (r, lang) => (lang === 'zh' ? r.roleNames : r.roleNamesEn),
  }),
  column('status', 'user.status', '状态', 'Status', { format: { dict: 'enabled_status' } }),
  column('superiorName', 'user.superior', '上级账号', 'Superior account'),
  column('storeScopeGroupName', 'user.storeScope', '门店范围', 'Store scope'),
  column('companyName', 'user.companyName', '公司名称', 'Company'),
  column('hardwareSmsAlert', 'user.hardwareSmsAlert', '硬件异常短信预警', 'Hardware fault SMS', {
    format: 'yesNo',
  }),
  column('fenceEmailAlert', 'user.fenceEmailAlert', '电子围栏邮件预警', 'Geofence mail', { format: 'yesNo' }),
  column('international', 'user.international', '国际用户', 'International user', { format: 'yesNo' }),
  column('locationEnabled', 'user.locationEnabled', '定位开关', 'Location', { format: 'yesNo' }),
  column('createdAt', 'common.createdAt', '创建时间', 'Created', { format: 'dateTime', width: 22 }),
];
