import type { TerminalRow } from '@cpm/contracts';
import type { EnumLabels, ExportColumn } from '../../shared/export-columns';

/** Terminal statuses as the terminal list shows them. */
export const TERMINAL_STATUS_LABELS: EnumLabels = {
  page: 'devices:status',
  labels: {
    warehoused: { zh: '已入库', en: 'Warehoused' },
    shipped: { zh: '已发货', en: 'Shipped' },
    activated: { zh: '已激活', en: 'Activated' },
    loggedOff: { zh: '已注销', en: 'Logged off' },
  },
};

/** Online states as the terminal list shows them (offline for over 72 hours has its own label). */
export const ONLINE_STATE_LABELS: EnumLabels = {
  page: 'devices:',
  labels: {
    online: { zh: '在线', en: 'Online' },
    offline: { zh: '离线', en: 'Offline' },
    longOffline: { zh: '离线超过 72 小时', en: 'Offline > 72 h' },
  },
};

const onlineState = (r: TerminalRow) => (r.online ? 'online' : r.longOffline ? 'longOffline' : 'offline');

/** Columns of a terminal export, direct or as a background job: the terminal list's columns. */
export const TERMINAL_EXPORT_COLUMNS: ExportColumn<TerminalRow>[] = [
  { key: 'sn', label: { zh: '序列号', en: 'SN' }, page: 'devices:sn' },
  { key: 'name', label: { zh: '终端名称', en: 'Name' }, page: 'devices:name' },
  {
    key: 'online',
    label: { zh: '在线状态', en: 'Online' },
    page: 'devices:onlineState',
    format: { enum: ONLINE_STATE_LABELS },
    value: onlineState,
  },
  {
    key: 'status',
    label: { zh: '状态', en: 'Status' },
    page: 'devices:statusLabel',
    format: { enum: TERMINAL_STATUS_LABELS },
  },
  { key: 'modelName', label: { zh: '型号', en: 'Model' }, page: 'devices:model' },
  { key: 'ownerName', label: { zh: '企业', en: 'Enterprise' }, page: 'devices:enterprise' },
  { key: 'groupName', label: { zh: '终端分组', en: 'Group' }, page: 'devices:group' },
  { key: 'storeName', label: { zh: '门店名称', en: 'Store' }, page: 'devices:storeName' },
  { key: 'battery', label: { zh: '电量', en: 'Battery' }, page: 'devices:battery', format: 'percent' },
  { key: 'ip', label: { zh: 'IP', en: 'IP' } },
  { key: 'mac', label: { zh: 'MAC 地址', en: 'MAC' }, page: 'devices:mac' },
  {
    key: 'lastSeenAt',
    label: { zh: '最后在线', en: 'Last seen' },
    page: 'devices:lastSeen',
    format: 'dateTime',
  },
  {
    key: 'activationDate',
    label: { zh: '激活时间', en: 'Activated' },
    page: 'devices:activationDate',
    format: 'dateTime',
  },
];
