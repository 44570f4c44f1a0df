import { DEFAULT_EXPORT_LOCALE, type ExportLang, type ExportLocale, isTimeZone } from './export-columns';

type Headers = Record<string, string | string[] | undefined>;

/** The `Timezone` header (IANA name) the console sends with every call; UTC when absent or unknown. */
export const timezoneOf = (headers: Headers): string => {
  const tz = headers.timezone;
  return typeof tz === 'string' && isTimeZone(tz) ? tz : DEFAULT_EXPORT_LOCALE.timeZone;
};

/**
 * The caller's console language from `Accept-Language` (the console sends its own language there):
 * the first tag decides; Chinese (`zh…`, or the stored form `cn`) or English, else the console's
 * fallback, English.
 */
export const languageOf = (headers: Headers): ExportLang => {
  const header = headers['accept-language'];
  const first = (typeof header === 'string' ? header : '').split(',')[0].trim().toLowerCase();
  if (first.startsWith('zh') || first === 'cn') return 'zh';
  return DEFAULT_EXPORT_LOCALE.lang;
};

/** Whom a file is written for: the caller's language and time zone, from the request's headers. */
export const localeOf = (headers: Headers): ExportLocale => ({
  lang: languageOf(headers),
  timeZone: timezoneOf(headers),
});
