import { DELIVERY_STATES, type DeliveryState, type TerminalTaskRow } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { CrudListTable } from '../../../shared/crud/CrudListTable';
import { selectFilter } from '../../../shared/crud/FilterBar';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { useTaskLiveEvents } from '../hooks/useTaskLiveEvents';
import { taskKeys } from '../taskKeys';
import { deliveryMessageColumn, deliveryStateColumn } from './deliveryColumns';
import { TaskStatusTag } from './TaskTags';
import '../tasks.css';
import { timeColumn } from '../../../shared/table/timeColumn';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';

type Filter = { state?: DeliveryState };

/** The device page's plan tab: the tasks aimed at this terminal and what became of each here. */
export const TerminalPlanTab = ({ sn }: { sn: string }) => {
  const { t } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  // The tab's list keeps its own part of the address, beside the page's `tab`.
  const list = useCrudList<TerminalTaskRow, Filter>({
    queryKey: taskKeys.byTerminal(sn),
    filterKeys: ['state'],
    prefix: 'plan.',
    fetchPage: ({ current, size, state }) =>
      call(remoteTaskRoutes.byTerminal, {
        query: { sn, state, current, size },
        loading: false,
        silent: true,
      }),
  });
  useTaskLiveEvents();
  const columns: DataColumn<TerminalTaskRow>[] = [
    {
      key: 'taskName',
      title: t('fields.name'),
      dataIndex: 'taskName',
      render: (_, row) => (
        <Link
          to={`/longRange/taskInfo?id=${row.taskId}&r.sn=${encodeURIComponent(sn)}`}
          data-testid="plan-task"
        >
          {taskNameOf({ name: row.taskName, nameText: row.taskNameText }, t)}
        </Link>
      ),
    },
    deliveryStateColumn(t('results.state'), (row) => `plan-state-${row.taskId}`),
    deliveryMessageColumn(t('results.message')),
    {
      key: 'taskStatus',
      title: t('fields.taskStatus'),
      dataIndex: 'taskStatus',
      render: (s: TerminalTaskRow['taskStatus']) => <TaskStatusTag status={s} />,
    },
    { key: 'type', title: t('fields.type'), dataIndex: 'type', render: (v: string) => t(`type.${v}`) },
    { key: 'attempt', title: t('results.attempt'), dataIndex: 'attempt' },
    { key: 'runSeq', title: t('results.run'), dataIndex: 'runSeq' },
    timeColumn('updatedAt', t('results.updatedAt')),
    timeColumn('expireAt', t('timing.expireAt')),
  ];
  return (
    <div data-testid="device-plan">
      <CrudListTable<TerminalTaskRow, Filter>
        rowKey="deliveryId"
        list={list}
        filters={[selectFilter('state', t('results.state'), DELIVERY_STATES, (s) => t(`result.${s}`))]}
        columns={columns}
      />
    </div>
  );
};
