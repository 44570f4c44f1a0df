import type { RunRecord } from './datacenter.repository';

const hours = (sec: number) => Math.round((sec / 3600) * 100) / 100;
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 100) / 100;

/** The run-record export's columns, both languages in each header; used by the direct and the job export. */
export const RUN_RECORD_EXPORT_COLUMNS: {
  header: string;
  width?: number;
  value: (r: RunRecord) => string | number | null;
}[] = [
  { header: 'Date 日期', width: 12, value: (r) => r.day },
  { header: 'SN 序列号', width: 20, value: (r) => r.sn },
  { header: 'Name 名称', width: 20, value: (r) => r.name },
  { header: 'Group 分组', value: (r) => r.groupName },
  { header: 'Model 型号', value: (r) => r.modelName },
  { header: 'Enterprise 企业', value: (r) => r.ownerName },
  { header: 'First boot 首次开机', width: 24, value: (r) => r.firstBootAt },
  { header: 'Last shutdown 最后关机', width: 24, value: (r) => r.lastShutdownAt },
  { header: 'Boots 开机次数', value: (r) => r.boots },
  { header: 'Shutdowns 关机次数', value: (r) => r.shutdowns },
  { header: 'Runtime (h) 运行时长(小时)', value: (r) => hours(r.runtimeSec) },
  { header: 'Online (h) 在线时长(小时)', value: (r) => hours(r.onlineSec) },
  { header: 'Mobile data (MB) 移动数据(MB)', value: (r) => mb(r.mobileBytes) },
  { header: 'Wi-Fi data (MB) Wi-Fi数据(MB)', value: (r) => mb(r.wifiBytes) },
  { header: 'Lowest battery (%) 最低电量(%)', value: (r) => r.batteryMin },
];
