import { DELIVERY_STATES, type DeliveryState, type TerminalTaskRow } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { queryTableState } from '../../../shared/table/readRows';
import { useTaskLiveEvents } from '../hooks/useTaskLiveEvents';
import { taskKeys } from '../taskKeys';
import { DeliveryStateTag, TaskStatusTag } from './TaskTags';
import '../tasks.css';

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');

/** The device page's plan tab: the tasks aimed at this terminal and what became of each here. */
export const TerminalPlanTab = ({ sn }: { sn: string }) => {
  const { t } = useTranslation('tasks');
  const [state, setState] = useState<DeliveryState | undefined>();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const plan = useQuery({
    queryKey: [...taskKeys.byTerminal(sn), state ?? '', page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(remoteTaskRoutes.byTerminal, { query: { sn, state, ...page }, loading: false, silent: true }),
  });
  useTaskLiveEvents();
  const columns: DataColumn<TerminalTaskRow>[] = [
    {
      key: 'taskName',
      title: t('fields.name'),
      dataIndex: 'taskName',
      render: (name: string, row) => (
        <Link
          to={`/longRange/taskInfo?id=${row.taskId}&r.sn=${encodeURIComponent(sn)}`}
          data-testid="plan-task"
        >
          {name}
        </Link>
      ),
    },
    {
      key: 'state',
      title: t('results.state'),
      dataIndex: 'state',
      render: (s: DeliveryState, row) => (
        <span data-testid={`plan-state-${row.taskId}`} data-state={s}>
          <DeliveryStateTag state={s} held={row.held} deferReason={row.deferReason} />
        </span>
      ),
    },
    {
      key: 'message',
      title: t('results.message'),
      dataIndex: 'message',
      render: (m: string | null) =>
        m ? (
          <Tooltip title={<pre className="cpm-task-message">{m}</pre>}>
            <Typography.Text ellipsis style={{ maxWidth: 240 }}>
              {m}
            </Typography.Text>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      key: 'taskStatus',
      title: t('fields.taskStatus'),
      dataIndex: 'taskStatus',
      render: (s: TerminalTaskRow['taskStatus']) => <TaskStatusTag status={s} />,
    },
    { key: 'type', title: t('fields.type'), dataIndex: 'type', render: (v: string) => t(`type.${v}`) },
    { key: 'attempt', title: t('results.attempt'), dataIndex: 'attempt' },
    { key: 'runSeq', title: t('results.run'), dataIndex: 'runSeq' },
    { key: 'updatedAt', title: t('results.updatedAt'), dataIndex: 'updatedAt', render: when },
    { key: 'expireAt', title: t('timing.expireAt'), dataIndex: 'expireAt', render: when },
  ];
  return (
    <div data-testid="device-plan">
      <DataTable<TerminalTaskRow>
        rowKey="deliveryId"
        columns={columns}
        dataSource={plan.data?.records ?? []}
        {...queryTableState(plan)}
        paging={{
          current: page.current,
          size: page.size,
          total: plan.data?.total ?? 0,
          onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
        }}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              placeholder={t('results.state')}
              style={{ minWidth: 180 }}
              value={state}
              onChange={(v) => {
                setState(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`result.${s}`) }))}
              data-testid="plan-state-filter"
            />
          </Space>
        }
      />
    </div>
  );
};
