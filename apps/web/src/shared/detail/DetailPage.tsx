import { Card, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BackTo, NotFound } from './NotFound';
import { PageTabs } from './PageTabs';
import { useTabParam } from './useTabParam';
import './detail.css';

export type DetailTab = {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** Left out (e.g. without the permission to see it). */
  hidden?: boolean;
};

type Props = {
  title: ReactNode;
  /** A second line under the title, e.g. the serial number. */
  subtitle?: ReactNode;
  /** Status tags beside the title. */
  status?: ReactNode;
  /** Buttons on the right of the header (wrap below the title on phones). */
  actions?: ReactNode;
  /** A notice between the header and the tabs that holds for every tab (e.g. the record is stale). */
  notice?: ReactNode;
  tabs: readonly DetailTab[];
  loading?: boolean;
  /** Shown instead of the page when the record does not exist or is not visible. */
  notFound?: boolean;
  /** Title of the not-found answer (a generic one by default). */
  notFoundTitle?: ReactNode;
  /** The list the record belongs to: the not-found answer leads back there. */
  back: BackTo;
  testId?: string;
};

/**
 * The layout of every detail page: a header with title, status and actions, then tabs whose
 * choice lives in the address (`?tab=`), so a tab can be linked and survives a reload. A record
 * that is not there gets the not-found answer with the way back to its list.
 */
export const DetailPage = ({
  title,
  subtitle,
  status,
  actions,
  notice,
  tabs,
  loading,
  notFound,
  notFoundTitle,
  back,
  testId,
}: Props) => {
  const { t } = useTranslation('kit');
  const visible = useMemo(() => tabs.filter((tab) => !tab.hidden), [tabs]);
  const keys = useMemo(() => visible.map((tab) => tab.key), [visible]);
  const [active, setActive] = useTabParam(keys);

  if (notFound) return <NotFound title={notFoundTitle ?? t('detail.notFound')} back={back} testId={testId} />;
  return (
    <div className="cpm-page" data-testid={testId}>
      <Card variant="borderless">
        {loading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <div className="cpm-detail-header" data-testid="detail-header">
              <div className="cpm-detail-heading">
                <Space wrap size={[8, 4]} align="center">
                  <Typography.Title level={4} className="cpm-detail-title">
                    {title}
                  </Typography.Title>
                  {status}
                </Space>
                {subtitle && (
                  <Typography.Text type="secondary" className="cpm-detail-subtitle">
                    {subtitle}
                  </Typography.Text>
                )}
              </div>
              {actions && (
                <Space wrap className="cpm-detail-actions" data-testid="detail-actions">
                  {actions}
                </Space>
              )}
            </div>
            {notice}
            <PageTabs activeKey={active} onChange={setActive} items={visible} />
          </>
        )}
      </Card>
    </div>
  );
};
