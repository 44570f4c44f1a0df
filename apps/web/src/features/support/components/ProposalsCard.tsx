import type { ProposalRow } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { formatTime } from '../../../shared/format/formatTime';

const key = [...queryKeys.supportOrders.all, 'proposals', 'open'];

/** Inspections peripheral health proposed: start the visit from one, or set it aside. Nothing shows without any. */
export const ProposalsCard = ({ onStart }: { onStart: (p: ProposalRow) => void }) => {
  const { t } = useTranslation('support');
  const client = useQueryClient();
  const open = useQuery({
    queryKey: key,
    queryFn: () =>
      call(supportRoutes.proposalPage, { query: { status: 'open', current: 1, size: 20 }, loading: false }),
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => call(supportRoutes.proposalDismiss, { body: { id }, notifySuccess: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const rows = open.data?.records ?? [];
  if (!rows.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="proposals"
      message={t('proposals.title', { count: open.data?.total ?? rows.length })}
      description={
        <List
          size="small"
          dataSource={rows}
          renderItem={(p) => (
            <List.Item
              data-testid="proposal"
              actions={[
                <Button
                  key="start"
                  size="small"
                  type="primary"
                  onClick={() => onStart(p)}
                  data-testid="proposal-start"
                >
                  {t('proposals.start')}
                </Button>,
                <Popconfirm
                  key="dismiss"
                  title={t('proposals.confirmDismiss')}
                  onConfirm={() => dismiss.mutateAsync(p.id)}
                >
                  <Button size="small" disabled={dismiss.isPending}>
                    {t('proposals.dismiss')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{p.storeName || p.sn}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('proposals.reason', { sn: p.sn, peripheral: p.peripheralName, count: p.faultCount })} ·{' '}
                  {formatTime(p.createdAt)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      }
    />
  );
};
