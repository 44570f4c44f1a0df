import { RedoOutlined } from '@ant-design/icons';
import {
  DEFER_REASONS,
  DELIVERY_STATES,
  type DeferReason,
  type DeliveryRow,
  type DeliveryState,
  type TaskDetail,
  taskCan,
} from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { Badge, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, showMessage } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import {
  actionsColumn,
  ExportButton,
  FilterBar,
  ToolbarButton,
  useCrudList,
  useSelection,
} from '../../../shared/crud';
import { BatchToolbar } from '../../../shared/crud/BatchToolbar';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';
import { progressOf } from '../lib/progress';
import { taskKeys } from '../taskKeys';
import { deliveryMessageColumn, deliveryStateColumn } from './deliveryColumns';
import { TaskProgressBar } from './TaskProgressBar';

type ResultFilter = {
  state?: DeliveryState | 'held' | 'deferred';
  deferReason?: DeferReason;
  sn?: string;
  runId?: string;
};

const time = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '-');

/** A count that filters the results to its state when clicked. */
const Counter = ({
  label,
  value,
  active,
  onClick,
  testId,
}: {
  label: string;
  value: number;
  active: boolean;
  onClick: () => void;
  testId: string;
}) => (
  <button
    type="button"
    className="cpm-task-counter"
    aria-pressed={active}
    onClick={onClick}
    data-testid={testId}
    data-count={value}
  >
    <Typography.Text type="secondary">{label}</Typography.Text>
    <span className="cpm-task-counter-value">{value.toLocaleString('en-US')}</span>
  </button>
);

/**
 * Per-terminal results of a task's run: counters that filter, the progress bar, and the table with
 * each terminal's state, message, attempts and times; failed ones can be offered again.
 */
