import type { DictBundle } from '@cpm/contracts';

/** The two languages an export is written in. */
export type ExportLang = 'zh' | 'en';

/** A text in both languages. */
export type Label = { zh: string; en: string };

/** Whom an export is written for: their console language, and the IANA zone their times are shown in. */
export type ExportLocale = { lang: ExportLang; timeZone: string };

/** What an export is written for when the caller says nothing: the console's fallback language, UTC. */
export const DEFAULT_EXPORT_LOCALE: ExportLocale = { lang: 'en', timeZone: 'UTC' };

/** Labels of an enumeration's values, and the console catalogue entry (`namespace:path`) holding the same. */
export type EnumLabels = { labels: Readonly<Record<string, Label>>; page?: string };

/**
 * How a cell shows its value. Times are instants shown in the reader's zone; units of the number
 * formats go into the header, so the cells stay numbers a spreadsheet can add up.
 */
export type CellFormat =
  | 'text'
  | 'number'
  /** An instant: `YYYY-MM-DD HH:mm:ss` in the reader's zone. */
  | 'dateTime'
  /** A calendar day (`YYYY-MM-DD`) as it is; an instant: its day in the reader's zone. */
  | 'date'
  /** A boolean as the console's yes and no. */
  | 'yesNo'
  /** A number of percent. */
  | 'percent'
  /** Seconds, shown as hours with two decimals. */
  | 'hours'
  /** Bytes, shown as megabytes with two decimals. */
  | 'megabytes'
  /** A value of a fixed set, shown by its label. */
  | { enum: EnumLabels }
  /** A value of the dictionary with this code, shown by its item's label (as the console's tags do). */
  | { dict: string };

/** A column of an export: its header, what it shows and how. */
export type ExportColumn<T> = {
  /** Names the column: the field of the row it shows, unless `value` says otherwise. */
  key: string;
  /** The header: the page's column title, in both languages. */
  label: Label;
  /** The console catalogue entry (`namespace:path`) the label repeats; a test holds the two equal. */
  page?: string;
  width?: number;
  /** Text when absent. */
  format?: CellFormat;
  /** The value before formatting; absent: the row's field `key`. Gets the language for values stored in both. */
  value?: (row: T, lang: ExportLang) => unknown;
};

/** What a column may say beside its key, header and catalogue entry. */
export type ColumnOptions<T> = Pick<ExportColumn<T>, 'width' | 'format' | 'value'>;

/**
 * A builder of one export's columns, each in a line: `column(key, page, zh, en, options)`. `page` is the
 * console catalogue entry within `namespace` (`'tasks:'` and `'fields.name'`), or null when the header
 * repeats no console text.
 */
export const columnsIn =
  <T>(namespace: `${string}:`) =>
  (
    key: string,
    page: string | null,
    zh: string,
    en: string,
    options: ColumnOptions<T> = {},
  ): ExportColumn<T> => ({
    key,
    label: { zh, en },
    ...(page === null ? {} : { page: `${namespace}${page}` }),
    ...options,
  });

/** Labels of an enumeration's values, given as `[zh, en]`, and the catalogue entry holding the same. */
export const enumLabels = (
  page: string | undefined,
  labels: Readonly<Record<string, readonly [zh: string, en: string]>>,
): EnumLabels => ({
  ...(page === undefined ? {} : { page }),
  labels: Object.fromEntries(Object.entries(labels).map(([value, [zh, en]]) => [value, { zh, en }])),
});

/** An operation's success or failure, as the record pages show it; `page` is their catalogue entry. */
export const resultLabels = (page: string) =>
  enumLabels(page, { success: ['成功', 'Success'], failure: ['失败', 'Failure'] });

/** A column ready to write: its header in one language and its cell for a row. */
export type PresentedColumn<T> = {
  key: string;
  header: string;
  width: number;
  cell: (row: T) => string | number | null;
};

/** The console's yes and no (devices catalogue `yes` / `no`). */
export const YES_NO: EnumLabels = {
  labels: { true: { zh: '是', en: 'Yes' }, false: { zh: '否', en: 'No' } },
};

