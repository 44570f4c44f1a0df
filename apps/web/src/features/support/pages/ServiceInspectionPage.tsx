import { type PROCESS_STATUSES, type ProcessRow, processActionsFrom } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  DictTag,
  editAction,
  queryKeys,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { PROCESS_ACTION_PERMISSION } from '../lib/processActions';

type Filter = { name?: string; status?: (typeof PROCESS_STATUSES)[number] };

/** Inspection processes with their state and version; each row offers the transitions its state allows. */
export const ServiceInspectionPage = () => {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const statuses = useDict('inspection_process_status');
  const list = useCrudList<ProcessRow, Filter>({
    queryKey: [...queryKeys.supportOrders.all, 'processes'],
    filterKeys: ['name', 'status'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.processPage, { query: { current, size, ...f }, loading: false }),
  });
  const columns: DataColumn<ProcessRow>[] = [
    {
      key: 'name',
      title: t('processes.name'),
      dataIndex: 'name',
      render: (v: string, row) => (
        <a
          href={`/technicalSupport/serviceInfo?id=${row.id}`}
          onClick={(e) => {
            e.preventDefault();
            navigate(`/technicalSupport/serviceInfo?id=${row.id}`);
          }}
        >
          {v}
        </a>
      ),
    },
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
    timeColumn('updatedAt', t('processes.updatedAt')),
    actionsColumn(
      t('orders.actions'),
      (row) => [
        viewAction(t('orders.view'), () => navigate(`/technicalSupport/serviceInfo?id=${row.id}`)),
        editAction(t('processes.edit'), 'support:process:edit', () =>
          navigate(`/technicalSupport/addService?id=${row.id}`),
        ),
        ...processActionsFrom(row.status).map((a) => ({
          key: a,
          label: t(`processes.action.${a}`),
          permission: PROCESS_ACTION_PERMISSION[a],
          danger: a === 'delete' || a === 'disable',
          confirm: t('processes.confirm'),
          onClick: () =>
            call(supportRoutes.processTransition, {
              body: { id: row.id, action: a },
              notifySuccess: true,
            }).then(list.invalidate),
        })),
      ],
      { fixed: 'right', inline: 2 },
    ),
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
      toolbar={
        <AddButton
          permission="support:process:add"
          label={t('processes.add')}
          onClick={() => navigate('/technicalSupport/addService')}
          testId="process-add"
        />
      }
    />
  );
};
