import { RollbackOutlined } from '@ant-design/icons';
import type { AppVersion, ReleaseHealth } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Drawer, Popconfirm, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { queryKeys } from '../../../shared/crud';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

const Group = ({ title, g }: { title: string; g: ReleaseHealth['gray'] }) => {
  const { t } = useTranslation('appmarket');
  return (
    <Card size="small" title={title}>
      <Row gutter={[12, 12]}>
        <Col span={12}>
          <Statistic title={t('health.terminals')} value={g.terminals} />
        </Col>
        <Col span={12}>
          <Statistic title={t('health.crashRate')} value={g.crashRate} precision={2} />
        </Col>
        <Col span={12}>
          <Statistic title={t('health.crashes')} value={`${g.crashes} / ${g.anrs}`} />
        </Col>
        <Col span={12}>
          <Statistic title={t('health.offlineRate')} value={pct(g.offlineRate)} />
        </Col>
      </Row>
    </Card>
  );
};

/**
 * A gray release's health against the rest of the fleet, the breaches that paused (or would pause)
 * it, and the one-click rollback to the previous released version.
 */
export const HealthDrawer = ({ version, onClose, onSaved }: DialogProps<{ version: AppVersion | null }>) => {
  const { t } = useTranslation('appmarket');
  const health = useQuery({
    queryKey: [...queryKeys.appMarket.all, 'health', version?.id],
    queryFn: () => call(appMarketRoutes.health, { query: { id: version?.id as string }, loading: false }),
    enabled: version !== null,
    refetchInterval: 10_000,
  });
  const h = health.data;
  const rollback = async () => {
    if (!version) return;
    await call(appMarketRoutes.release, {
      body: { id: version.id, action: 'rollback' } as never,
      notifySuccess: true,
    }).catch(() => undefined);
    onSaved();
  };
  return (
    <Drawer
      open={version !== null}
      onClose={onClose}
      size="large"
      title={t('health.title', { name: version?.versionName ?? '' })}
      data-testid="health-drawer"
      extra={
        h?.rollbackTo &&
        ['gray', 'paused', 'official'].includes(h.releaseStatus) && (
          <Popconfirm
            title={t('health.rollbackConfirm', { name: h.rollbackTo.versionName })}
            onConfirm={() => void rollback()}
          >
            <Button danger icon={<RollbackOutlined />} data-testid="health-rollback">
              {t('health.rollback', { name: h.rollbackTo.versionName })}
            </Button>
          </Popconfirm>
        )
      }
    >
      {!h ? (
        <NotLoaded query={health} />
      ) : (
        <div data-testid="health-body">
          {h.pauseReason && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="health-paused"
              message={t('health.paused')}
              description={h.pauseReason
                .split(',')
                .map((b) => t(`health.breach.${b}`))
                .join('; ')}
            />
          )}
          {!h.pauseReason && h.breaches.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={h.breaches.map((b) => t(`health.breach.${b}`)).join('; ')}
            />
          )}
          <Row gutter={[16, 16]} className="cpm-app-health-grid">
            <Col xs={24} md={12}>
              <Group title={t('health.gray')} g={h.gray} />
            </Col>
            <Col xs={24} md={12}>
              <Group title={t('health.rest')} g={h.rest} />
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('health.installs')}>
                <Row gutter={12}>
                  <Col span={8}>
                    <Statistic title={t('health.installOk')} value={h.installs.success} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('health.installFailed')} value={h.installs.failure} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('health.failureRate')} value={pct(h.installs.failureRate)} />
                  </Col>
                </Row>
              </Card>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t('health.thresholdsText', {
              ratio: h.thresholds.crashRatio,
              min: h.thresholds.minCrashes,
              failures: pct(h.thresholds.maxInstallFailureRate),
              offline: pct(h.thresholds.maxOfflineExcess),
            })}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            <Tag>{t(`release.${h.releaseStatus}`)}</Tag>
            {t('health.checkedAt', { at: formatTime(h.checkedAt, true) })}
          </Typography.Text>
        </div>
      )}
    </Drawer>
  );
};
