import type { MyMessageVo, NoticeText } from '@cpm/contracts';
import type { TFunction } from 'i18next';
import { renderTaskName } from '../../shared/text/taskName';

/** The catalogues a notice is rendered from: callers load them with `useTranslation`. */
export const NOTICE_NAMESPACES = ['messages', 'common', 'commands'] as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A rule's window (whole hours or minutes) in the reader's language. */
const windowOf = (minutes: number, t: TFunction<'messages'>) =>
  minutes % 60 === 0
    ? t('notices.window_hours', { count: minutes / 60 })
    : t('notices.window_minutes', { count: minutes });

/**
 * The values a notice's text names, with the codes among them, and a task name the system made,
 * in the reader's language.
 */
const valuesOf = (notice: NoticeText, t: TFunction<'messages'>): NoticeText['params'] => {
  const { breaches, change, windowMinutes, list, rows } = notice.params;
  return {
    ...notice.params,
    ...(typeof breaches === 'string' && {
      breaches: breaches
        .split(',')
        .filter(Boolean)
        .map((code) => t(`notices.breach.${code as 'crashRate'}`, { defaultValue: code }))
        .join(t('notices.listSeparator')),
    }),
    ...(typeof change === 'string' && {
      change: t(`notices.orderChange.${change as 'draft'}`, { defaultValue: change }),
    }),
    ...(typeof windowMinutes === 'number' && { window: windowOf(windowMinutes, t) }),
    ...(typeof list === 'string' && {
      list: t(`notices.exportList.${list as 'terminals'}`, { defaultValue: list }),
    }),
    ...(typeof rows === 'number' && { count: rows }),
    ...(notice.taskName && { task: renderTaskName(notice.taskName, t as unknown as TFunction) }),
  };
};

/** A paragraph linking a file, worded in the reader's language around the link. */
const linkOf = (url: string, fileName: string, t: TFunction<'messages'>) => {
  const [before = '', after = ''] = t('notices.download', { file: '\u0000' }).split('\u0000');
  const a = `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(fileName)}</a>`;
  return `<p>${escapeHtml(before)}${a}${escapeHtml(after)}</p>`;
};

/**
 * A message as the reader sees it: a system notice rendered from the catalogue in the reader's
 * language (`t` with `NOTICE_NAMESPACES` loaded) and sent by the system; a written message, or a notice stored before notices carried a
 * key, as it was stored.
 */
export const readableMessage = <
  M extends Pick<MyMessageVo, 'title' | 'content' | 'publisherName' | 'notice'>,
>(
  message: M,
  t: TFunction<'messages'>,
): M => {
  const { notice } = message;
  if (!notice) return message;
  const values = valuesOf(notice, t);
  const body = t(`notices.${notice.key}.body`, values);
  const note = typeof values.note === 'string' && values.note ? values.note : '';
  const { url, fileName } = notice.params;
  const link = typeof url === 'string' && typeof fileName === 'string' ? linkOf(url, fileName, t) : '';
  return {
    ...message,
    title: t(`notices.${notice.key}.title`, values),
    content:
      [body, note]
        .filter(Boolean)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('') + link,
    publisherName: t('notices.system'),
  };
};
