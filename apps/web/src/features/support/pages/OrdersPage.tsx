import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type ORDER_PRIORITIES, type ORDER_STATUSES, type OrderRow, OrderSaveSchema } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { Button, Col, DatePicker, Input, Row, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import {
  CrudField,
  CrudFormModal,
  CrudListView,
  DictTag,
  queryKeys,
  RowActions,
  useCrudList,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';
import { Upload } from '../../../shared/upload/Upload';
import { rulesForKind, uploadUrlForKind } from '../../../shared/upload/uploadRules';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';

type Filter = {
  keyword?: string;
  status?: (typeof ORDER_STATUSES)[number];
  priority?: (typeof ORDER_PRIORITIES)[number];
  overdue?: '1';
};

/** After-sales orders: open one for a terminal or by hand, follow it through its states. */
export const OrdersPage = () => {
  const { t } = useTranslation('support');
  const [creating, setCreating] = useState(false);
  const [mediaIds, setMediaIds] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const statuses = useDict('order_status');
  const priorities = useDict('order_priority');
  const faults = useDict('fault_type');
  const list = useCrudList<OrderRow, Filter>({
    queryKey: queryKeys.supportOrders.all,
    filterKeys: ['keyword', 'status', 'priority', 'overdue'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.page, { query: { current, size, ...f }, loading: false }),
  });
  const columns: DataColumn<OrderRow>[] = [
    { key: 'number', title: t('orders.number'), dataIndex: 'number' },
    { key: 'sn', title: t('orders.sn'), dataIndex: 'sn', render: (v: string | null) => v ?? '-' },
    { key: 'storeName', title: t('orders.store'), dataIndex: 'storeName' },
    {
      key: 'faultType',
      title: t('orders.faultType'),
      dataIndex: 'faultType',
      render: (v: string) => faults.label(v),
    },
    {
      key: 'priority',
      title: t('orders.priority'),
      dataIndex: 'priority',
      render: (v: string) => <DictTag dict="order_priority" value={v} />,
    },
    {
      key: 'status',
      title: t('orders.status'),
      dataIndex: 'status',
      render: (v: string, row) => (
        <>
          <DictTag dict="order_status" value={v} testId={`order-status-${row.number}`} />
          {row.overdue && <Tag color="red">{t('orders.overdue')}</Tag>}
        </>
      ),
    },
    { key: 'assigneeName', title: t('orders.assignee'), dataIndex: 'assigneeName', render: (v) => v ?? '-' },
    {
      key: 'dueAt',
      title: t('orders.dueAt'),
      dataIndex: 'dueAt',
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
    },
    {
      key: 'createdAt',
      title: t('orders.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('orders.actions'),
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'view',
              label: t('orders.view'),
              icon: <EyeOutlined />,
              onClick: () => setViewing(row.id),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <CrudListView<OrderRow, Filter>
      testId="orders-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('orders.keyword') },
        { name: 'status', label: t('orders.status'), options: statuses.options },
        { name: 'priority', label: t('orders.priority'), options: priorities.options },
        {
          name: 'overdue',
          label: t('orders.overdueOnly'),
          options: [{ value: '1', label: t('orders.yes') }],
        },
      ]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      toolbar={
        <Auth permission="support:order:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="order-add"
            onClick={() => {
              setMediaIds([]);
              setCreating(true);
            }}
          >
            {t('orders.add')}
          </Button>
        </Auth>
      }
    >
      <CrudFormModal
        open={creating}
        title={t('orders.add')}
        testId="order-form"
        variant="drawer"
        schema={OrderSaveSchema}
        initialValues={{ priority: 'normal' }}
        onClose={() => setCreating(false)}
        onSubmit={(values) => {
          const v = values as Record<string, unknown>;
          const dueAt = v.dueAt ? dayjs(v.dueAt as string).toISOString() : undefined;
          return call(supportRoutes.save, {
            body: { ...v, dueAt, mediaIds } as never,
            notifySuccess: true,
          });
        }}
        onSaved={() => {
          setCreating(false);
          void list.invalidate();
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CrudField name="sn" label={t('orders.sn')} extra={t('orders.snHint')}>
              <Input data-testid="order-sn" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="storeName" label={t('orders.store')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="modelName" label={t('orders.model')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="enterpriseName" label={t('orders.enterprise')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="contact" label={t('orders.contact')}>
              <Input data-testid="order-contact" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="phone" label={t('orders.phone')}>
              <Input data-testid="order-phone" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="faultType" label={t('orders.faultType')}>
              <Select options={faults.options} data-testid="order-fault" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="priority" label={t('orders.priority')}>
              <Select options={priorities.options} />
            </CrudField>
          </Col>
          <Col xs={24}>
            <CrudField name="description" label={t('orders.description')}>
              <Input.TextArea rows={3} data-testid="order-description" />
            </CrudField>
          </Col>
          <Col xs={24}>
            <CrudField name="dueAt" label={t('orders.dueAt')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </CrudField>
          </Col>
          <Col xs={24}>
            <Upload<{ id: string }>
              action={uploadUrlForKind('supportMedia')}
              rules={rulesForKind('supportMedia', { maxCount: 9 })}
              testId="order-media"
              onUploaded={(blob) => setMediaIds((ids) => [...ids, blob.id])}
            />
          </Col>
        </Row>
      </CrudFormModal>
      <OrderDetailDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onChanged={() => void list.invalidate()}
      />
    </CrudListView>
  );
};
