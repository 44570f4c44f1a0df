import type { RunDetail } from '@cpm/contracts';
import { datacenterRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/http';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartOption } from '../../../shared/chart/chartOption';
import { RangeAlerts } from '../components/RangeAlerts';
import { RangeInputs } from '../components/RangeInputs';
import { defaultRange, formatBytes, formatDuration, formatTime } from '../lib/format';
import { rangeProblem } from '../lib/rangeProblem';

type Series = { name: string; data: (number | null)[]; type?: 'line' | 'bar' };

const line = (x: string[], series: Series[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 48, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: x },
  yAxis: { type: 'value' },
  series: series.map((s) => ({
    type: s.type ?? 'line',
    name: s.name,
    data: s.data,
    connectNulls: false,
    // A line of one point draws nothing: its marker is all there is to see.
    ...(x.length < 2 ? { showSymbol: true, symbolSize: 8 } : {}),
  })),
});

/** One terminal's activity over a range: charts of online time, data, battery, memory and storage, boots; its events. */
export const RunDetailPage = () => {
  const { t } = useTranslation('datacenter');
  const { sn = '' } = useParams();
  const [range, setRange] = useState(defaultRange);
  const problem = rangeProblem(range);
  const q = useQuery({
    queryKey: ['datacenter', 'runDetail', sn, range],
    queryFn: () => call(datacenterRoutes.runDetail, { query: { sn, ...range }, loading: false }),
    retry: false,
    enabled: !problem,
  });
  const d: RunDetail | undefined = q.data;
  const x =
    // Hours in the viewer's time, like every other time on the page; days are the rollup's UTC days.
    d?.series.map((p) => (d.granularity === 'hour' ? dayjs(p.at).format('MM-DD HH:mm') : p.at)) ?? [];
  const s = d?.series ?? [];
  const mb = (bytes: number) => +(bytes / 1_048_576).toFixed(2);
  const charts: { id: string; title: string; series: Series[] }[] = [
    {
      id: 'online',
      title: t('chartOnline'),
      series: [
        { name: t('onlineMin'), data: s.map((p) => Math.round(p.onlineSec / 60)), type: 'bar' },
        { name: t('runtimeMin'), data: s.map((p) => Math.round(p.runtimeSec / 60)) },
      ],
    },
    {
      id: 'data',
      title: t('chartData'),
      series: [
        { name: t('mobileMb'), data: s.map((p) => mb(p.mobileBytes)), type: 'bar' },
        { name: t('wifiMb'), data: s.map((p) => mb(p.wifiBytes)), type: 'bar' },
      ],
    },
    {
      id: 'battery',
      title: t('chartBattery'),
      series: [{ name: t('batteryMin'), data: s.map((p) => p.batteryMin) }],
    },
    {
      id: 'memory',
      title: t('chartMemory'),
      series: [
        { name: t('memoryFree'), data: s.map((p) => p.memoryFreeMinMb) },
        { name: t('storageFree'), data: s.map((p) => p.storageFreeMinMb) },
      ],
    },
    {
      id: 'boots',
      title: t('chartBoots'),
      series: [
        { name: t('boots'), data: s.map((p) => p.boots), type: 'bar' },
        { name: t('shutdowns'), data: s.map((p) => p.shutdowns), type: 'bar' },
      ],
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="run-detail-page">
      <Card size="small">
        <Space wrap>
          <RangeInputs range={range} onChange={setRange} testId="run-detail" />
        </Space>
      </Card>
      <RangeAlerts problem={problem} error={q.error} />
      {d && !problem ? (
        <>
          <Card size="small">
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={t('sn')}>{d.terminal.sn}</Descriptions.Item>
              <Descriptions.Item label={t('name')}>{d.terminal.name}</Descriptions.Item>
              <Descriptions.Item label={t('model')}>{d.terminal.modelName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('group')}>{d.terminal.groupName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('online')}>{formatDuration(d.totals.onlineSec)}</Descriptions.Item>
              <Descriptions.Item label={t('runtime')}>
                {formatDuration(d.totals.runtimeSec)}
              </Descriptions.Item>
              <Descriptions.Item label={t('mobileData')}>
                {formatBytes(d.totals.mobileBytes)}
              </Descriptions.Item>
              <Descriptions.Item label={t('wifiData')}>{formatBytes(d.totals.wifiBytes)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Row gutter={[12, 12]}>
            {charts.map((chart) => (
              <Col key={chart.id} xs={24} lg={12}>
                <Card size="small" title={chart.title}>
                  <Chart
                    ariaLabel={chart.title}
                    data-testid={`chart-${chart.id}`}
                    height={260}
                    option={line(x, chart.series)}
                  />
                </Card>
              </Col>
            ))}
            <Col xs={24} lg={12}>
              <Card size="small" title={t('events')}>
                <Table
                  size="small"
                  rowKey={(e) => `${e.at}-${e.kind}`}
                  dataSource={d.events}
                  pagination={{ pageSize: 6 }}
                  scroll={{ x: true }}
                  data-testid="run-events"
                  columns={[
                    { key: 'at', title: t('time'), dataIndex: 'at', render: formatTime },
                    {
                      key: 'kind',
                      title: t('event'),
                      dataIndex: 'kind',
                      render: (k: string) => <Tag>{t(`kind.${k}`, k)}</Tag>,
                    },
                    { key: 'detail', title: t('detail'), dataIndex: 'detail' },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </Space>
  );
};
