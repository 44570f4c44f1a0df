import type { DeliveryRow, TaskRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn, enumLabels } from '../../shared/export-columns';
import { taskNameIn } from './task-names';

/** Task types as the task pages show them. */
export const TASK_TYPE_LABELS = enumLabels('tasks:type', {
  app_install: ['安装应用', 'Install app'],
  app_uninstall: ['卸载应用', 'Uninstall app'],
  file_push: ['推送文件', 'Push file'],
  ota: ['系统升级', 'OTA system update'],
  wallpaper: ['设置壁纸', 'Set wallpaper'],
  boot_animation: ['设置开机动画', 'Set boot animation'],
  command: ['远程指令', 'Shell command'],
  permission: ['应用权限', 'App permissions'],
  reboot: ['重启终端', 'Reboot'],
  registry: ['注册表设置', 'Registry value'],
  remote_command: ['终端指令', 'Terminal command'],
});

/** Platforms as the task pages show them. */
export const TASK_PLATFORM_LABELS = enumLabels('tasks:platform', {
  android: ['Android', 'Android'],
  windows: ['Windows', 'Windows'],
  linux: ['Linux', 'Linux'],
});

/** Task statuses as the task list shows them. */
export const TASK_STATUS_LABELS = enumLabels('tasks:status', {
  pendingApproval: ['待审批', 'Awaiting approval'],
  rejected: ['已驳回', 'Rejected'],
  creating: ['创建中', 'Creating'],
  normal: ['正常', 'Normal'],
  paused: ['已暂停', 'Paused'],
  complete: ['已完成', 'Complete'],
  overdue: ['已过期', 'Overdue'],
  stopped: ['已停止', 'Stopped'],
  failed: ['创建失败', 'Creation failed'],
});

/** A terminal's result as the task results show it. */
export const DELIVERY_STATE_LABELS = enumLabels('tasks:result', {
  waiting: ['等待连接', 'Waiting for connection'],
  pulled: ['已拉取', 'Pulled'],
  executed: ['已执行', 'Executed'],
  success: ['成功', 'Success'],
  failure: ['失败', 'Failure'],
  expired: ['已过期', 'Expired'],
  cancelled: ['已取消', 'Cancelled'],
});

/** Why a terminal deferred a task, as the task results show it. */
export const DEFER_REASON_LABELS = enumLabels('tasks:deferReason', {
  inTransaction: ['交易进行中', 'Sale in progress'],
  unsettled: ['批次未结算', 'Batch not settled'],
  lowBattery: ['电量不足', 'Battery low'],
  notCharging: ['未充电', 'Not charging'],
  outsideWindow: ['不在执行时段', 'Outside the time window'],
});

const taskColumn = columnsIn<TaskRow>('tasks:');

/** Columns of a task export: the task list's columns and the counts of the current run. */
export const TASK_EXPORT_COLUMNS: ExportColumn<TaskRow>[] = [
  taskColumn('name', 'fields.name', '任务名称', 'Task name', { width: 28, value: taskNameIn }),
  taskColumn('type', 'fields.type', '任务类型', 'Task type', {
    format: { enum: TASK_TYPE_LABELS },
    width: 16,
  }),
  taskColumn('platform', 'fields.platform', '平台', 'Platform', {
    format: { enum: TASK_PLATFORM_LABELS },
    width: 10,
  }),
  taskColumn('status', 'fields.status', '状态', 'Status', {
    format: { enum: TASK_STATUS_LABELS },
    width: 14,
  }),
  taskColumn('summary', 'fields.summary', '任务内容', 'What it does', { width: 40 }),
  taskColumn('total', null, '终端数', 'Terminals', { format: 'number', value: (r) => r.counts.total }),
  taskColumn('success', 'progress.success', '成功', 'Success', {
    format: 'number',
    value: (r) => r.counts.success,
  }),
  taskColumn('failure', 'progress.failure', '失败', 'Failure', {
    format: 'number',
    value: (r) => r.counts.failure,
  }),
  taskColumn('open', null, '未完成', 'Open', {
    format: 'number',
    value: (r) => r.counts.waiting + r.counts.pulled + r.counts.executed + r.counts.held,
  }),
  taskColumn('startAt', 'timing.startAt', '开始时间', 'Start', { format: 'dateTime' }),
  taskColumn('expireAt', 'timing.expireAt', '过期时间', 'Expiry', { format: 'dateTime' }),
  taskColumn('createdByName', 'fields.createdBy', '创建人', 'Created by', { width: 16 }),
  taskColumn('createdAt', 'fields.createdAt', '创建时间', 'Created at', { format: 'dateTime' }),
];

const deliveryColumn = columnsIn<DeliveryRow>('tasks:');

/** Columns of a task result export: the results table's columns. */
export const TASK_RESULT_EXPORT_COLUMNS: ExportColumn<DeliveryRow>[] = [
  deliveryColumn('sn', 'results.sn', '序列号', 'SN'),
  deliveryColumn('terminalName', 'results.terminal', '终端', 'Terminal'),
  deliveryColumn('state', 'results.state', '结果', 'Result', {
    format: { enum: DELIVERY_STATE_LABELS },
    width: 22,
  }),
  deliveryColumn('held', 'held', '等待后续批次', 'Held for a later wave', { format: 'yesNo' }),
  deliveryColumn('deferReason', 'deferred', '已推迟', 'Deferred', {
    format: { enum: DEFER_REASON_LABELS },
  }),
  deliveryColumn('message', 'results.message', '消息', 'Message', { width: 40 }),
  deliveryColumn('attempt', 'results.attempt', '次数', 'Attempt', { format: 'number', width: 8 }),
  deliveryColumn('wave', 'results.wave', '批次', 'Wave', { format: 'number', width: 8 }),
  deliveryColumn('pulledAt', 'results.pulledAt', '拉取时间', 'Pulled', { format: 'dateTime' }),
  deliveryColumn('executedAt', 'results.executedAt', '执行时间', 'Executed', { format: 'dateTime' }),
  deliveryColumn('finishedAt', 'results.finishedAt', '完成时间', 'Finished', { format: 'dateTime' }),
];
