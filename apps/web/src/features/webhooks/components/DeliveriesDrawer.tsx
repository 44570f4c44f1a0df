import { RedoOutlined } from '@ant-design/icons';
import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookRow } from '@cpm/contracts';
import { webhooksRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { fixedPaging, readRows } from '../../../shared/table/readRows';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  waiting: 'default',
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};
const PAGE_SIZE = 20;

/** A subscription's delivery log: answer, time taken, attempts and error, with "send again". */
export const DeliveriesDrawer = ({
  subscription,
  onClose,
}: {
  subscription: WebhookRow | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>();
  const [current, setCurrent] = useState(1);
  const log = useQuery({
    queryKey: [...queryKeys.webhooks.all, 'deliveries', subscription?.id, status, current],
    queryFn: () =>
      call(webhooksRoutes.deliveries, {
        query: { subscriptionId: subscription?.id as string, status, current, size: PAGE_SIZE },
        loading: false,
      }),
    enabled: subscription !== null,
    refetchInterval: 5000,
  });
  const resend = async (id: string) => {
    await call(webhooksRoutes.resend, { body: { id }, notifySuccess: true }).catch(() => undefined);
    void log.refetch();
  };
  const time = (v: string | null) => (v ? new Date(v).toLocaleString() : '—');
  return (
    <Drawer
      open={subscription !== null}
      onClose={onClose}
      size="large"
      title={t('deliveries.title', { name: subscription?.name ?? '' })}
      data-testid="webhook-deliveries"
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('deliveries.status')}
          placeholder={t('deliveries.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          options={(['waiting', 'pending', 'delivered', 'failed'] as const).map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
        />
      </Space>
      <Table<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        scroll={{ x: 1100 }}
        loading={log.isFetching && !log.data}
        {...readRows(log.data?.records, log)}
        pagination={fixedPaging(current, PAGE_SIZE, log.data?.total, setCurrent)}
        columns={[
          { key: 'createdAt', title: t('deliveries.createdAt'), render: (_, r) => time(r.createdAt) },
          { key: 'type', title: t('deliveries.type'), dataIndex: 'eventType', width: 190 },
          {
            key: 'status',
            title: t('deliveries.status'),
            render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>,
          },
          { key: 'code', title: t('deliveries.code'), render: (_, r) => r.responseCode ?? '—' },
          {
            key: 'ms',
            title: t('deliveries.duration'),
            render: (_, r) => (r.durationMs === null ? '—' : `${r.durationMs} ms`),
          },
          { key: 'attempts', title: t('deliveries.attempts'), dataIndex: 'attempts' },
          {
            key: 'error',
            title: t('deliveries.error'),
            render: (_, r) => (
              <Typography.Text type="danger" ellipsis={{ tooltip: r.error }} style={{ maxWidth: 180 }}>
                {r.error ?? ''}
              </Typography.Text>
            ),
          },
          { key: 'next', title: t('deliveries.next'), render: (_, r) => time(r.nextAttemptAt) },
          {
            key: 'actions',
            title: t('deliveries.actions'),
            fixed: 'right',
            width: 130,
            render: (_, r) =>
              r.status === 'delivered' || r.status === 'failed' ? (
                <Auth permission="user:webhook:edit">
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    data-testid={`resend-${r.id}`}
                    onClick={() => void resend(r.id)}
                  >
                    {t('deliveries.resend')}
                  </Button>
                </Auth>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
};
