import type { DashboardSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { call } from '../../../api/http';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartOption } from '../../../shared/chart/chartOption';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { NotLoaded } from '../../../shared/page/NotLoaded';
import { onlineTrendOption } from './onlineTrend';

type Dashboard = z.infer<typeof DashboardSchema>;

/** The three dashboard charts: average online per hour then now, terminals by status and by model. */
const fleetCharts = (d: Dashboard, t: TFunction<'devices'>) => {
  const trend = onlineTrendOption(d.onlineTrend, {
    series: t('online'),
    axis: t('dashboard.trendAxis'),
    hour: (from, to) => t('dashboard.trendHour', { from, to }),
    now: (time) => t('dashboard.trendNow', { time }),
  });
  const byStatus: ChartOption = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'plain' },
    series: [
      {
        type: 'pie',
        name: t('dashboard.byStatus'),
        radius: ['45%', '68%'],
        center: ['50%', '42%'],
        label: { show: false },
        data: d.byStatus
          .filter((s) => s.count > 0)
          .map((s) => ({ name: t(`status.${s.status}`), value: s.count })),
      },
    ],
  };
  const models = [...d.byModel].sort((a, b) => a.count - b.count);
  const byModel: ChartOption = {
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: models.map((m) => m.model) },
    series: [
      { type: 'bar', name: t('dashboard.byModel'), data: models.map((m) => m.count), barMaxWidth: 16 },
    ],
  };
  return { trend, byStatus, byModel };
};

/** Fleet figures, status and model distributions, the online trend and the latest warnings; live. */
export const FleetOverview = () => {
  const { t } = useTranslation('devices');
  const data = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'dashboard'],
    queryFn: () => call(devicesRoutes.dashboard, { loading: false, silent: true }),
    refetchInterval: 60_000,
  });
  const d = data.data;
  const charts = useMemo(() => (d ? fleetCharts(d, t) : null), [d, t]);
  if (!d || !charts)
    return (
      <Card variant="borderless" loading={!data.isError}>
        <NotLoaded query={data} what={t('dashboard.figures')} />
      </Card>
    );
  return (
    <div data-testid="fleet-overview">
      <Row gutter={[16, 16]}>
        {[
          { key: 'total', value: d.total, color: undefined },
          { key: 'online', value: d.online, color: '#52c41a' },
          { key: 'longOffline', value: d.longOffline, color: '#ff4d4f' },
          { key: 'activatedThisMonth', value: d.activatedThisMonth, color: '#1677ff' },
        ].map((s) => (
          <Col key={s.key} xs={12} lg={6}>
            <Card variant="borderless">
              <Statistic
                title={t(`dashboard.${s.key}`)}
                value={s.value}
                valueStyle={{ color: s.color }}
                data-testid={`stat-${s.key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {(
          [
            { key: 'onlineTrend', option: charts.trend, testId: 'online-trend', wide: true },
            { key: 'byStatus', option: charts.byStatus, testId: 'chart-by-status', wide: false },
            { key: 'byModel', option: charts.byModel, testId: 'chart-by-model', wide: false },
          ] as const
        ).map((c) => (
          // The trend takes half a wide screen; the two distributions share the other half.
          <Col key={c.key} xs={24} md={c.wide ? 24 : 12} lg={c.wide ? 12 : 6}>
            <Card variant="borderless" title={t(`dashboard.${c.key}`)}>
              <Chart
                option={c.option}
                height={220}
                ariaLabel={t(`dashboard.${c.key}`)}
                data-testid={c.testId}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card variant="borderless" title={t('dashboard.latestWarnings')} style={{ marginTop: 16 }}>
        {/* A plain list: antd's List brings its pagination (and Select) to the dashboard for five rows. */}
        {d.latestWarnings.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="cpm-plain-list" data-testid="latest-warnings">
            {d.latestWarnings.map((w) => {
              const about = [w.terminalName, w.detail].filter(Boolean).join(' · ');
              return (
                <li key={w.id} className="cpm-warning-row" data-testid="latest-warning">
                  <Tag color="warning">{t(`warnings.${w.kind}`)}</Tag>
                  {/* One line that ellipsizes; the full text is in the tooltip. */}
                  <span
                    className="cpm-warning-text"
                    title={`${w.sn} · ${about}`}
                    data-testid="latest-warning-text"
                  >
                    <Link to={`/device/deviceDetail/${w.sn}`}>{w.sn}</Link> · {about}
                  </span>
                  <time className="cpm-warning-time" dateTime={w.at} data-testid="latest-warning-time">
                    {dayjs(w.at).format('MM-DD HH:mm')}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
};