export const TaskResults = ({ task, onRetried }: { task: TaskDetail; onRetried: () => void }) => {
  const { t } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const can = usePermission();
  const list = useCrudList<DeliveryRow, ResultFilter>({
    queryKey: [...taskKeys.detail(task.id), 'results'],
    filterKeys: ['state', 'deferReason', 'sn', 'runId'],
    prefix: 'r.',
    fetchPage: ({ current, size, state, deferReason, sn, runId }) =>
      call(remoteTaskRoutes.results, {
        query: { taskId: task.id, current, size, state, deferReason, sn, runId },
        loading: false,
      }),
  });
  const selection = useSelection<DeliveryRow>();
  const canRetry = taskCan('retry', task.status) && can('task:task:restart');
  const retry = async (deliveryIds?: string[]) => {
    const { retried } = await call(remoteTaskRoutes.retryFailed, {
      body: { id: task.id, ...(deliveryIds ? { deliveryIds } : {}) },
    });
    showMessage('success', t('retried', { count: retried }));
    selection.clear();
    onRetried();
  };
  const counts = task.counts;
  const progress = progressOf(counts);
  const filterTo = (change: Partial<ResultFilter>) =>
    list.applyFilter({ sn: list.filter.sn, runId: list.filter.runId, ...change } as ResultFilter);
  const stateCounter = (state: DeliveryState | 'held' | 'deferred', value: number) => (
    <Counter
      key={state}
      label={state === 'held' ? t('held') : state === 'deferred' ? t('deferred') : t(`result.${state}`)}
      value={value}
      active={list.filter.state === state && !list.filter.deferReason}
      testId={`task-count-${state}`}
      onClick={() => filterTo(list.filter.state === state ? {} : { state })}
    />
  );

  const columns: DataColumn<DeliveryRow>[] = [
    {
      key: 'sn',
      title: t('results.sn'),
      dataIndex: 'sn',
      render: (sn: string, row) => (
        <Space size={6}>
          <Badge
            status={row.online ? 'success' : 'default'}
            title={row.online ? t('results.online') : t('results.offline')}
          />
          <Link to={`/device/deviceDetail/${encodeURIComponent(sn)}`} data-testid="result-sn">
            {sn}
          </Link>
        </Space>
      ),
    },
    deliveryStateColumn(t('results.state'), (row) => `result-${row.sn}`),
    { key: 'terminalName', title: t('results.terminal'), dataIndex: 'terminalName' },
    deliveryMessageColumn(t('results.message')),
    { key: 'attempt', title: t('results.attempt'), dataIndex: 'attempt' },
    ...(task.rollout
      ? [{ key: 'wave', title: t('results.wave'), dataIndex: 'wave' } as DataColumn<DeliveryRow>]
      : []),
    ...(task.schedule.kind !== 'once'
      ? [{ key: 'run', title: t('results.run'), dataIndex: 'runSeq' } as DataColumn<DeliveryRow>]
      : []),
    { key: 'pulledAt', title: t('results.pulledAt'), dataIndex: 'pulledAt', render: time },
    { key: 'executedAt', title: t('results.executedAt'), dataIndex: 'executedAt', render: time },
    { key: 'finishedAt', title: t('results.finishedAt'), dataIndex: 'finishedAt', render: time },
    { key: 'updatedAt', title: t('results.updatedAt'), dataIndex: 'updatedAt', render: time },
    // Pinned only while there is something to do, so a phone keeps its width for the results.
    actionsColumn(
      t('fields.actions'),
      (row) => [
        {
          key: 'retry',
          label: t('actions.retry'),
          icon: <RedoOutlined />,
          permission: 'task:task:restart',
          hidden: row.state !== 'failure' || !canRetry,
          onClick: () => retry([row.id]).catch(() => undefined),
        },
      ],
      { fixed: canRetry && counts.failure > 0 ? 'right' : undefined },
    ),
  ];

  return (
    <div data-testid="task-results">
      <div style={{ marginBottom: 12 }}>
        <TaskProgressBar counts={counts} testId="task-detail-progress" />
      </div>
      <div className="cpm-task-counters">
        <Counter
          label={t('results.all')}
          value={counts.total}
          active={!list.filter.state}
          testId="task-count-total"
          onClick={() => filterTo({})}
        />
        {DELIVERY_STATES.map((s) => stateCounter(s, counts[s]))}
        {counts.held > 0 && stateCounter('held', counts.held)}
        {stateCounter('deferred', progress.deferred)}
      </div>
      {progress.deferred > 0 && (
        <Space wrap style={{ marginBottom: 12 }} data-testid="task-deferred-reasons">
          <Typography.Text type="secondary">{t('deferredBy')}</Typography.Text>
          {DEFER_REASONS.filter((r) => counts.deferred[r]).map((r) => (
            <Tag.CheckableTag
              key={r}
              checked={list.filter.deferReason === r}
              onChange={(on) => filterTo(on ? { state: 'deferred', deferReason: r } : {})}
            >
              {t(`deferReason.${r}`)} {counts.deferred[r]}
            </Tag.CheckableTag>
          ))}
        </Space>
      )}
      <FilterBar<ResultFilter>
        fields={[
          { name: 'sn', label: t('results.sn') },
          {
            name: 'state',
            label: t('results.state'),
            options: [
              ...DELIVERY_STATES.map((s) => ({ value: s, label: t(`result.${s}`) })),
              { value: 'held', label: t('held') },
              { value: 'deferred', label: t('deferred') },
            ],
          },
        ]}
        value={list.filter}
        onSearch={(f) => list.applyFilter({ ...f, runId: list.filter.runId })}
        onReset={list.resetFilter}
      />
      <BatchToolbar
        selection={selection}
        actions={[
          {
            key: 'retry',
            label: t('actions.retrySelected'),
            permission: 'task:task:restart',
            run: (ids) => retry(ids),
          },
        ]}
        onDone={() => void list.invalidate()}
      />
      <DataTable<DeliveryRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        loadError={list.error}
        paging={list.paging}
        onRefresh={list.refetch}
        onChange={list.onTableChange}
        rowSelection={
          canRetry && counts.failure > 0
            ? {
                ...selection.rowSelection,
                getCheckboxProps: (row: DeliveryRow) => ({ disabled: row.state !== 'failure' }),
              }
            : undefined
        }
        toolbar={
          <Space wrap>
            {task.runs.length > 1 && (
              <Select
                style={{ minWidth: 180 }}
                value={list.filter.runId ?? ''}
                onChange={(runId) => list.applyFilter({ ...list.filter, runId: runId || undefined })}
                options={[
                  { value: '', label: t('results.currentRun') },
                  ...task.runs.map((r) => ({
                    value: r.id,
                    label: t('results.runOf', { seq: r.seq, at: dayjs(r.startsAt).format('MM-DD HH:mm') }),
                  })),
                ]}
                data-testid="task-run-select"
              />
            )}
            {canRetry && counts.failure > 0 && (
              <ToolbarButton
                permission="task:task:restart"
                label={t('actions.retryAll', { count: counts.failure })}
                icon={<RedoOutlined />}
                onClick={() => void retry().catch(() => undefined)}
                testId="task-retry-failed"
              />
            )}
            <ExportButton
              permission="task:task:export"
              path={remoteTaskRoutes.resultsExport.path}
              query={{ taskId: task.id, ...list.filter }}
              fileName={t('export.resultsFile', { name: taskNameOf(task, t) })}
            />
          </Space>
        }
      />
    </div>
  );
};
