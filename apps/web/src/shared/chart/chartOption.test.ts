import { describe, expect, it } from 'vitest';
import { type ChartPalette, echartsLocale, isEmptyOption, themedOption } from './chartOption';

const palette: ChartPalette = {
  dark: true,
  text: '#eeeeee',
  textSecondary: '#aaaaaa',
  split: '#333333',
  background: '#1f1f1f',
  fontFamily: 'Roboto',
  series: ['#1677ff', '#52c41a'],
};

describe('isEmptyOption', () => {
  it('is empty without series or when every series has no data', () => {
    expect(isEmptyOption({})).toBe(true);
    expect(isEmptyOption({ series: [{ type: 'line', data: [] }, { type: 'bar' }] })).toBe(true);
    expect(isEmptyOption({ series: { type: 'pie', data: [] } })).toBe(true);
  });

  it('is not empty once one series has a point', () => {
    expect(
      isEmptyOption({
        series: [
          { type: 'line', data: [] },
          { type: 'bar', data: [0] },
        ],
      }),
    ).toBe(false);
  });
});

describe('themedOption', () => {
  it('fills in the theme and keeps what the option sets itself', () => {
    const themed = themedOption(
      {
        xAxis: { type: 'category', axisLabel: { color: '#ff0000' } },
        yAxis: [{ type: 'value' }, { type: 'value' }],
        tooltip: { trigger: 'axis' },
        series: [{ type: 'line', data: [1] }],
      },
      palette,
    );
    expect(themed.color).toEqual(palette.series);
    expect(themed.backgroundColor).toBe('transparent');
    expect(themed.textStyle).toEqual({ color: '#eeeeee', fontFamily: 'Roboto' });
    expect(themed.xAxis).toMatchObject({
      axisLabel: { color: '#ff0000' },
      axisLine: { lineStyle: { color: '#333333' } },
    });
    expect(themed.yAxis).toHaveLength(2);
    expect((themed.yAxis as { axisLabel: unknown }[])[1].axisLabel).toEqual({ color: '#aaaaaa' });
    expect(themed.tooltip).toMatchObject({ trigger: 'axis', backgroundColor: '#1f1f1f' });
    expect('legend' in themed).toBe(false);
  });

  it('keeps the theme colour of an axis part the option only switches on', () => {
    const themed = themedOption(
      { yAxis: { type: 'value', axisLine: { show: true }, splitLine: { lineStyle: { type: 'dashed' } } } },
      palette,
    );
    expect(themed.yAxis).toMatchObject({
      axisLine: { show: true, lineStyle: { color: '#333333' } },
      splitLine: { lineStyle: { type: 'dashed', color: '#333333' } },
    });
  });

  it('lets an option choose its own colours', () => {
    expect(themedOption({ color: ['#000000'] }, palette).color).toEqual(['#000000']);
  });
});

describe('echartsLocale', () => {
  it('maps the console language onto ECharts built-in locales', () => {
    expect(echartsLocale('zh')).toBe('ZH');
    expect(echartsLocale('en')).toBe('EN');
    expect(echartsLocale('fr')).toBe('EN');
  });
});
