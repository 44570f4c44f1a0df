import { devicesEndpoints } from '@cpm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Progress, Row, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';

const TrendLine = ({ points }: { points: { at: string; online: number }[] }) => {
  if (points.length < 2) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const max = Math.max(1, ...points.map((p) => p.online));
  const w = 600;
  const h = 160;
  const step = w / (points.length - 1);
  const path = points
    .map((p, i) => `${i ? 'L' : 'M'}${(i * step).toFixed(1)},${(h - (p.online / max) * (h - 10)).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${w} ${h + 20}`}
      width="100%"
      role="img"
      aria-label="online trend"
      data-testid="online-trend"
    >
      <path d={`${path} L${w},${h} L0,${h} Z`} fill="rgba(22,119,255,0.12)" />
      <path d={path} fill="none" stroke="#1677ff" strokeWidth={2} />
      {points.map((p, i) =>
        i % Math.ceil(points.length / 6) === 0 ? (
          <text key={p.at} x={i * step} y={h + 16} fontSize={11} fill="currentColor" opacity={0.6}>
            {dayjs(p.at).format('HH:mm')}
          </text>
        ) : null,
      )}
    </svg>
  );
};

/** Fleet figures, status and model distributions, the online trend and the latest warnings; live. */
export const FleetOverview = () => {
  const { t } = useTranslation('devices');
  const data = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'dashboard'],
    queryFn: () => call(devicesEndpoints.dashboard, { loading: false, silent: true }),
    refetchInterval: 60_000,
  });
  const d = data.data;
  if (!d) return <Card loading variant="borderless" />;
  const pct = (n: number) => (d.total ? Math.round((n / d.total) * 100) : 0);
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
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('dashboard.onlineTrend')}>
            <TrendLine points={d.onlineTrend} />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card variant="borderless" title={t('dashboard.byStatus')}>
            {d.byStatus.map((s) => (
              <div key={s.status}>
                <Typography.Text>{t(`status.${s.status}`)}</Typography.Text>
                <Progress percent={pct(s.count)} format={() => s.count} size="small" />
              </div>
            ))}
            <Typography.Text>{t('online')}</Typography.Text>
            <Progress percent={pct(d.online)} format={() => d.online} size="small" status="success" />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Card variant="borderless" title={t('dashboard.byModel')}>
            {d.byModel.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {d.byModel.map((m) => (
              <div key={m.model}>
                <Typography.Text>{m.model}</Typography.Text>
                <Progress percent={pct(m.count)} format={() => m.count} size="small" />
              </div>
            ))}
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title={t('dashboard.latestWarnings')} style={{ marginTop: 16 }}>
        <List
          dataSource={d.latestWarnings}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          renderItem={(w) => (
            <List.Item>
              <Tag color="warning">{t(`warnings.${w.kind}`)}</Tag>
              <Link to={`/device/deviceDetail/${w.sn}`}>{w.sn}</Link> · {w.terminalName}
              {w.detail ? ` · ${w.detail}` : ''}
              <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
                {dayjs(w.at).format('MM-DD HH:mm')}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
};
