import { HistoryOutlined } from '@ant-design/icons';
import type { AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Button, Card, Col, Empty, Pagination, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { FilterBar, queryKeys, useCrudList } from '../../../shared/crud';
import { useModelOptions } from '../../../shared/crud/ModelSelect';
import { PageHeader } from '../../../shared/page/PageHeader';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { AppIcon } from '../components/AppTags';
import { VersionQueryDrawer } from '../components/VersionQueryDrawer';
import { useAppTypes } from '../hooks';
import '../appmarket.css';
import { TableLoadError } from '../../../shared/table/TableLoadError';

type Filter = { keyword?: string; type?: string; model?: string; platform?: 'android' | 'windows' };

/** One app of the market as a card: icon, name, version, type and how many terminals run it. */
const AppCard = ({ app, onOpen }: { app: AppRow; onOpen: () => void }) => {
  const { t } = useTranslation('appmarket');
  const types = useAppTypes();
  const version = app.current ?? app.latest;
  return (
    <Card hoverable onClick={onOpen} className="cpm-app-card" data-testid="market-card" data-name={app.name}>
      <Space align="start" size={12} style={{ width: '100%' }}>
        <AppIcon app={app} size={56} />
        <div className="cpm-app-card-body">
          <Typography.Text strong ellipsis className="cpm-app-card-name">
            {app.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis className="cpm-app-card-package">
            {app.packageName}
          </Typography.Text>
          <Space size={4} wrap>
            {app.type && <Tag>{types.label(app.type)}</Tag>}
            {version && <Tag color="blue">v{version.versionName}</Tag>}
            {app.platform === 'windows' && <Tag>Windows</Tag>}
          </Space>
        </div>
      </Space>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="cpm-app-card-description">
        {app.description || t('noDescription')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className="cpm-app-card-foot">
        {t('installsCount', { count: app.installs })}
        {version ? ` · ${formatBytes(version.size)}` : ''}
      </Typography.Text>
    </Card>
  );
};

/**
 * The app market: launched apps as cards with search and type, model and platform filters, and the
 * version query of an app by name (spec: /appMarket/index).
 */
export const MarketPage = () => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const types = useAppTypes();
  const models = useModelOptions('name').options;
  const [versionQuery, setVersionQuery] = useState(false);
  const list = useCrudList<AppRow, Filter>({
    queryKey: [...queryKeys.appMarket.all, 'market'],
    filterKeys: ['keyword', 'type', 'model', 'platform'],
    fetchPage: ({ current, size, keyword, type, model, platform }) =>
      call(appMarketRoutes.market, {
        query: { current, size, keyword, type, model, platform },
        loading: false,
      }),
  });
  return (
    <div className="cpm-page" data-testid="market-page">
      <PageHeader
        extra={
          <Button
            icon={<HistoryOutlined />}
            onClick={() => setVersionQuery(true)}
            data-testid="market-version-query"
          >
            {t('versionQuery.open')}
          </Button>
        }
      />
      <VersionQueryDrawer open={versionQuery} onClose={() => setVersionQuery(false)} />
      <Card variant="borderless">
        <FilterBar<Filter>
          fields={[
            { name: 'keyword', label: t('search') },
            { name: 'type', label: t('type'), options: types.options },
            { name: 'model', label: t('model'), options: models },
            {
              name: 'platform',
              label: t('platform'),
              options: [
                { value: 'android', label: 'Android' },
                { value: 'windows', label: 'Windows' },
              ],
            },
          ]}
          value={list.filter}
          onSearch={list.applyFilter}
          onReset={list.resetFilter}
        />
        {list.error ? (
          <TableLoadError onRetry={list.refetch} error={list.error} />
        ) : list.loading && !list.rows.length ? (
          <Skeleton active />
        ) : list.rows.length ? (
          <Row gutter={[16, 16]} data-testid="market-cards">
            {list.rows.map((app) => (
              <Col key={app.id} xs={24} sm={12} lg={8} xxl={6}>
                <AppCard app={app} onOpen={() => navigate(`/appMarket/appDetail?id=${app.id}`)} />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description={t('marketEmpty')} data-testid="market-empty" />
        )}
        {list.total > 0 && (
          <Pagination
            className="cpm-app-pagination"
            current={list.paging.current}
            pageSize={list.paging.size}
            total={list.total}
            pageSizeOptions={[12, 24, 48]}
            showSizeChanger
            onChange={list.paging.onChange}
          />
        )}
      </Card>
    </div>
  );
};
