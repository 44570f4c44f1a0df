import { type UserRow, usersEndpoints } from '@cpm/contracts';
import { Button, Card, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { useDict } from '../../../shared/dicts/useDict';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { usePagedList } from '../hooks/usePagedList';

const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'processing', 3: 'error' };

/** User review (`/user/toExamine`): approve an applicant, or reject with a reason they will see. */
export const ReviewPage = () => {
  const { t } = useTranslation('accounts');
  const states = useDict('account_state');
  const [rejecting, setRejecting] = useState<UserRow | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const list = usePagedList<UserRow, { state?: number }>(
    'review',
    (q) => call(usersEndpoints.reviewPage, { query: q }),
    {
      state: 2,
    },
  );

  const audit = async (id: string, approve: boolean, reason?: string) => {
    try {
      await call(usersEndpoints.audit, { body: { id, approve, reason }, notifySuccess: true });
      setRejecting(null);
      list.refetch();
    } catch {
      // The client showed why.
    }
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
    {
      key: 'createdAt',
      title: t('common.createdAt'),
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) =>
        r.state === 2 ? (
          <Auth permission="user:review:audit">
            <Space>
              <Button
                type="link"
                onClick={() => void audit(r.id, true)}
                data-testid={`approve-${r.username}`}
              >
                {t('review.approve')}
              </Button>
              <Button
                type="link"
                danger
                onClick={() => {
                  reasonForm.resetFields();
                  setRejecting(r);
                }}
              >
                {t('review.reject')}
              </Button>
            </Space>
          </Auth>
        ) : null,
    },
  ];

  return (
    <div className="cpm-page" data-testid="review-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('review.title')}
        </Typography.Title>
        <Form
          layout="inline"
          initialValues={{ state: 2 }}
          onFinish={(v: { state?: number }) => list.applyFilter(v)}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="state" label={t('review.state')}>
            <Select
              style={{ width: 180 }}
              options={states.options.map((o) => ({ value: Number(o.value), label: o.label }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('actions.search')}
            </Button>
          </Form.Item>
        </Form>
        <DataTable<UserRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          paging={list.paging}
          onRefresh={list.refetch}
          scroll={{ x: 1100 }}
        />
      </Card>
      <Modal
        open={rejecting !== null}
        title={t('review.rejectTitle', { name: rejecting?.username ?? '' })}
        onCancel={() => setRejecting(null)}
        onOk={() => reasonForm.submit()}
        okText={t('review.reject')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: true }}
        destroyOnHidden
      >
        <Form
          form={reasonForm}
          layout="vertical"
          onFinish={(v: { reason: string }) => audit(rejecting?.id ?? '', false, v.reason)}
        >
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
