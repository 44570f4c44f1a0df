import { type AppOperation, type AppRecordText, ERRORS, type ErrorKey } from '@cpm/contracts';
import type { TFunction } from 'i18next';

/** A server text of an operation record in the reader's language; `t` has `appmarket` loaded. */
const renderRecordText = (text: AppRecordText, t: TFunction, language: string): string => {
  const p = text.params;
  if (text.key === 'installTaskFailed') {
    const error = String(p.error);
    const reason =
      error in ERRORS
        ? ERRORS[error as ErrorKey][language === 'zh' ? 'zh' : 'en']
        : t('appmarket:records.texts.unknownReason');
    return t('appmarket:records.texts.installTaskFailed', { reason });
  }
  if (text.key === 'healthPause')
    return t('appmarket:records.texts.healthPause', {
      ...p,
      breaches: String(p.breaches)
        .split(',')
        .map((b) => t(`appmarket:health.breach.${b}`, { defaultValue: b }))
        .join(t('appmarket:records.texts.separator')),
    });
  if (text.key === 'installTask' || text.key === 'rollback')
    return t(`appmarket:records.texts.${text.key}`, { ...p, count: Number(p.terminals) });
  return t(`appmarket:records.texts.${text.key}`, p);
};

/**
 * An operation record's detail as the reader reads it: the text as written, what the server said
 * of it and the task it came with, each in the reader's language.
 */
export const recordDetailOf = (
  r: Pick<AppOperation, 'detail' | 'detailText' | 'taskId'>,
  t: TFunction,
  language: string,
) =>
  [
    r.detail,
    r.detailText ? renderRecordText(r.detailText, t, language) : '',
    r.taskId ? t('appmarket:records.texts.task', { id: r.taskId }) : '',
  ]
    .filter(Boolean)
    .join(t('appmarket:records.texts.joiner'));
