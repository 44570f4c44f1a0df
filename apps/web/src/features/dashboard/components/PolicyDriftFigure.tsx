import { policiesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { useCanOpen } from '../../../shared/auth/useCanOpen';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { NotLoaded } from '../../../shared/page/NotLoaded';

/**
 * Terminals whose configuration drifted from their policy, by their most severe drift. Under the
 * fleet query root, so a terminal's drift (a live fleet event) refreshes it within a second.
 */
export const PolicyDriftFigure = () => {
  const { t } = useTranslation('policies');
  const { token } = theme.useToken();
  const canOpen = useCanOpen();
  // Text colours of the theme, so the figures keep their contrast in the light and the dark theme.
  const color: Record<string, string | undefined> = {
    critical: token.colorErrorText,
    major: token.colorWarningText,
  };
  const data = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'policyDrift'],
    queryFn: () => call(policiesRoutes.drift, { loading: false, silent: true }),
    refetchInterval: 60_000,
  });
  const d = data.data;
  return (
    <Card
      variant="borderless"
      title={t('drift.title')}
      style={{ marginTop: 16 }}
      extra={canOpen('/device/policies') && <Link to="/device/policies">{t('drift.open')}</Link>}
      loading={!d && !data.isError}
      data-testid="policy-drift-figure"
    >
      {d ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}>
            <Statistic title={t('drift.total')} value={d.total} data-testid="drift-total" />
          </Col>
          {d.bySeverity.map((s) => (
            <Col key={s.severity} xs={12} sm={4}>
              <Statistic
                title={t(`severities.${s.severity}`)}
                value={s.terminals}
                valueStyle={{ color: s.terminals ? color[s.severity] : undefined }}
                data-testid={`drift-${s.severity}`}
              />
            </Col>
          ))}
        </Row>
      ) : (
        <NotLoaded query={data} what={t('drift.title')} />
      )}
    </Card>
  );
};
