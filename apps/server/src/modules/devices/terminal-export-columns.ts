import type { TerminalRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn, enumLabels } from '../../shared/export-columns';

/** Terminal statuses as the terminal list shows them. */
export const TERMINAL_STATUS_LABELS = enumLabels('devices:status', {
  warehoused: ['已入库', 'Warehoused'],
  shipped: ['已发货', 'Shipped'],
  activated: ['已激活', 'Activated'],
  loggedOff: ['已注销', 'Logged off'],
});

/** Online states as the terminal list shows them (offline for over 72 hours has its own label). */
export const ONLINE_STATE_LABELS = enumLabels('devices:', {
  online: ['在线', 'Online'],
  offline: ['离线', 'Offline'],
  longOffline: ['离线超过 72 小时', 'Offline > 72 h'],
});

const onlineState = (r: TerminalRow) => (r.online ? 'online' : r.longOffline ? 'longOffline' : 'offline');

const column = columnsIn<TerminalRow>('devices:');

/** Columns of a terminal export, direct or as a background job: the terminal list's columns. */
export const TERMINAL_EXPORT_COLUMNS: ExportColumn<TerminalRow>[] = [
  column('sn', 'sn', '序列号', 'SN'),
  column('name', 'name', '终端名称', 'Name'),
  column('online', 'onlineState', '在线状态', 'Online', {
    format: { enum: ONLINE_STATE_LABELS },
    value: onlineState,
  }),
  column('status', 'statusLabel', '状态', 'Status', { format: { enum: TERMINAL_STATUS_LABELS } }),
  column('modelName', 'model', '型号', 'Model'),
  column('ownerName', 'enterprise', '企业', 'Enterprise'),
  column('groupName', 'group', '终端分组', 'Group'),
  column('storeName', 'storeName', '门店名称', 'Store'),
  column('battery', 'battery', '电量', 'Battery', { format: 'percent' }),
  column('ip', null, 'IP', 'IP'),
  column('mac', 'mac', 'MAC 地址', 'MAC'),
  column('lastSeenAt', 'lastSeen', '最后在线', 'Last seen', { format: 'dateTime' }),
  column('activationDate', 'activationDate', '激活时间', 'Activated', { format: 'dateTime' }),
];
