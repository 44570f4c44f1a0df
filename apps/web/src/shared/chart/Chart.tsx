import { Empty, Spin, theme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inIdleTurn } from '../idle/whenIdle';
import { isDarkColor } from '../theme/isDarkColor';
import { useReducedMotion } from '../theme/reducedMotion';
import {
  type ChartOption,
  type ChartPalette,
  echartsLocale,
  isEmptyOption,
  themedOption,
} from './chartOption';
import { loadECharts } from './loadECharts';

export type ChartProps = {
  /** What to draw; colours, font and background follow the console's theme unless set here. */
  option: ChartOption;
  /** Height of the drawing area; the width follows the container. */
  height?: number | string;
  /** Forces the empty state; by default it shows when no series has a data point. */
  empty?: boolean;
  /** Text in place of the empty state's default. */
  emptyText?: string;
  /** Read by screen readers: what the chart shows. */
  ariaLabel: string;
  'data-testid'?: string;
  style?: CSSProperties;
};

/** The console's colours for charts, read from the antd theme in force. */
const usePalette = (): ChartPalette => {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      dark: isDarkColor(token.colorBgContainer),
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      split: token.colorSplit,
      background: token.colorBgElevated,
      fontFamily: token.fontFamily,
      series: [
        token.colorPrimary,
        token.colorSuccess,
        token.colorWarning,
        token.colorError,
        '#722ed1',
        '#13c2c2',
        '#eb2f96',
        '#fa8c16',
      ],
    }),
    [token],
  );
};

type Status = 'loading' | 'ready' | 'failed';

const CENTRED: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'center' };
const OVERLAY: CSSProperties = { ...CENTRED, position: 'absolute', inset: 0 };

/**
 * An ECharts chart fetched on first use, in the console's theme (light or dark) and language, that
 * resizes with its container and shows an empty state when there is nothing to draw. The chart code
 * is fetched and each chart drawn in an idle moment of its own, after the page around it is painted:
 * the figures beside a chart are readable before it, and no task draws several charts at once.
 */
export const Chart = ({
  option,
  height = 240,
  empty,
  emptyText,
  ariaLabel,
  'data-testid': testId,
  style,
}: ChartProps) => {
  const { t, i18n } = useTranslation('chart');
  const palette = usePalette();
  const locale = echartsLocale(i18n.language);
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const isEmpty = empty ?? isEmptyOption(option);
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => ({ ...themedOption(option, palette), ...(reducedMotion ? { animation: false } : {}) }),
    [option, palette, reducedMotion],
  );
  const themedRef = useRef(themed);
  themedRef.current = themed;

  // Theme and locale are fixed at init time in ECharts, so a change of either starts a new instance.
  useEffect(() => {
    if (isEmpty) return;
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    setStatus('loading');
    inIdleTurn(loadECharts)
      .then((echarts) =>
        inIdleTurn(() => {
          if (cancelled) return;
          const chart = echarts.init(host, palette.dark ? 'dark' : undefined, { locale, renderer: 'canvas' });
          chart.setOption(themedRef.current, { notMerge: true });
          chartRef.current = chart;
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(host);
          setStatus('ready');
        }),
      )
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, [isEmpty, palette.dark, locale]);

  useEffect(() => {
    chartRef.current?.setOption(themed, { notMerge: true });
  }, [themed]);

  if (isEmpty) {
    return (
      <div
        className="cpm-chart cpm-chart-empty"
        style={{ ...CENTRED, height, ...style }}
        data-testid={testId}
        data-status="empty"
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('empty')} />
      </div>
    );
  }
  return (
    <div
      className="cpm-chart"
      style={{ position: 'relative', height, ...style }}
      data-testid={testId}
      data-status={status}
    >
      <div ref={hostRef} role="img" aria-label={ariaLabel} style={{ width: '100%', height: '100%' }} />
      {status === 'loading' && (
        <div style={OVERLAY}>
          <span role="status" aria-label={t('loading')}>
            <Spin />
          </span>
        </div>
      )}
      {status === 'failed' && (
        <div style={OVERLAY}>
          <span className="cpm-text-secondary">{t('failed')}</span>
        </div>
      )}
    </div>
  );
};
