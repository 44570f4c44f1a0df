import { LIMITS, type UserRow } from '@cpm/contracts';
import { usersRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { useDict } from '../../../shared/dicts/useDict';
import { ReviewDialog } from '../../../shared/review/ReviewDialog';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';

type Filter = { state?: string };

/** The list opens on the accounts waiting for a decision. */
const PENDING = '2';

const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'processing', 3: 'error' };

/**
 * User review (`/user/toExamine`): the review dialog approves an applicant or rejects them with a
 * reason they will see, beside the account's earlier submissions and decisions.
 */
export const ReviewPage = () => {
  const { t } = useTranslation('accounts');
  const { t: tk } = useTranslation('kit');
  const can = usePermission();
  const states = useDict('account_state');
  const [reviewing, setReviewing] = useState<UserRow | null>(null);
  const history = useQuery({
    queryKey: ['accounts', 'reviewHistory', reviewing?.id],
    queryFn: () => call(usersRoutes.reviewHistory, { query: { id: reviewing?.id ?? '' }, loading: false }),
    enabled: reviewing !== null,
  });
  const list = useCrudList<UserRow, Filter>({
    queryKey: queryKeys.review.all,
    filterKeys: ['state'],
    defaults: { state: PENDING },
    fetchPage: ({ current, size, state }) =>
      call(usersRoutes.reviewPage, { query: { current, size, state } }),
  });

  const audit = async (approve: boolean, reason?: string) => {
    if (!reviewing) return;
    await call(usersRoutes.audit, { body: { id: reviewing.id, approve, reason }, notifySuccess: true });
    setReviewing(null);
    list.refetch();
  };

  const columns: DataColumn<UserRow>[] = [
    { key: 'username', title: t('user.username'), dataIndex: 'username' },
    { key: 'name', title: t('user.name'), dataIndex: 'name' },
    { key: 'email', title: t('user.email'), dataIndex: 'email' },
    { key: 'company', title: t('user.companyName'), dataIndex: 'companyName' },
    { key: 'address', title: t('user.address'), dataIndex: 'address' },
    {
      key: 'salesman',
      title: t('user.salesman'),
      render: (_, r) => [r.salesmanName, r.salesmanPhone, r.salesmanAddress].filter(Boolean).join(' / '),
    },
    {
      key: 'state',
      title: t('review.state'),
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{states.label(String(r.state))}</Tag>,
    },
    { key: 'reason', title: t('review.reason'), dataIndex: 'rejectReason' },
    timeColumn('createdAt', t('common.createdAt')),
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) => (
        <Button type="link" onClick={() => setReviewing(r)} data-testid={`review-${r.username}`}>
          {r.state === 2 && can('user:review:audit') ? tk('review.open') : tk('review.history')}
        </Button>
      ),
    },
  ];

  return (
    <CrudListView<UserRow, Filter>
      testId="review-page"
      list={list}
      filters={[{ name: 'state', label: t('review.state'), width: 180, options: states.options }]}
      columns={columns}
      scroll={{ x: 1100 }}
    >
      <ReviewDialog
        open={reviewing !== null}
        title={tk('review.title', { name: reviewing?.username ?? '' })}
        canDecide={reviewing?.state === 2 && can('user:review:audit')}
        reasonMaxLength={LIMITS.textMax}
        history={history.data}
        historyLoading={history.isLoading}
        onApprove={() => audit(true)}
        onReject={(reason) => audit(false, reason)}
        onClose={() => setReviewing(null)}
        summary={
          reviewing && (
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} data-testid="review-summary">
              <Descriptions.Item label={t('user.username')}>{reviewing.username}</Descriptions.Item>
              <Descriptions.Item label={t('user.name')}>{reviewing.name}</Descriptions.Item>
              <Descriptions.Item label={t('user.email')}>{reviewing.email}</Descriptions.Item>
              <Descriptions.Item label={t('user.companyName')}>{reviewing.companyName}</Descriptions.Item>
              <Descriptions.Item label={t('user.address')} span={2}>
                {reviewing.address}
              </Descriptions.Item>
              <Descriptions.Item label={t('user.salesman')} span={2}>
                {[reviewing.salesmanName, reviewing.salesmanPhone, reviewing.salesmanAddress]
                  .filter(Boolean)
                  .join(' / ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.state')}>
                <Tag color={STATE_COLORS[reviewing.state]}>{states.label(String(reviewing.state))}</Tag>
              </Descriptions.Item>
            </Descriptions>
          )
        }
      />
    </CrudListView>
  );
};
