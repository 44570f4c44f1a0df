import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { resolveRouteMeta } from '../router/routeMeta';
import { useMenuRoutes } from '../router/useMenuRoutes';

/** Stand-in for menu pages whose feature is not built yet: the page's title and an honest notice. */
export const PendingPage = () => {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { routes } = useMenuRoutes();
  const meta = resolveRouteMeta(routes, pathname);
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <div className="cpm-page" data-testid="pending-page">
      <Card variant="borderless" className="cpm-pending-card">
        <Typography.Title level={4} className="cpm-page-title">
          {meta?.title[language] ?? pathname}
        </Typography.Title>
        <Empty
          className="cpm-pending-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div className="cpm-pending-title">{t('pending.title')}</div>
              <Typography.Text type="secondary">{t('pending.description')}</Typography.Text>
            </>
          }
        />
      </Card>
    </div>
  );
};
