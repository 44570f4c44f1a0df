import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** What a console chart may set: the registered chart types and components only. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

/** Colours a chart takes from the console's theme. */
export type ChartPalette = {
  dark: boolean;
  text: string;
  textSecondary: string;
  split: string;
  background: string;
  fontFamily: string;
  series: string[];
};

const hasPoints = (data: unknown): boolean => Array.isArray(data) && data.length > 0;

/** True when no series of the option has a single data point, so the empty state shows instead. */
export const isEmptyOption = (option: ChartOption): boolean => {
  const series = option.series === undefined ? [] : [option.series].flat();
  return !series.some((s) => hasPoints((s as { data?: unknown }).data));
};

/** ECharts' locale for the console's i18next language. */
export const echartsLocale = (language: string): 'ZH' | 'EN' => (language.startsWith('zh') ? 'ZH' : 'EN');

const axisStyle = (palette: ChartPalette) => ({
  axisLine: { lineStyle: { color: palette.split } },
  axisTick: { lineStyle: { color: palette.split } },
  axisLabel: { color: palette.textSecondary },
  splitLine: { lineStyle: { color: palette.split } },
});

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `own` over `defaults`, object by object: a key `own` leaves out keeps its default at any depth. */
const mergeDefaults = (defaults: Record<string, unknown>, own: Record<string, unknown>) => {
  const merged: Record<string, unknown> = { ...defaults, ...own };
  for (const [key, fallback] of Object.entries(defaults)) {
    if (isPlainObject(fallback) && isPlainObject(own[key])) merged[key] = mergeDefaults(fallback, own[key]);
  }
  return merged;
};

/**
 * Defaults under each of one component or a list of them; the component's own keys win, and a
 * part both set keeps the default's other keys (an axis line the option switches on keeps its
 * theme colour).
 */
const withDefaults = <T>(value: T | T[] | undefined, defaults: object): T | T[] | undefined => {
  if (value === undefined) return undefined;
  const apply = (v: T) =>
    mergeDefaults(defaults as Record<string, unknown>, v as Record<string, unknown>) as T;
  return Array.isArray(value) ? value.map(apply) : apply(value);
};

/**
 * The option with the console's colours, font and a transparent background filled in; whatever
 * the option sets itself wins.
 */
export const themedOption = (option: ChartOption, palette: ChartPalette): ChartOption => {
  const themed: ChartOption = {
    color: palette.series,
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: palette.fontFamily },
    ...option,
    legend: withDefaults(option.legend, { textStyle: { color: palette.textSecondary } }),
    tooltip: withDefaults(option.tooltip, {
      backgroundColor: palette.background,
      borderColor: palette.split,
      textStyle: { color: palette.text },
    }),
    xAxis: withDefaults(option.xAxis, axisStyle(palette)),
    yAxis: withDefaults(option.yAxis, axisStyle(palette)),
  };
  for (const key of ['legend', 'tooltip', 'xAxis', 'yAxis'] as const) {
    if (themed[key] === undefined) delete themed[key];
  }
  return themed;
};
