import { PassThrough } from 'node:stream';
import type { AlertRow, ReportSection, TerminalRow } from '@cpm/contracts';
import ExcelJS from 'exceljs';
import {
  columnsIn,
  type ExportColumn,
  type ExportLocale,
  enumLabels,
  type Label,
  presentColumns,
} from '../../shared/export-columns';
import { TERMINAL_EXPORT_COLUMNS, TERMINAL_STATUS_LABELS } from '../devices/terminal-export-columns';
import { taskNameIn } from '../tasks/task-names';
import type { ComplianceCount, ReportData, TaskOutcome } from './report-content';

/** Section names: the sheets' names and the mail's headings. */
export const SECTION_LABELS: Record<ReportSection, Label> = {
  fleet: { zh: '设备概况', en: 'Fleet status' },
  offline: { zh: '离线终端', en: 'Offline terminals' },
  alerts: { zh: '周期内告警', en: 'Alerts of the period' },
  tasks: { zh: '任务结果', en: 'Task outcomes' },
  compliance: { zh: '策略合规', en: 'Compliance' },
};

/** Alert severities and states as the alert centre names them. */
export const ALERT_SEVERITY_LABELS = enumLabels('alerts:severity', {
  critical: ['紧急', 'Critical'],
  high: ['高', 'High'],
  medium: ['中', 'Medium'],
  low: ['低', 'Low'],
  info: ['提示', 'Info'],
});
const ALERT_STATE_LABELS = enumLabels('alerts:state', {
  open: ['未处理', 'Open'],
  acknowledged: ['已确认', 'Acknowledged'],
  closed: ['已关闭', 'Closed'],
});

/** Compliance states and field severities as the policies page names them. */
export const COMPLIANCE_STATE_LABELS = enumLabels('policies:states', {
  verified: ['已验证', 'Verified'],
  pending: ['待确认', 'Pending'],
  failed: ['失败', 'Failed'],
  drift: ['偏离', 'Drift'],
  unsupported: ['不支持', 'Unsupported'],
});
const POLICY_SEVERITY_LABELS = enumLabels('policies:severities', {
  critical: ['严重', 'Critical'],
  major: ['重要', 'Major'],
  minor: ['次要', 'Minor'],
  log: ['仅记录', 'Log only'],
});

/** The fleet figures' names. */
export const FLEET_FIGURE_LABELS = enumLabels(undefined, {
  total: ['终端总数', 'Terminals'],
  online: ['在线', 'Online'],
  offline: ['离线', 'Offline'],
  ...Object.fromEntries(
    Object.entries(TERMINAL_STATUS_LABELS.labels).map(([k, l]) => [`status.${k}`, [l.zh, l.en] as const]),
  ),
});

type FigureRow = { figure: string; count: number };
const fleetColumn = columnsIn<FigureRow>('reports:');
export const REPORT_FLEET_COLUMNS: ExportColumn<FigureRow>[] = [
  fleetColumn('figure', null, '指标', 'Figure', { format: { enum: FLEET_FIGURE_LABELS }, width: 24 }),
  fleetColumn('count', null, '数量', 'Count', { format: 'number' }),
];

const OFFLINE_KEYS = [
  'sn',
  'name',
  'status',
  'modelName',
  'ownerName',
  'groupName',
  'storeName',
  'lastSeenAt',
];
export const REPORT_OFFLINE_COLUMNS: ExportColumn<TerminalRow>[] = OFFLINE_KEYS.map(
  (key) => TERMINAL_EXPORT_COLUMNS.find((c) => c.key === key) as ExportColumn<TerminalRow>,
);

