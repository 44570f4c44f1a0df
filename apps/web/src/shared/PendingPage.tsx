import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page/PageHeader';

/** Stand-in for menu pages whose feature is not built yet: the page's header and an honest notice. */
export const PendingPage = () => {
  const { t } = useTranslation();
  return (
    <div className="cpm-page cpm-pending-page" data-testid="pending-page">
      <PageHeader />
      <Card variant="borderless" className="cpm-pending-card">
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
