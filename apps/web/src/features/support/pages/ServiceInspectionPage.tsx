import {
  type PROCESS_STATUSES,
  type ProcessAction,
  type ProcessRow,
  processActionsFrom,
} from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { CrudListView, DictTag, queryKeys, RowActions, useCrudList } from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';

type Filter = { name?: string; status?: (typeof PROCESS_STATUSES)[number] };

const PERMISSION: Record<ProcessAction, 'support:process:publish' | 'support:process:delete'> = {
  publish: 'support:process:publish',
  disable: 'support:process:publish',
  enable: 'support:process:publish',
  delete: 'support:process:delete',
};

/** Inspection processes with their state and version; each row offers the transitions its state allows. */
export const ServiceInspectionPage = () => {
  const { t } = useTranslation('support');
  const statuses = useDict('inspection_process_status');
  const list = useCrudList<ProcessRow, Filter>({
    queryKey: [...queryKeys.supportOrders.all, 'processes'],
    filterKeys: ['name', 'status'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.processPage, { query: { current, size, ...f }, loading: false }),
  });
  const columns: DataColumn<ProcessRow>[] = [
    { key: 'name', title: t('processes.name'), dataIndex: 'name' },
    { key: 'description', title: t('processes.description'), dataIndex: 'description' },
    {
      key: 'status',
      title: t('orders.status'),
      dataIndex: 'status',
      render: (v: string) => <DictTag dict="inspection_process_status" value={v} />,
    },
    { key: 'version', title: t('processes.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
    { key: 'standardCount', title: t('processes.standards'), dataIndex: 'standardCount' },
    { key: 'itemCount', title: t('processes.items'), dataIndex: 'itemCount' },
    {
      key: 'updatedAt',
      title: t('processes.updatedAt'),
      dataIndex: 'updatedAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('orders.actions'),
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={processActionsFrom(row.status).map((a) => ({
            key: a,
            label: t(`processes.action.${a}`),
            permission: PERMISSION[a],
            danger: a === 'delete' || a === 'disable',
            confirm: t('processes.confirm'),
            onClick: () =>
              call(supportRoutes.processTransition, {
                body: { id: row.id, action: a },
                notifySuccess: true,
              }).then(list.invalidate),
          }))}
        />
      ),
    },
  ];
  return (
    <CrudListView<ProcessRow, Filter>
      testId="processes-page"
      list={list}
      filters={[
        { name: 'name', label: t('processes.name') },
        { name: 'status', label: t('orders.status'), options: statuses.options },
      ]}
      columns={columns}
      scroll={{ x: 'max-content' }}
    />
  );
};
