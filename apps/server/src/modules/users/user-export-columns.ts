import type { UserRow } from '@cpm/contracts';
import type { XlsxColumn } from '../../shared/xlsx';

const yesNo = (v: boolean) => (v ? 'Y' : 'N');

/** Columns of a user export, direct or as a background job. */
export const USER_EXPORT_COLUMNS: XlsxColumn<UserRow>[] = [
  { header: 'Username 用户名', value: (r) => r.username },
  { header: 'Name 姓名', value: (r) => r.name },
  { header: 'Email 邮箱', width: 26, value: (r) => r.email },
  { header: 'Phone 电话', value: (r) => r.phone },
  { header: 'Roles 角色', width: 26, value: (r) => r.roleNames.join(', ') },
  { header: 'Status 状态', value: (r) => (r.status ? 'Enabled 已启用' : 'Disabled 已禁用') },
  { header: 'Superior 上级账号', value: (r) => r.superiorName },
  { header: 'Store scope 门店范围', value: (r) => r.storeScopeGroupName },
  { header: 'Company 公司', value: (r) => r.companyName },
  { header: 'SMS alert 短信预警', value: (r) => yesNo(r.hardwareSmsAlert) },
  { header: 'Fence mail 围栏邮件', value: (r) => yesNo(r.fenceEmailAlert) },
  { header: 'Location 定位', value: (r) => yesNo(r.locationEnabled) },
  { header: 'Created (UTC) 创建时间', width: 24, value: (r) => r.createdAt },
];
