import type { DeliveryRow, TaskRow } from '@cpm/contracts';
import type { EnumLabels, ExportColumn } from '../../shared/export-columns';

/** Task types as the task pages show them. */
export const TASK_TYPE_LABELS: EnumLabels = {
  page: 'tasks:type',
  labels: {
    app_install: { zh: '安装应用', en: 'Install app' },
    app_uninstall: { zh: '卸载应用', en: 'Uninstall app' },
    file_push: { zh: '推送文件', en: 'Push file' },
    ota: { zh: '系统升级', en: 'OTA system update' },
    wallpaper: { zh: '设置壁纸', en: 'Set wallpaper' },
    boot_animation: { zh: '设置开机动画', en: 'Set boot animation' },
    command: { zh: '远程指令', en: 'Shell command' },
    permission: { zh: '应用权限', en: 'App permissions' },
    reboot: { zh: '重启终端', en: 'Reboot' },
    registry: { zh: '注册表设置', en: 'Registry value' },
    remote_command: { zh: '终端指令', en: 'Terminal command' },
  },
};

/** Platforms as the task pages show them. */
export const TASK_PLATFORM_LABELS: EnumLabels = {
  page: 'tasks:platform',
  labels: {
    android: { zh: 'Android', en: 'Android' },
    windows: { zh: 'Windows', en: 'Windows' },
  },
};

/** Task statuses as the task list shows them. */
export const TASK_STATUS_LABELS: EnumLabels = {
  page: 'tasks:status',
  labels: {
    pendingApproval: { zh: '待审批', en: 'Awaiting approval' },
    rejected: { zh: '已驳回', en: 'Rejected' },
    creating: { zh: '创建中', en: 'Creating' },
    normal: { zh: '正常', en: 'Normal' },
    paused: { zh: '已暂停', en: 'Paused' },
    complete: { zh: '已完成', en: 'Complete' },
    overdue: { zh: '已过期', en: 'Overdue' },
    stopped: { zh: '已停止', en: 'Stopped' },
    failed: { zh: '创建失败', en: 'Creation failed' },
  },
};

/** A terminal's result as the task results show it. */
export const DELIVERY_STATE_LABELS: EnumLabels = {
  page: 'tasks:result',
  labels: {
    waiting: { zh: '等待连接', en: 'Waiting for connection' },
    pulled: { zh: '已拉取', en: 'Pulled' },
    executed: { zh: '已执行', en: 'Executed' },
    success: { zh: '成功', en: 'Success' },
    failure: { zh: '失败', en: 'Failure' },
    expired: { zh: '已过期', en: 'Expired' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
};

/** Why a terminal deferred a task, as the task results show it. */
export const DEFER_REASON_LABELS: EnumLabels = {
  page: 'tasks:deferReason',
  labels: {
    inTransaction: { zh: '交易进行中', en: 'Sale in progress' },
    unsettled: { zh: '批次未结算', en: 'Batch not settled' },
    lowBattery: { zh: '电量不足', en: 'Battery low' },
    notCharging: { zh: '未充电', en: 'Not charging' },
    outsideWindow: { zh: '不在执行时段', en: 'Outside the time window' },
  },
};

/** Columns of a task export: the task list's columns and the counts of the current run. */
export const TASK_EXPORT_COLUMNS: ExportColumn<TaskRow>[] = [
  { key: 'name', label: { zh: '任务名称', en: 'Task name' }, page: 'tasks:fields.name', width: 28 },
  {
    key: 'type',
    label: { zh: '任务类型', en: 'Task type' },
    page: 'tasks:fields.type',
    format: { enum: TASK_TYPE_LABELS },
    width: 16,
  },
  {
    key: 'platform',
    label: { zh: '平台', en: 'Platform' },
    page: 'tasks:fields.platform',
    format: { enum: TASK_PLATFORM_LABELS },
    width: 10,
  },
  {
    key: 'status',
    label: { zh: '状态', en: 'Status' },
    page: 'tasks:fields.status',
    format: { enum: TASK_STATUS_LABELS },
    width: 14,
  },
  { key: 'summary', label: { zh: '任务内容', en: 'What it does' }, page: 'tasks:fields.summary', width: 40 },
  { key: 'total', label: { zh: '终端数', en: 'Terminals' }, format: 'number', value: (r) => r.counts.total },
  {
    key: 'success',
    label: { zh: '成功', en: 'Success' },
    page: 'tasks:progress.success',
    format: 'number',
    value: (r) => r.counts.success,
  },
  {
    key: 'failure',
    label: { zh: '失败', en: 'Failure' },
    page: 'tasks:progress.failure',
    format: 'number',
    value: (r) => r.counts.failure,
  },
  {
    key: 'open',
    label: { zh: '未完成', en: 'Open' },
    format: 'number',
    value: (r) => r.counts.waiting + r.counts.pulled + r.counts.executed + r.counts.held,
  },
  {
    key: 'startAt',
    label: { zh: '开始时间', en: 'Start' },
    page: 'tasks:timing.startAt',
    format: 'dateTime',
  },
  {
    key: 'expireAt',
    label: { zh: '过期时间', en: 'Expiry' },
    page: 'tasks:timing.expireAt',
    format: 'dateTime',
  },
  {
    key: 'createdByName',
    label: { zh: '创建人', en: 'Created by' },
    page: 'tasks:fields.createdBy',
    width: 16,
  },
  {
    key: 'createdAt',
    label: { zh: '创建时间', en: 'Created at' },
    page: 'tasks:fields.createdAt',
    format: 'dateTime',
  },
];

/** Columns of a task result export: the results table's columns. */
export const TASK_RESULT_EXPORT_COLUMNS: ExportColumn<DeliveryRow>[] = [
  { key: 'sn', label: { zh: '序列号', en: 'SN' }, page: 'tasks:results.sn' },
  { key: 'terminalName', label: { zh: '终端', en: 'Terminal' }, page: 'tasks:results.terminal' },
  {
    key: 'state',
    label: { zh: '结果', en: 'Result' },
    page: 'tasks:results.state',
    format: { enum: DELIVERY_STATE_LABELS },
    width: 22,
  },
  {
    key: 'held',
    label: { zh: '等待后续批次', en: 'Held for a later wave' },
    page: 'tasks:held',
    format: 'yesNo',
  },
  {
    key: 'deferReason',
    label: { zh: '已推迟', en: 'Deferred' },
    page: 'tasks:deferred',
    format: { enum: DEFER_REASON_LABELS },
  },
  { key: 'message', label: { zh: '消息', en: 'Message' }, page: 'tasks:results.message', width: 40 },
  {
    key: 'attempt',
    label: { zh: '次数', en: 'Attempt' },
    page: 'tasks:results.attempt',
    format: 'number',
    width: 8,
  },
  { key: 'wave', label: { zh: '批次', en: 'Wave' }, page: 'tasks:results.wave', format: 'number', width: 8 },
  {
    key: 'pulledAt',
    label: { zh: '拉取时间', en: 'Pulled' },
    page: 'tasks:results.pulledAt',
    format: 'dateTime',
  },
  {
    key: 'executedAt',
    label: { zh: '执行时间', en: 'Executed' },
    page: 'tasks:results.executedAt',
    format: 'dateTime',
  },
  {
    key: 'finishedAt',
    label: { zh: '完成时间', en: 'Finished' },
    page: 'tasks:results.finishedAt',
    format: 'dateTime',
  },
];
