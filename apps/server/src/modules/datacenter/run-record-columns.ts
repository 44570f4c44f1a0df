import { columnsIn, type ExportColumn } from '../../shared/export-columns';
import type { RunRecord } from './datacenter.repository';

const column = columnsIn<RunRecord>('datacenter:');

/** The run-record export's columns: the run-record list's, used by the direct and the job export. */
export const RUN_RECORD_EXPORT_COLUMNS: ExportColumn<RunRecord>[] = [
  column('day', 'day', '日期', 'Date', { format: 'date', width: 12 }),
  column('sn', 'sn', '序列号', 'SN'),
  column('name', 'name', '名称', 'Name'),
  column('groupName', 'group', '分组', 'Group'),
  column('modelName', 'model', '型号', 'Model'),
  column('ownerName', 'enterprise', '企业', 'Enterprise'),
  column('firstBootAt', 'firstBoot', '首次开机', 'First boot', { format: 'dateTime' }),
  column('lastShutdownAt', 'lastShutdown', '最后关机', 'Last shutdown', { format: 'dateTime' }),
  column('boots', 'boots', '开机次数', 'Boots', { format: 'number' }),
  column('shutdowns', 'shutdowns', '关机次数', 'Shutdowns', { format: 'number' }),
  column('runtimeSec', 'runtime', '运行时长', 'Runtime', { format: 'hours' }),
  column('onlineSec', 'online', '在线时长', 'Online time', { format: 'hours' }),
  column('mobileBytes', 'mobileData', '移动数据', 'Mobile data', { format: 'megabytes' }),
  column('wifiBytes', 'wifiData', 'Wi-Fi 数据', 'Wi-Fi data', { format: 'megabytes' }),
  column('batteryMin', 'batteryMin', '最低电量', 'Lowest battery', { format: 'percent' }),
];
