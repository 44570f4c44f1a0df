import type { ReportLanguage, ReportSection } from '@cpm/contracts';
import { formatDateTime, type Label } from '../../shared/export-columns';
import { XLSX_TYPE } from '../../shared/xlsx';
import type { Mail } from '../mail/mailer';
import type { ReportData } from './report-content';
import {
  ALERT_SEVERITY_LABELS,
  COMPLIANCE_STATE_LABELS,
  FLEET_FIGURE_LABELS,
  fleetRows,
  SECTION_LABELS,
} from './report-workbook';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const T = {
  subject: { zh: '定时报表', en: 'Scheduled report' },
  period: { zh: '统计周期', en: 'Period' },
  attached: {
    zh: '完整数据见附件 Excel 文件，每项内容一个工作表。',
    en: 'The attached Excel file holds the full data, a sheet per section.',
  },
  omitted: {
    zh: '以下内容因账号已无相应页面权限而未包含：',
    en: 'Left out because the account no longer holds their pages: ',
  },
  offline: { zh: '离线终端', en: 'Offline terminals' },
  listed: { zh: '（附件列出前 {n} 台）', en: ' (the attachment lists the first {n})' },
  alerts: { zh: '告警数', en: 'Alerts' },
  tasks: { zh: '任务', en: 'Tasks' },
  succeeded: { zh: '成功', en: 'succeeded' },
  failed: { zh: '失败', en: 'failed' },
  fields: { zh: '策略字段', en: 'Policy fields' },
  none: { zh: '无', en: 'none' },
} satisfies Record<string, Label>;

type Line = { heading: string; items: string[] };

const labelOf = (labels: Readonly<Record<string, Label>>, value: string, lang: ReportLanguage) =>
  labels[value]?.[lang] ?? value;

/** The summary of each section, as short lines. */
const summaryOf = (data: ReportData, lang: ReportLanguage): Line[] => {
  const lines: Line[] = [];
  const head = (s: ReportSection) => SECTION_LABELS[s][lang];
  const colon = lang === 'zh' ? '：' : ': ';
  if (data.fleet)
    lines.push({
      heading: head('fleet'),
      items: fleetRows(data.fleet).map(
        (r) => `${labelOf(FLEET_FIGURE_LABELS.labels, r.figure, lang)}${colon}${r.count}`,
      ),
    });
  if (data.offline) {
    const cut = data.offline.total > data.offline.rows.length;
    lines.push({
      heading: head('offline'),
      items: [
        `${T.offline[lang]}${colon}${data.offline.total}${cut ? T.listed[lang].replace('{n}', String(data.offline.rows.length)) : ''}`,
      ],
    });
  }
  if (data.alerts) {
    const bySeverity = new Map<string, number>();
    for (const a of data.alerts.rows) bySeverity.set(a.severity, (bySeverity.get(a.severity) ?? 0) + 1);
    lines.push({
      heading: head('alerts'),
      items: [
        `${T.alerts[lang]}${colon}${data.alerts.total}`,
        ...[...bySeverity].map(([s, n]) => `${labelOf(ALERT_SEVERITY_LABELS.labels, s, lang)}${colon}${n}`),
      ],
    });
  }
  if (data.tasks) {
    const ok = data.tasks.reduce((n, t) => n + t.succeeded, 0);
    const bad = data.tasks.reduce((n, t) => n + t.failed, 0);
    lines.push({
      heading: head('tasks'),
      items: [
        `${T.tasks[lang]}${colon}${data.tasks.length}`,
        `${T.succeeded[lang]}${colon}${ok}`,
        `${T.failed[lang]}${colon}${bad}`,
      ],
    });
  }
  if (data.compliance) {
    const byState = new Map<string, number>();
    for (const c of data.compliance) byState.set(c.state, (byState.get(c.state) ?? 0) + c.count);
    lines.push({
      heading: head('compliance'),
      items: byState.size
        ? [...byState].map(([s, n]) => `${labelOf(COMPLIANCE_STATE_LABELS.labels, s, lang)}${colon}${n}`)
        : [`${T.fields[lang]}${colon}${T.none[lang]}`],
    });
  }
  return lines;
};

/** `YYYYMMDD` of an instant in a zone, for the attachment's name. */
const day = (d: Date, timeZone: string) =>
  (formatDateTime(timeZone)(d) ?? '').slice(0, 10).replaceAll('-', '');

/**
 * The report's mail: a short summary as HTML (and the same as plain text for readers without HTML)
 * and the workbook attached, in the schedule's language, times in its zone.
 */
export const reportMail = (
  s: { name: string; email: string; language: ReportLanguage; timeZone: string },
  data: ReportData,
  workbook: Buffer,
): Mail => {
  const lang = s.language;
  const at = formatDateTime(s.timeZone);
  const period = `${at(data.period.from)?.slice(0, 16)} – ${at(data.period.to)?.slice(0, 16)} (${s.timeZone})`;
  const lines = summaryOf(data, lang);
  const omitted = data.omitted.map((o) => SECTION_LABELS[o][lang]).join(lang === 'zh' ? '、' : ', ');
  const subject = `${T.subject[lang]}${lang === 'zh' ? '：' : ': '}${s.name}`;
  const colon = lang === 'zh' ? '：' : ': ';
  const text = [
    subject,
    `${T.period[lang]}${colon}${period}`,
    '',
    ...lines.flatMap((l) => [l.heading, ...l.items.map((i) => `  ${i}`)]),
    ...(omitted ? ['', `${T.omitted[lang]}${omitted}`] : []),
    '',
    T.attached[lang],
  ].join('\n');
  const html = [
    `<h2>${escapeHtml(subject)}</h2>`,
    `<p>${escapeHtml(`${T.period[lang]}${colon}${period}`)}</p>`,
    ...lines.map(
      (l) =>
        `<h3>${escapeHtml(l.heading)}</h3><ul>${l.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    ),
    omitted ? `<p>${escapeHtml(`${T.omitted[lang]}${omitted}`)}</p>` : '',
    `<p>${escapeHtml(T.attached[lang])}</p>`,
  ].join('\n');
  return {
    to: s.email,
    subject,
    text,
    html,
    attachments: [
      {
        filename: `report-${day(data.period.to, s.timeZone)}.xlsx`,
        contentType: XLSX_TYPE,
        contentBase64: workbook.toString('base64'),
      },
    ],
  };
};
