import type { AppOperation, AppRecordText } from '@cpm/contracts';
import { columnsIn, type ExportColumn, enumLabels, resultLabels } from '../../shared/export-columns';
import { recordDetailIn } from './app-record-texts';
import { actorKindOf } from './market-core';

/** An app operation record as the export reads it. */
export type AppRecordExportRow = {
  at: Date;
  kind: string;
  appName: string;
  packageName: string;
  versionName: string;
  sn: string | null;
  actorId: string | null;
  actorName: string;
  result: AppOperation['result'];
  detail: string;
  detailText: AppRecordText | null;
  taskId: string | null;
};

/** Operation kinds as the operation records page shows them. */
export const APP_OPERATION_KIND_LABELS = enumLabels('appmarket:kinds', {
  upload: ['上传', 'Upload'],
  edit: ['编辑', 'Edit'],
  submit: ['提交审核', 'Submit'],
  approve: ['审核通过', 'Approve'],
  reject: ['驳回', 'Reject'],
  launch: ['上架', 'Launch'],
  unlaunch: ['下架', 'Unlaunch'],
  gray: ['灰度发布', 'Gray release'],
  official: ['正式发布', 'Official release'],
  pause: ['暂停', 'Pause'],
  rollback: ['回滚', 'Roll back'],
  delete: ['删除', 'Delete'],
  install: ['安装', 'Install'],
  upgrade: ['升级', 'Upgrade'],
  reinstall: ['重新安装', 'Reinstall'],
  downgrade: ['降级', 'Downgrade'],
  uninstall: ['卸载', 'Uninstall'],
  healthPause: ['健康闸门暂停', 'Paused by health gate'],
  supersede: ['灰度结束', 'Gray release ended'],
  autoUpdate: ['自动更新', 'Auto update'],
});

/** Actors that are not users, as the records page names them. */
const ACTOR_LABELS = {
  system: { zh: '系统', en: 'System' },
  terminal: { zh: '终端自身', en: 'The terminal itself' },
} as const;

/** Results as the operation records page shows them. */
export const APP_OPERATION_RESULT_LABELS = resultLabels('appmarket:records');

const column = columnsIn<AppRecordExportRow>('appmarket:');

/** Columns of the app operation records export: the page's columns. */
export const APP_RECORD_EXPORT_COLUMNS: ExportColumn<AppRecordExportRow>[] = [
  column('at', 'records.at', '时间', 'Time', { format: 'dateTime', width: 22 }),
  column('kind', 'records.kind', '操作', 'Operation', { format: { enum: APP_OPERATION_KIND_LABELS } }),
  column('appName', 'name', '应用名称', 'App name', { width: 24 }),
  column('packageName', 'packageName', '包名', 'Package', { width: 28 }),
  column('versionName', 'version', '版本', 'Version'),
  column('sn', null, 'SN', 'SN'),
  column('actorName', 'records.actor', '操作人', 'User', {
    value: (r, lang) => {
      const kind = actorKindOf(r);
      return kind === 'user' ? r.actorName : ACTOR_LABELS[kind][lang];
    },
  }),
  column('result', 'records.result', '结果', 'Result', { format: { enum: APP_OPERATION_RESULT_LABELS } }),
  column('detail', 'records.detail', '详情', 'Detail', {
    width: 40,
    value: (r, lang) => recordDetailIn(r, lang),
  }),
];
