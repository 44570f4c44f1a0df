import { type AppRecordText, ERRORS, type ErrorKey } from '@cpm/contracts';
import type { ExportLang } from '../../shared/export-columns';

/** Health gate breaches as the version and records pages name them (`appmarket:health.breach`). */
const BREACH_LABELS: Record<string, Record<ExportLang, string>> = {
  crashRate: { zh: '崩溃/ANR 率超出阈值', en: 'Crash/ANR rate above the threshold' },
  installFailures: { zh: '安装失败率超出阈值', en: 'Install failure rate above the threshold' },
  offline: { zh: '离线率超出阈值', en: 'Offline rate above the threshold' },
};

const errorText = (key: string, lang: ExportLang) =>
  key in ERRORS ? ERRORS[key as ErrorKey][lang] : lang === 'zh' ? '未知原因' : 'unknown reason';

/** A server text of an operation record in one language, as the records page renders it. */
const textIn = (text: AppRecordText, lang: ExportLang): string => {
  const p = text.params;
  const zh = lang === 'zh';
  switch (text.key) {
    case 'versionChange':
      return `${p.before} → ${p.after}`;
    case 'installTask':
      return zh
        ? `安装到 ${p.terminals} 台终端`
        : `Install on ${p.terminals} terminal${p.terminals === 1 ? '' : 's'}`;
    case 'installTaskFailed':
      return zh
        ? `未能创建安装任务：${errorText(String(p.error), lang)}`
        : `Install task not created: ${errorText(String(p.error), lang)}`;
    case 'officialRelease':
      return zh ? `${p.version} 已正式发布` : `${p.version} released officially`;
    case 'rollback':
      return zh
        ? `回滚到 ${p.version}，${p.terminals} 台终端`
        : `Back to ${p.version} on ${p.terminals} terminal${p.terminals === 1 ? '' : 's'}`;
    case 'healthPause': {
      const breaches = String(p.breaches)
        .split(',')
        .map((b) => BREACH_LABELS[b]?.[lang] ?? b)
        .join(zh ? '；' : '; ');
      return zh
        ? `${breaches}；灰度 ${p.gray}，其余 ${p.rest} 次崩溃/终端`
        : `${breaches}; gray ${p.gray} vs rest ${p.rest} crashes per terminal`;
    }
  }
};

/**
 * An operation record's detail in one language: the text as written, the server's text and the
 * task it names, as the records page shows them (`appmarket:records.texts`).
 */
export const recordDetailIn = (
  r: { detail: string; detailText: AppRecordText | null; taskId: string | null },
  lang: ExportLang,
) =>
  [
    r.detail,
    r.detailText ? textIn(r.detailText, lang) : '',
    r.taskId ? `${lang === 'zh' ? '任务' : 'task'} ${r.taskId}` : '',
  ]
    .filter(Boolean)
    .join(lang === 'zh' ? '，' : ', ');
