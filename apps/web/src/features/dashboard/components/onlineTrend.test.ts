import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { onlineTrendOption, type TrendPoint, type TrendTexts, trendCeiling } from './onlineTrend';

const texts: TrendTexts = {
  series: 'Online',
  axis: 'Terminals',
  hour: (from, to) => `${from}–${to}, hourly average`,
  now: (time) => `${time}, now`,
};

/** 24 hourly averages from 20:00 the day before, then the count at 19:42. */
const day = (online: (hour: number) => number): TrendPoint[] => {
  const start = dayjs('2025-03-10T20:00:00');
  return [
    ...Array.from({ length: 24 }, (_, h) => ({ at: start.add(h, 'hour').toISOString(), online: online(h) })),
    { at: start.add(23, 'hour').add(42, 'minute').toISOString(), online: online(24) },
  ];
};

type Axis = Record<string, unknown> & { axisLine?: { show?: boolean }; axisLabel?: { formatter?: unknown } };
type Series = { data: unknown[] };

describe('onlineTrendOption', () => {
  it('draws a time axis of hours from the first point to the closing one, and a named value axis', () => {
    const points = day(() => 3);
    const option = onlineTrendOption(points, texts);
    const x = option.xAxis as Axis;
    const y = option.yAxis as Axis;
    expect(x).toMatchObject({ type: 'time', min: Date.parse(points[0].at), max: Date.parse(points[24].at) });
    expect(x.axisLine?.show).toBe(true);
    expect(x.axisLabel?.formatter).toBe('{HH}:{mm}');
    expect(y).toMatchObject({ type: 'value', name: 'Terminals', min: 0, minInterval: 1 });
    expect(y.axisLine?.show).toBe(true);
  });

  it('leaves room above a steady line, so it is a line and not a block', () => {
    const y = onlineTrendOption(
      day(() => 3),
      texts,
    ).yAxis as Axis;
    expect(y.max).toBeGreaterThan(3);
    expect(trendCeiling(0)).toBe(1);
    expect(trendCeiling(3)).toBe(4);
    expect(trendCeiling(100)).toBe(120);
    expect(trendCeiling(2700)).toBe(4000);
  });

  it('places each point at its time and marks the closing one', () => {
    const points = day((h) => h);
    const [series] = onlineTrendOption(points, texts).series as Series[];
    expect(series.data).toHaveLength(25);
    expect(series.data[1]).toEqual([Date.parse(points[1].at), 1]);
    expect(series.data[24]).toEqual({ value: [Date.parse(points[24].at), 24], symbol: 'circle' });
  });

  it('says in the tooltip whether a point is an hour average or now', () => {
    const tooltip = onlineTrendOption(
      day(() => 5),
      texts,
    ).tooltip as {
      formatter: (p: unknown) => string;
    };
    const point = (dataIndex: number) => [{ dataIndex, marker: '', seriesName: 'Online', value: [0, 5] }];
    expect(tooltip.formatter(point(0))).toBe('03-10 20:00–21:00, hourly average<br/>Online: <b>5</b>');
    expect(tooltip.formatter(point(24))).toBe('03-11 19:42, now<br/>Online: <b>5</b>');
  });

  it('has no line for fewer than two points, so the chart shows its empty state', () => {
    const [series] = onlineTrendOption([{ at: '2025-03-11T11:42:00Z', online: 2 }], texts).series as Series[];
    expect(series.data).toEqual([]);
  });
});
