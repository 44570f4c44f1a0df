import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { CheckedItem, RecordRow } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Select, Skeleton, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { CrudListView, queryKeys, RowActions, useCrudList } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';
import { RecordFormDrawer } from '../components/RecordFormDrawer';

type Filter = { keyword?: string; failed?: '1' };

/** Inspection records: file one from a phone, read each item's result, open an order from a failed one. */
export const InspectionRecordsPage = () => {
  const { t } = useTranslation('support');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useCrudList<RecordRow, Filter>({
    queryKey: [...queryKeys.supportOrders.all, 'records'],
    filterKeys: ['keyword', 'failed'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.recordPage, { query: { current, size, ...f }, loading: false }),
  });
  const columns: DataColumn<RecordRow>[] = [
    {
      key: 'processName',
      title: t('records.process'),
      dataIndex: 'processName',
      render: (v, r) => `${v} v${r.version}`,
    },
    { key: 'storeName', title: t('records.storeName'), dataIndex: 'storeName' },
    { key: 'contact', title: t('records.contact'), dataIndex: 'contact' },
    { key: 'phone', title: t('records.phone'), dataIndex: 'phone' },
    { key: 'address', title: t('records.address'), dataIndex: 'address' },
    { key: 'inspectorName', title: t('records.inspector'), dataIndex: 'inspectorName' },
    {
      key: 'failedCount',
      title: t('records.result'),
      dataIndex: 'failedCount',
      render: (v: number, r) =>
        v ? (
          <Tag color="red">{t('records.failedCount', { count: v })}</Tag>
        ) : (
          <Tag color="green">{t('records.allPassed', { count: r.itemCount })}</Tag>
        ),
    },
    {
      key: 'visitedAt',
      title: t('records.visitedAt'),
      dataIndex: 'visitedAt',
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
    <CrudListView<RecordRow, Filter>
      testId="records-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('records.keyword') },
        { name: 'failed', label: t('records.failedOnly'), options: [{ value: '1', label: t('orders.yes') }] },
      ]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      toolbar={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="record-add"
        >
          {t('records.add')}
        </Button>
      }
    >
      <RecordFormDrawer
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(id) => {
          setAdding(false);
          void list.invalidate();
          setViewing(id);
        }}
      />
      <RecordDetailDrawer id={viewing} onClose={() => setViewing(null)} />
    </CrudListView>
  );
};

const RecordDetailDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation('support');
  const faults = useDict('fault_type');
  const client = useQueryClient();
  const [fault, setFault] = useState<Record<string, string>>({});
  const key = [...queryKeys.supportOrders.all, 'record', id];
  const { data: record } = useQuery({
    queryKey: key,
    enabled: id !== null,
    queryFn: () => call(supportRoutes.recordDetail, { query: { id: id as string }, loading: false }),
  });
  const columns = [
    { key: 'standard', title: t('records.standard'), dataIndex: 'standard' },
    { key: 'content', title: t('records.content'), dataIndex: 'content' },
    {
      key: 'result',
      title: t('records.result'),
      render: (_: unknown, c: CheckedItem) => (
        <Space wrap>
          <Tag color={c.ok ? 'green' : 'red'} data-testid={`record-result-${c.key}`}>
            {c.ok ? t('records.pass') : t('records.fail')}
          </Tag>
          {c.kind === 'value' && `${c.value}${c.unit ?? ''}`}
          {c.note}
          {c.photoIds.length > 0 && <Tag>{t('records.photos', { count: c.photoIds.length })}</Tag>}
        </Space>
      ),
    },
    {
      key: 'order',
      title: t('records.order'),
      render: (_: unknown, c: CheckedItem) => {
        if (c.ok) return null;
        const opened = record?.orders.find((o) => o.key === c.key);
        if (opened) return <Tag data-testid={`record-order-${c.key}`}>{opened.number}</Tag>;
        return (
          <Auth permission="support:order:add">
            <Space.Compact>
              <Select
                style={{ minWidth: 120 }}
                placeholder={t('orders.faultType')}
                options={faults.options}
                value={fault[c.key]}
                onChange={(v) => setFault((f) => ({ ...f, [c.key]: v }))}
                data-testid={`record-fault-${c.key}`}
              />
              <Button
                disabled={!fault[c.key]}
                data-testid={`record-open-order-${c.key}`}
                onClick={async () => {
                  await call(supportRoutes.recordOpenOrder, {
                    body: { id: id as string, key: c.key, faultType: fault[c.key] },
                    notifySuccess: true,
                  });
                  await client.invalidateQueries({ queryKey: queryKeys.supportOrders.all });
                }}
              >
                {t('records.openOrder')}
              </Button>
            </Space.Compact>
          </Auth>
        );
      },
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(900px, 100vw)"
      title={record ? `${record.processName} v${record.version}` : ''}
      data-testid="record-detail"
      destroyOnHidden
    >
      {!record ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <DescriptionList
            columns={2}
            items={[
              { key: 'store', label: t('records.storeName'), value: record.storeName },
              { key: 'contact', label: t('records.contact'), value: record.contact },
              { key: 'phone', label: t('records.phone'), value: record.phone },
              { key: 'address', label: t('records.address'), value: record.address },
              { key: 'inspector', label: t('records.inspector'), value: record.inspectorName },
              {
                key: 'at',
                label: t('records.visitedAt'),
                value: dayjs(record.visitedAt).format('YYYY-MM-DD HH:mm'),
              },
              {
                key: 'place',
                label: t('records.place'),
                value:
                  record.lat != null && record.lng != null
                    ? `${record.lat.toFixed(5)}, ${record.lng.toFixed(5)}`
                    : null,
              },
            ]}
          />
          <Table<CheckedItem>
            rowKey="key"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={record.results}
            columns={columns}
          />
        </Space>
      )}
    </Drawer>
  );
};
