import type { AppOperation } from '@cpm/contracts';
import type { EnumLabels, ExportColumn } from '../../shared/export-columns';

/** An app operation record as the export reads it. */
export type AppRecordExportRow = {
  at: Date;
  kind: string;
  appName: string;
  packageName: string;
  versionName: string;
  sn: string | null;
  actorName: string;
  result: AppOperation['result'];
  detail: string;
};

/** Operation kinds as the operation records page shows them. */
export const APP_OPERATION_KIND_LABELS: EnumLabels = {
  page: 'appmarket:kinds',
  labels: {
    upload: { zh: '上传', en: 'Upload' },
    edit: { zh: '编辑', en: 'Edit' },
    submit: { zh: '提交审核', en: 'Submit' },
    approve: { zh: '审核通过', en: 'Approve' },
    reject: { zh: '驳回', en: 'Reject' },
    launch: { zh: '上架', en: 'Launch' },
    unlaunch: { zh: '下架', en: 'Unlaunch' },
    gray: { zh: '灰度发布', en: 'Gray release' },
    official: { zh: '正式发布', en: 'Official release' },
    pause: { zh: '暂停', en: 'Pause' },
    rollback: { zh: '回滚', en: 'Roll back' },
    delete: { zh: '删除', en: 'Delete' },
    install: { zh: '安装', en: 'Install' },
    upgrade: { zh: '升级', en: 'Upgrade' },
    uninstall: { zh: '卸载', en: 'Uninstall' },
    healthPause: { zh: '健康闸门暂停', en: 'Paused by health gate' },
  },
};

/** Results as the operation records page shows them. */
export const APP_OPERATION_RESULT_LABELS: EnumLabels = {
  page: 'appmarket:records',
  labels: { success: { zh: '成功', en: 'Success' }, failure: { zh: '失败', en: 'Failure' } },
};

/** Columns of the app operation records export: the page's columns. */
export const APP_RECORD_EXPORT_COLUMNS: ExportColumn<AppRecordExportRow>[] = [
  {
    key: 'at',
    label: { zh: '时间', en: 'Time' },
    page: 'appmarket:records.at',
    format: 'dateTime',
    width: 22,
  },
  {
    key: 'kind',
    label: { zh: '操作', en: 'Operation' },
    page: 'appmarket:records.kind',
    format: { enum: APP_OPERATION_KIND_LABELS },
  },
  { key: 'appName', label: { zh: '应用名称', en: 'App name' }, page: 'appmarket:name', width: 24 },
  { key: 'packageName', label: { zh: '包名', en: 'Package' }, page: 'appmarket:packageName', width: 28 },
  { key: 'versionName', label: { zh: '版本', en: 'Version' }, page: 'appmarket:version' },
  { key: 'sn', label: { zh: 'SN', en: 'SN' } },
  { key: 'actorName', label: { zh: '操作人', en: 'User' }, page: 'appmarket:records.actor' },
  {
    key: 'result',
    label: { zh: '结果', en: 'Result' },
    page: 'appmarket:records.result',
    format: { enum: APP_OPERATION_RESULT_LABELS },
  },
  { key: 'detail', label: { zh: '详情', en: 'Detail' }, page: 'appmarket:records.detail', width: 40 },
];