const UNIT: Partial<Record<Exclude<CellFormat, object>, Label>> = {
  percent: { zh: '%', en: '%' },
  hours: { zh: '小时', en: 'h' },
  megabytes: { zh: 'MB', en: 'MB' },
};

/** The header of a column in one language, with the unit its format shows numbers in. */
export const headerOf = (column: Pick<ExportColumn<never>, 'label' | 'format'>, lang: ExportLang) => {
  const unit = typeof column.format === 'string' ? UNIT[column.format] : undefined;
  const text = column.label[lang];
  if (!unit) return text;
  return lang === 'zh' ? `${text}（${unit.zh}）` : `${text} (${unit.en})`;
};

const isValidZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/** Whether an IANA time zone name is known to this runtime. */
export const isTimeZone = (timeZone: string) =>
  timeZone.length > 0 && timeZone.length <= 64 && isValidZone(timeZone);

const toInstant = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
};

/**
 * Formats instants as `YYYY-MM-DD HH:mm:ss` in a time zone (UTC when the zone is unknown). Accepts a
 * Date or an ISO text; no value gives null (an empty cell), an unreadable one comes back as text.
 */
export const formatDateTime = (timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (value: unknown): string | null => {
    const at = toInstant(value);
    if (!at) return value === null || value === undefined || value === '' ? null : String(value);
    const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const round2 = (n: number) => Math.round(n * 100) / 100;

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);

const labelIn = (labels: EnumLabels['labels'], value: unknown, lang: ExportLang) => {
  if (value === null || value === undefined || value === '') return null;
  return labels[String(value)]?.[lang] ?? String(value);
};

/** The dictionary codes the columns show labels of (what must be read before writing). */
export const dictCodesOf = (columns: readonly ExportColumn<never>[]) => [
  ...new Set(
    columns.flatMap((c) => (typeof c.format === 'object' && 'dict' in c.format ? [c.format.dict] : [])),
  ),
];

/**
 * Turns column definitions into what a writer needs for one reader: headers in their language, cells
 * with labels instead of stored values and times in their zone. A value with no label (a dictionary
 * item removed since) is written as it is stored.
 */
export const presentColumns = <T>(
  columns: readonly ExportColumn<T>[],
  locale: ExportLocale,
  dicts: DictBundle = {},
): PresentedColumn<T>[] => {
  const { lang } = locale;
  const dateTime = formatDateTime(locale.timeZone);
  return columns.map((c) => {
    const read = c.value ?? ((row: T) => (row as Record<string, unknown>)[c.key]);
    const show = cellFormatter(c.format ?? 'text', lang, dateTime, dicts);
    return {
      key: c.key,
      header: headerOf(c, lang),
      width: c.width ?? 20,
      cell: (row: T) => show(read(row, lang)),
    };
  });
};

const cellFormatter = (
  format: CellFormat,
  lang: ExportLang,
  dateTime: (value: unknown) => string | null,
  dicts: DictBundle,
): ((value: unknown) => string | number | null) => {
  if (typeof format === 'object') {
    if ('enum' in format) return (v) => labelIn(format.enum.labels, v, lang);
    const labels = Object.fromEntries(
      (dicts[format.dict] ?? []).map((i) => [i.value, { zh: i.label, en: i.englishName }]),
    );
    return (v) => labelIn(labels, v, lang);
  }
  switch (format) {
    case 'text':
      return asText;
    case 'number':
    case 'percent':
      return toNumber;
    case 'hours':
      return (v) => {
        const n = toNumber(v);
        return n === null ? null : round2(n / 3600);
      };
    case 'megabytes':
      return (v) => {
        const n = toNumber(v);
        return n === null ? null : round2(n / 1_048_576);
      };
    case 'dateTime':
      return dateTime;
    case 'date':
      return (v) => (typeof v === 'string' && DAY.test(v) ? v : (dateTime(v)?.slice(0, 10) ?? null));
    case 'yesNo':
      return (v) => (v === null || v === undefined ? null : labelIn(YES_NO.labels, Boolean(v), lang));
  }
};
