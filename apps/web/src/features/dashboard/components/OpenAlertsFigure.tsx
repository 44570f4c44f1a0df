import { ALERT_SEVERITIES } from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { useCanOpen } from '../../../shared/auth/useCanOpen';
import { queryKeys } from '../../../shared/crud';
import { NotLoaded } from '../../../shared/page/NotLoaded';

/** Where a click on a severity leads: the alert centre filtered to its open alerts. */
const centre = (severity: string) => `/device/alertCenter?state=open&severity=${severity}`;

const Figure = () => {
  const { t } = useTranslation('alerts');
  const data = useQuery({
    queryKey: [...queryKeys.alerts.all, 'summary'],
    queryFn: () => call(alertsRoutes.summary, { loading: false, silent: true }),
    refetchInterval: 60_000,
  });
  const d = data.data;
  const total = d ? ALERT_SEVERITIES.reduce((n, s) => n + d.open[s], 0) : 0;
  return (
    <Card
      variant="borderless"
      title={t('dashboard.title')}
      extra={d ? t('dashboard.total', { count: total }) : undefined}
      loading={!d && !data.isError}
      data-testid="open-alerts-figure"
    >
      {d ? (
        <Row gutter={[16, 16]}>
          {ALERT_SEVERITIES.map((s) => (
            <Col key={s} xs={12} sm={8} lg={4}>
              <Link to={centre(s)} className="cpm-group-card-link" data-testid={`open-alerts-${s}`}>
                <Statistic
                  title={t(`severity.${s}`)}
                  value={d.open[s]}
                  suffix={
                    d.acknowledged[s] > 0 ? (
                      <span className="cpm-text-secondary" style={{ fontSize: 14 }}>
                        {t('dashboard.acknowledged', { count: d.acknowledged[s] })}
                      </span>
                    ) : undefined
                  }
                />
              </Link>
            </Col>
          ))}
        </Row>
      ) : (
        <NotLoaded query={data} what={t('dashboard.title')} />
      )}
    </Card>
  );
};

/**
 * The dashboard's open alerts by severity, each a link to those alerts; for those who may open the
 * alert centre (page access is in the menu: buttons are the only permissions the console stores).
 */
export const OpenAlertsFigure = () =>
  useCanOpen()('/device/alertCenter') ? (
    <div style={{ marginTop: 16 }}>
      <Figure />
    </div>
  ) : null;
