import type { MonitorOverview } from '@cpm/contracts';
import { datacenterRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Space, Tooltip, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartOption } from '../../../shared/chart/chartOption';
import { RangeAlerts } from '../components/RangeAlerts';
import { RangeInputs } from '../components/RangeInputs';
import { defaultRange, formatTime } from '../lib/format';
import { rangeProblem } from '../lib/rangeProblem';

type Count = MonitorOverview['byModel'][number];

const HOURS = Array.from({ length: 24 }, (_, h) => h);

const bars = (rows: Count[], name: string): ChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 48, right: 16, top: 16, bottom: 28 },
  xAxis: { type: 'category', data: rows.map((r) => r.label ?? '-') },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ type: 'bar', name, data: rows.map((r) => r.count) }],
});

/** Fleet activity: terminals online and active per day, new activations, breakdowns, heat map, longest offline. */
export const MonitorPage = () => {
  const { t } = useTranslation('datacenter');
  const { token } = theme.useToken();
  const [range, setRange] = useState(defaultRange);
  const problem = rangeProblem(range);
  const q = useQuery({
    queryKey: ['datacenter', 'monitor', range],
    queryFn: () => call(datacenterRoutes.monitor, { query: range, loading: false }),
    retry: false,
    enabled: !problem,
  });
  const m = q.data;
  const listUrl = (extra: Record<string, string>) =>
    `/dataCenter/index?${new URLSearchParams({ ...range, ...extra }).toString()}`;
  const breakdown = (title: string, rows: Count[], param: string | null, testId: string) => (
    <Col xs={24} lg={12}>
      <Card size="small" title={title}>
        <Chart ariaLabel={title} data-testid={testId} height={220} option={bars(rows, t('terminalDays'))} />
        <Space wrap size={[8, 4]}>
          {rows.map((r) =>
            param && r.key ? (
              <Link key={r.key} to={listUrl({ [param]: r.key })} data-testid={`${testId}-drill`}>
                {r.label ?? '-'} ({r.count})
              </Link>
            ) : (
              <span key={r.key ?? '-'}>
                {r.label ?? '-'} ({r.count})
              </span>
            ),
          )}
        </Space>
      </Card>
    </Col>
  );
  const maxCell = Math.max(1, ...(m?.heatmap.map((c) => c.count) ?? [1]));
  const weekdays = t('weekdays').split(',');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="monitor-page">
      <Card size="small">
        <Space wrap>
          <RangeInputs range={range} onChange={setRange} testId="monitor" />
          <Link to={listUrl({})}>{t('openRunRecords')}</Link>
        </Space>
      </Card>
      <RangeAlerts problem={problem} error={q.error} />
      {m && !problem ? (
        <Row gutter={[12, 12]}>
          <Col xs={24}>
            <Card size="small" title={t('chartFleet')}>
              <Chart
                ariaLabel={t('chartFleet')}
                data-testid="chart-fleet"
                height={280}
                option={{
                  tooltip: { trigger: 'axis' },
                  legend: { top: 0 },
                  grid: { left: 48, right: 16, top: 36, bottom: 28 },
                  xAxis: { type: 'category', data: m.days.map((d) => d.day) },
                  yAxis: { type: 'value', minInterval: 1 },
                  series: [
                    { type: 'line', name: t('onlineTerminals'), data: m.days.map((d) => d.online) },
                    { type: 'line', name: t('activeTerminals'), data: m.days.map((d) => d.active) },
                    { type: 'bar', name: t('activations'), data: m.days.map((d) => d.activated) },
                  ],
                }}
              />
            </Card>
          </Col>
          {breakdown(t('byModel'), m.byModel, 'modelId', 'chart-model')}
          {breakdown(t('byGroup'), m.byGroup, 'groupId', 'chart-group')}
          {breakdown(t('byOs'), m.byOsVersion, null, 'chart-os')}
          {breakdown(t('byApp'), m.byAppVersion, null, 'chart-app')}
          <Col xs={24} lg={14}>
            <Card size="small" title={t('heatmap')}>
              <div style={{ overflowX: 'auto' }} data-testid="heatmap">
                <table style={{ borderCollapse: 'collapse', fontSize: 11 }}>
                  <tbody>
                    <tr>
                      <td />
                      {HOURS.map((h) => (
                        <td key={h} style={{ textAlign: 'center', color: token.colorTextSecondary }}>
                          {h}
                        </td>
                      ))}
                    </tr>
                    {weekdays.map((name, wd) => (
                      <tr key={name}>
                        <td
                          style={{ paddingRight: 6, color: token.colorTextSecondary, whiteSpace: 'nowrap' }}
                        >
                          {name}
                        </td>
                        {HOURS.map((h) => {
                          const n = m.heatmap.find((c) => c.weekday === wd && c.hour === h)?.count ?? 0;
                          return (
                            <Tooltip key={h} title={`${name} ${h}:00 · ${n}`}>
                              <td
                                style={{
                                  width: 18,
                                  height: 18,
                                  border: `1px solid ${token.colorBgContainer}`,
                                  background: token.colorPrimary,
                                  opacity: n ? 0.15 + (0.85 * n) / maxCell : 0.04,
                                }}
                              />
                            </Tooltip>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t('offlineLongest')}>
              <List
                size="small"
                dataSource={m.offlineLongest}
                locale={{ emptyText: t('none') }}
                renderItem={(r) => (
                  <List.Item>
                    <Link to={`/dataCenter/deviceRunInfo/${r.sn}`}>{r.sn}</Link>
                    <span>{r.name}</span>
                    <span>{formatTime(r.lastSeenAt)}</span>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      ) : null}
    </Space>
  );
};
