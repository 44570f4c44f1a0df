import type { ExportColumn } from '../../shared/export-columns';
import type { RunRecord } from './datacenter.repository';

/** The run-record export's columns: the run-record list's, used by the direct and the job export. */
export const RUN_RECORD_EXPORT_COLUMNS: ExportColumn<RunRecord>[] = [
  { key: 'day', label: { zh: '日期', en: 'Date' }, page: 'datacenter:day', format: 'date', width: 12 },
  { key: 'sn', label: { zh: '序列号', en: 'SN' }, page: 'datacenter:sn' },
  { key: 'name', label: { zh: '名称', en: 'Name' }, page: 'datacenter:name' },
  { key: 'groupName', label: { zh: '分组', en: 'Group' }, page: 'datacenter:group' },
  { key: 'modelName', label: { zh: '型号', en: 'Model' }, page: 'datacenter:model' },
  { key: 'ownerName', label: { zh: '企业', en: 'Enterprise' }, page: 'datacenter:enterprise' },
  {
    key: 'firstBootAt',
    label: { zh: '首次开机', en: 'First boot' },
    page: 'datacenter:firstBoot',
    format: 'dateTime',
  },
  {
    key: 'lastShutdownAt',
    label: { zh: '最后关机', en: 'Last shutdown' },
    page: 'datacenter:lastShutdown',
    format: 'dateTime',
  },
  { key: 'boots', label: { zh: '开机次数', en: 'Boots' }, page: 'datacenter:boots', format: 'number' },
  {
    key: 'shutdowns',
    label: { zh: '关机次数', en: 'Shutdowns' },
    page: 'datacenter:shutdowns',
    format: 'number',
  },
  {
    key: 'runtimeSec',
    label: { zh: '运行时长', en: 'Runtime' },
    page: 'datacenter:runtime',
    format: 'hours',
  },
  {
    key: 'onlineSec',
    label: { zh: '在线时长', en: 'Online time' },
    page: 'datacenter:online',
    format: 'hours',
  },
  {
    key: 'mobileBytes',
    label: { zh: '移动数据', en: 'Mobile data' },
    page: 'datacenter:mobileData',
    format: 'megabytes',
  },
  {
    key: 'wifiBytes',
    label: { zh: 'Wi-Fi 数据', en: 'Wi-Fi data' },
    page: 'datacenter:wifiData',
    format: 'megabytes',
  },
  {
    key: 'batteryMin',
    label: { zh: '最低电量', en: 'Lowest battery' },
    page: 'datacenter:batteryMin',
    format: 'percent',
  },
];
