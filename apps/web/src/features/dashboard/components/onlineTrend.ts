import dayjs from 'dayjs';
import type { ChartOption } from '../../../shared/chart/chartOption';

/** One point of the trend: an hour's average of terminals online, or, last, the count right now. */
export type TrendPoint = { at: string; online: number };

/** The chart's words in the reader's language. */
export type TrendTexts = {
  /** The line's name: "Online". */
  series: string;
  /** The value axis's name: "Terminals". */
  axis: string;
  /** Tooltip heading of an hour's average. */
  hour: (from: string, to: string) => string;
  /** Tooltip heading of the closing point. */
  now: (time: string) => string;
};

/** Multiples tried for the value axis's top, within one power of ten. */
const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The value axis's top: a round number a fifth above the highest point, so a steady line runs
 * below the chart's top edge instead of filling it like a block.
 */
export const trendCeiling = (peak: number): number => {
  const target = Math.max(1, peak * 1.2);
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const multiple = NICE.find((m) => m * magnitude >= target) ?? 10;
  return Math.ceil(multiple * magnitude);
};

type TooltipPoint = { dataIndex: number; marker: string; seriesName: string; value: [number, number] };

/**
 * The dashboard's 24-hour online chart: a time axis (hours, the closing point at its real time)
 * and a value axis with its name, both drawn, and a tooltip that says what each point is.
 */
export const onlineTrendOption = (points: readonly TrendPoint[], texts: TrendTexts): ChartOption => {
  const data = points.map((p): [number, number] => [Date.parse(p.at), p.online]);
  const last = data.length - 1;
  const peak = Math.max(0, ...points.map((p) => p.online));
  const heading = (index: number) => {
    const at = dayjs(data[index][0]);
    return index === last
      ? texts.now(at.format('MM-DD HH:mm'))
      : texts.hour(at.format('MM-DD HH:mm'), at.add(1, 'hour').format('HH:mm'));
  };
  return {
    grid: { left: 8, right: 24, top: 36, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const [p] = [params].flat() as unknown as TooltipPoint[];
        if (!p) return '';
        return `${heading(p.dataIndex)}<br/>${p.marker}${p.seriesName}: <b>${p.value[1]}</b>`;
      },
    },
    xAxis: {
      type: 'time',
      min: data[0]?.[0],
      max: data[last]?.[0],
      axisLine: { show: true },
      axisTick: { show: true },
      splitLine: { show: false },
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: texts.axis,
      nameTextStyle: { align: 'left' },
      min: 0,
      max: trendCeiling(peak),
      minInterval: 1,
      axisLine: { show: true },
      axisTick: { show: true },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    series: [
      {
        type: 'line',
        name: texts.series,
        // One point is no line; the chart then shows its empty state.
        data:
          data.length < 2 ? [] : data.map((value, i) => (i === last ? { value, symbol: 'circle' } : value)),
        symbol: 'none',
        symbolSize: 7,
        lineStyle: { width: 2 },
        areaStyle: { opacity: 0.08 },
      },
    ],
  };
};
