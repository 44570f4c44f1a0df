import { SettingOutlined } from '@ant-design/icons';
import {
  type ORDER_PRIORITIES,
  ORDER_SOURCES,
  type ORDER_STATUSES,
  type OrderRow,
  type OrderSource,
} from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  DictTag,
  queryKeys,
  selectFilter,
  ToolbarButton,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { HealthRulesDrawer } from '../components/HealthRulesDrawer';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';
import { OrderFormDrawer } from '../components/OrderFormDrawer';
import { faultColumns } from '../components/orderColumns';
import { useSupportLive } from '../hooks/useSupportLive';

type Filter = {
  keyword?: string;
  status?: (typeof ORDER_STATUSES)[number];
  priority?: (typeof ORDER_PRIORITIES)[number];
  source?: OrderSource;
  overdue?: '1';
  mine?: '1';
};

/** After-sales orders: open one for a terminal or by hand, follow it through its states, live. */
export const OrdersPage = () => {
  const { t } = useTranslation('support');
  const [creating, setCreating] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  // `?view=<id>` opens one order (links from inspection records and from notices).
  const [params, setParams] = useSearchParams();
  const [viewing, setViewingState] = useState<string | null>(params.get('view'));
  const setViewing = (id: string | null) => {
    setViewingState(id);
    if (!id && params.has('view'))
      setParams(
        (p) => {
          p.delete('view');
          return p;
        },
        { replace: true },
      );
  };
  const statuses = useDict('order_status');
  const priorities = useDict('order_priority');
  const faults = useDict('fault_type');
  useSupportLive();
  const list = useCrudList<OrderRow, Filter>({
    queryKey: queryKeys.supportOrders.all,
    filterKeys: ['keyword', 'status', 'priority', 'source', 'overdue', 'mine'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.page, { query: { current, size, ...f }, loading: false }),
  });
  const yes = [{ value: '1', label: t('orders.yes') }];
  const columns: DataColumn<OrderRow>[] = [
    { key: 'number', title: t('orders.number'), dataIndex: 'number' },
    { key: 'sn', title: t('orders.sn'), dataIndex: 'sn', render: (v: string | null) => v ?? '-' },
    { key: 'storeName', title: t('orders.store'), dataIndex: 'storeName' },
    ...faultColumns<OrderRow>(t, faults),
    {
      key: 'status',
      title: t('orders.status'),
      dataIndex: 'status',
      render: (v: string, row) => (
        <Space size={4} wrap={false}>
          <DictTag dict="order_status" value={v} testId={`order-status-${row.number}`} />
          {row.overdue && <Tag color="red">{t('orders.overdue')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'source',
      title: t('orders.source'),
      dataIndex: 'source',
      render: (v: OrderSource) =>
        v === 'manual' ? '-' : <Tag color="purple">{t(`orders.sourceOf.${v}`)}</Tag>,
    },
    { key: 'assigneeName', title: t('orders.assignee'), dataIndex: 'assigneeName', render: (v) => v ?? '-' },
    timeColumn('dueAt', t('orders.dueAt')),
    timeColumn('createdAt', t('orders.createdAt')),
    actionsColumn(t('orders.actions'), (row) => [viewAction(t('orders.view'), () => setViewing(row.id))], {
      fixed: 'right',
    }),
  ];
  return (
    <CrudListView<OrderRow, Filter>
      testId="orders-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('orders.keyword') },
        { name: 'status', label: t('orders.status'), options: statuses.options },
        { name: 'priority', label: t('orders.priority'), options: priorities.options },
        selectFilter('source', t('orders.source'), ORDER_SOURCES, (s) => t(`orders.sourceOf.${s}`)),
        { name: 'overdue', label: t('orders.overdueOnly'), options: yes },
        { name: 'mine', label: t('orders.mineOnly'), options: yes },
      ]}
      columns={columns}
      toolbar={
        <Space wrap>
          <AddButton
            permission="support:order:add"
            label={t('orders.add')}
            testId="order-add"
            onClick={() => setCreating(true)}
          />
          <ToolbarButton
            permission="support:order:rules"
            label={t('rules.open')}
            icon={<SettingOutlined />}
            onClick={() => setRulesOpen(true)}
            testId="health-rules-open"
          />
        </Space>
      }
      exportTo={{
        permission: 'support:order:export',
        path: supportRoutes.export.path,
        fileName: 'orders.xlsx',
        list: 'supportOrders',
      }}
    >
      <OrderFormDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          void list.invalidate();
        }}
      />
      <OrderDetailDrawer
        id={viewing}
        onClose={() => setViewing(null)}
        onSaved={() => void list.invalidate()}
      />
      <HealthRulesDrawer open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </CrudListView>
  );
};
