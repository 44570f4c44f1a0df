import { ArrowRightOutlined } from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import dayjs from 'dayjs';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcon } from '../../../shared/menu/menuIcons';
import { useMenuRoutes } from '../../../shared/menu/useMenuRoutes';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { HOME_PATH } from '../../../shared/worktabs/worktabRules';
import { FleetOverview } from '../components/FleetOverview';
import { OpenAlertsFigure } from '../components/OpenAlertsFigure';
import { PolicyDriftFigure } from '../components/PolicyDriftFigure';

/**
 * Every catalogue the page's figures and charts read. Asked for together, they load in one wait;
 * otherwise each figure would suspend the page for its own in turn, redrawing it every time.
 */
const NAMESPACES = ['layout', 'devices', 'policies', 'alerts', 'chart'];

const greetingKey = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/** Home: a greeting, the fleet's figures (live) and one card per visible menu group. */
export const DashboardPage = () => {
  useTranslation(NAMESPACES);
  const { t, i18n } = useTranslation('layout');
  const user = useSessionStore((s) => s.user);
  const { groups } = useMenuRoutes();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const now = dayjs();
  const cards = groups.filter(
    (g) =>
      !g.hidden && !g.externalUrl && g.redirect && g.redirect !== HOME_PATH && g.pages.some((p) => !p.hidden),
  );

  return (
    <div className="cpm-page cpm-dashboard" data-testid="dashboard-page">
      <Card variant="borderless" className="cpm-dashboard-hero">
        <div>
          <h3 className="cpm-dashboard-greeting" data-testid="dashboard-greeting">
            {t(`dashboard.${greetingKey(now.hour())}`, { name: user?.name || user?.username || '' })}
          </h3>
          <span className="cpm-text-secondary">
            {t('dashboard.subtitle')}{' '}
            {t('dashboard.today', {
              date: now.format(language === 'zh' ? 'YYYY年M月D日 dddd' : 'dddd, MMMM D, YYYY'),
            })}
          </span>
        </div>
      </Card>

      <div style={{ marginTop: 16 }}>
        <FleetOverview />
      </div>
      <PolicyDriftFigure />
      <OpenAlertsFigure />

      <h4 className="cpm-section-title">{t('dashboard.groups')}</h4>
      {cards.length === 0 ? (
        <Card variant="borderless">
          <span className="cpm-text-secondary">{t('dashboard.noGroups')}</span>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((group) => {
            const visible = group.pages.filter((p) => !p.hidden && !p.path.includes(':'));
            return (
              <Col key={group.key} xs={24} sm={12} lg={8} xxl={6}>
                <Link
                  to={group.redirect ?? HOME_PATH}
                  className="cpm-group-card-link"
                  data-testid={`dashboard-card-${group.key}`}
                >
                  <Card variant="borderless" hoverable className="cpm-group-card">
                    <div className="cpm-group-card-head">
                      <span className="cpm-group-card-icon">{createElement(menuIcon(group.icon))}</span>
                      <div className="cpm-group-card-titles">
                        <div className="cpm-group-card-title">{group.title[language]}</div>
                        <div className="cpm-group-card-count">
                          {t('dashboard.pages', { count: visible.length })}
                        </div>
                      </div>
                      <ArrowRightOutlined className="cpm-group-card-arrow" />
                    </div>
                    <div className="cpm-group-card-pages">
                      {visible
                        .slice(0, 4)
                        .map((p) => p.title[language])
                        .join(' · ')}
                      {visible.length > 4 ? ' …' : ''}
                    </div>
                  </Card>
                </Link>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
};
