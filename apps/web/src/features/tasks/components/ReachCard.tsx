import { SafetyCertificateOutlined, WifiOutlined } from '@ant-design/icons';
import type { TaskPreview } from '@cpm/contracts';
import { Alert, Card, Empty, Space, Spin, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/httpClient';

/** The live answer to "how many terminals does this reach?", beside the form. */
export const ReachCard = ({
  preview,
  loading,
  error,
  hasTargets,
  risky,
  children,
}: {
  preview?: TaskPreview;
  loading: boolean;
  error: unknown;
  hasTargets: boolean;
  /** The type asks for the creator's password. */
  risky: boolean;
  /** The create button. */
  children?: ReactNode;
}) => {
  const { t } = useTranslation('tasks');
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <Card title={t('reach.title')} data-testid="task-reach" variant="borderless">
      {!hasTargets ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reach.noTargets')} />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          message={error instanceof ApiError ? error.message : t('reach.failed')}
        />
      ) : !preview ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space size={32} wrap>
            <Statistic
              title={t('reach.terminals')}
              value={preview.reach}
              formatter={(v) => <span data-testid="task-reach-count">{count(Number(v))}</span>}
              loading={loading && !preview}
            />
            <Statistic
              title={t('reach.online')}
              value={preview.online}
              prefix={<WifiOutlined />}
              formatter={(v) => <span data-testid="task-reach-online">{count(Number(v))}</span>}
            />
          </Space>
          {loading && <Typography.Text type="secondary">{t('reach.updating')}</Typography.Text>}
          {preview.reach === 0 && <Alert type="warning" showIcon message={t('reach.none')} />}
          {preview.missingSns.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="task-reach-missing"
              message={t('reach.missing', { count: preview.missingSns.length })}
              description={
                preview.missingSns.slice(0, 10).join(', ') + (preview.missingSns.length > 10 ? ' …' : '')
              }
            />
          )}
          {(preview.outOfScope.groupIds.length > 0 || preview.outOfScope.ownerIds.length > 0) && (
            <Alert type="error" showIcon message={t('reach.outOfScope')} />
          )}
          {preview.approvalRequired && (
            <Alert
              type="info"
              showIcon
              icon={<SafetyCertificateOutlined />}
              data-testid="task-reach-approval"
              message={t('reach.approval')}
            />
          )}
        </Space>
      )}
      {risky && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="task-risky-note">
          {t('reach.password')}
        </Typography.Paragraph>
      )}
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </Card>
  );
};