const alertColumn = columnsIn<AlertRow>('alerts:');
export const REPORT_ALERT_COLUMNS: ExportColumn<AlertRow>[] = [
  alertColumn('ruleName', null, '告警规则', 'Rule', { width: 24 }),
  alertColumn('severity', null, '级别', 'Severity', { format: { enum: ALERT_SEVERITY_LABELS } }),
  alertColumn('state', null, '状态', 'State', { format: { enum: ALERT_STATE_LABELS } }),
  alertColumn('sn', null, '序列号', 'SN'),
  alertColumn('terminalName', null, '终端名称', 'Terminal'),
  alertColumn('detail', null, '详情', 'Detail', { width: 40 }),
  alertColumn('count', null, '次数', 'Times', { format: 'number' }),
  alertColumn('firstAt', null, '首次发生', 'First at', { format: 'dateTime', width: 22 }),
  alertColumn('lastAt', null, '最近发生', 'Last at', { format: 'dateTime', width: 22 }),
];

const taskColumn = columnsIn<TaskOutcome>('tasks:');
export const REPORT_TASK_COLUMNS: ExportColumn<TaskOutcome>[] = [
  taskColumn('name', null, '任务名称', 'Task', { width: 30, value: taskNameIn }),
  taskColumn('type', null, '任务类型', 'Type'),
  taskColumn('succeeded', null, '成功', 'Succeeded', { format: 'number' }),
  taskColumn('failed', null, '失败', 'Failed', { format: 'number' }),
];

const complianceColumn = columnsIn<ComplianceCount>('policies:');
export const REPORT_COMPLIANCE_COLUMNS: ExportColumn<ComplianceCount>[] = [
  complianceColumn('state', null, '合规状态', 'State', { format: { enum: COMPLIANCE_STATE_LABELS } }),
  complianceColumn('severity', null, '严重程度', 'Severity', { format: { enum: POLICY_SEVERITY_LABELS } }),
  complianceColumn('count', null, '字段数', 'Fields', { format: 'number' }),
];

/** The fleet figures as rows of the fleet sheet. */
export const fleetRows = (f: NonNullable<ReportData['fleet']>): FigureRow[] => [
  { figure: 'total', count: f.total },
  { figure: 'online', count: f.online },
  { figure: 'offline', count: f.offline },
  ...f.byStatus.map((s) => ({ figure: `status.${s.status}`, count: s.count })),
];

const EMPTY_SHEET: Label = { zh: '报表', en: 'Report' };
const EMPTY_NOTE: Label = {
  zh: '您的账号已无权查看所选的任何内容',
  en: 'Your account may no longer see any of the chosen sections',
};

type Sheet = { section: ReportSection; columns: readonly ExportColumn<never>[]; rows: readonly unknown[] };

const sheetsOf = (data: ReportData): Sheet[] => {
  const sheets: (Sheet | null)[] = [
    data.fleet ? { section: 'fleet', columns: REPORT_FLEET_COLUMNS, rows: fleetRows(data.fleet) } : null,
    data.offline ? { section: 'offline', columns: REPORT_OFFLINE_COLUMNS, rows: data.offline.rows } : null,
    data.alerts ? { section: 'alerts', columns: REPORT_ALERT_COLUMNS, rows: data.alerts.rows } : null,
    data.tasks ? { section: 'tasks', columns: REPORT_TASK_COLUMNS, rows: data.tasks } : null,
    data.compliance
      ? { section: 'compliance', columns: REPORT_COMPLIANCE_COLUMNS, rows: data.compliance }
      : null,
  ];
  return sheets.filter((s): s is Sheet => s !== null);
};

/**
 * The report's workbook: a sheet per section, headers and labels in the reader's language and times
 * in their zone, through the same column presenter and spreadsheet library as the list exports.
 */
export const writeReportWorkbook = async (data: ReportData, locale: ExportLocale): Promise<Buffer> => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheets = sheetsOf(data);
  // A workbook needs a sheet: when the owner may see none of the chosen sections, one says so.
  if (!sheets.length) book.addWorksheet(EMPTY_SHEET[locale.lang]).addRow([EMPTY_NOTE[locale.lang]]).commit();
  for (const s of sheets) {
    const columns = presentColumns(s.columns as readonly ExportColumn<unknown>[], locale);
    const sheet = book.addWorksheet(SECTION_LABELS[s.section][locale.lang]);
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    for (const row of s.rows) sheet.addRow(columns.map((c) => c.cell(row))).commit();
    sheet.commit();
  }
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
};
