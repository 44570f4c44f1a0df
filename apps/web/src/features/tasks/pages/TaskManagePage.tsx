import { SafetyOutlined } from '@ant-design/icons';
import {
  TASK_PLATFORMS,
  TASK_STATUSES,
  TASK_TYPES,
  type TaskPlatform,
  type TaskRow,
  type TaskStatus,
  type TaskType,
} from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { Button, Grid, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { useCanOpen } from '../../../shared/auth/useCanOpen';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  selectFilter,
  useCrudList,
  useDialogRecord,
} from '../../../shared/crud';
import { useLiveUserId } from '../../../shared/live/LiveEventsProvider';
import type { DataColumn } from '../../../shared/table/DataTable';
import { ApprovalDialog } from '../components/ApprovalDialog';
import { TaskProgressBar } from '../components/TaskProgressBar';
import { TaskStatusTag } from '../components/TaskTags';
import { useTaskActions } from '../hooks/useTaskActions';
import { useTaskLiveEvents } from '../hooks/useTaskLiveEvents';
import { progressOf } from '../lib/progress';
import { taskKeys } from '../taskKeys';
import '../tasks.css';
import { formatTime } from '../../../shared/format/formatTime';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';

type Filter = { name?: string; status?: TaskStatus; type?: TaskType; platform?: TaskPlatform };

/** A cell of two lines: the value, and a quieter line under it. */
const TwoLines = ({ main, sub, nowrap }: { main: ReactNode; sub?: ReactNode; nowrap?: boolean }) => (
  <Space direction="vertical" size={0} style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
    <span>{main}</span>
    {sub !== undefined && <Typography.Text type="secondary">{sub}</Typography.Text>}
  </Space>
);

/** The whitelist page (hidden: reached from here and from the task form). */
export const WHITELIST_PATH = '/longRange/whitelist';

/** The link to a task's detail page. */
export const taskInfoPath = (id: string) => `/longRange/taskInfo?id=${id}`;

/** Task management (spec: /longRange/taskManage): every task with its progress and what can be done to it. */
export const TaskManagePage = () => {
  const { t, i18n } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const navigate = useNavigate();
  const userId = useLiveUserId();
  const canOpen = useCanOpen();
  const deciding = useDialogRecord<TaskRow>(() => list.invalidate());
  const list = useCrudList<TaskRow, Filter>({
    queryKey: taskKeys.all,
    filterKeys: ['name', 'status', 'type', 'platform'],
    fetchPage: ({ current, size, name, status, type, platform }) =>
      call(remoteTaskRoutes.page, { query: { current, size, name, status, type, platform }, loading: false }),
  });
  useTaskLiveEvents();
  const actions = useTaskActions({
    onChanged: () => void list.invalidate(),
    onApprove: deciding.show,
    userId,
  });
  const zh = i18n.language === 'zh';
  const narrow = Grid.useBreakpoint().md === false;

  const columns: DataColumn<TaskRow>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      dataIndex: 'name',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Link
            to={taskInfoPath(row.id)}
            data-testid="task-link"
            // On a phone a long name wraps beside the fixed actions instead of running under them.
            style={{ overflowWrap: 'anywhere', display: 'inline-block', maxWidth: narrow ? 160 : undefined }}
          >
            {taskNameOf(row, t)}
          </Link>
          <Typography.Text
            type="secondary"
            ellipsis
            style={{ maxWidth: 260, fontSize: 12 }}
            title={row.summary}
          >
            {row.summary}
          </Typography.Text>
          {narrow && (
            // A phone has no room for the status and progress columns: they come under the name.
            <Space direction="vertical" size={4} style={{ marginTop: 4 }}>
              <TaskStatusTag
                status={row.status}
                reason={zh ? row.statusReason : row.statusReasonEn}
                testId="task-status"
              />
              <TaskProgressBar counts={row.counts} compact />
            </Space>
          )}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      dataIndex: 'status',
      responsive: ['md'],
      render: (status: TaskStatus, row) => (
        <TaskStatusTag
          status={status}
          reason={zh ? row.statusReason : row.statusReasonEn}
          testId="task-status"
        />
      ),
    },
    {
      key: 'progress',
      title: t('fields.progress'),
      responsive: ['md'],
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <TaskProgressBar counts={row.counts} compact />
          {row.wave && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('wave.released', { released: row.wave.released, total: row.wave.total })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'deferred',
      title: t('fields.deferred'),
      render: (_, row) => {
        const p = progressOf(row.counts);
        if (!p.deferred) return <Typography.Text type="secondary">0</Typography.Text>;
        return (
          <Tooltip
            title={p.deferredBy.map((d) => (
              <div key={d.reason}>
                {t(`deferReason.${d.reason}`)}: {d.count}
              </div>
            ))}
          >
            <Tag color="orange" data-testid="task-deferred">
              {p.deferred}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      key: 'type',
      title: t('fields.type'),
      dataIndex: 'type',
      render: (type: TaskType, row) => (
        <TwoLines main={t(`type.${type}`)} sub={t(`platform.${row.platform}`)} />
      ),
    },
    {
      key: 'schedule',
      title: t('fields.schedule'),
      dataIndex: 'scheduleKind',
      render: (kind: string, row) => (
        <TwoLines
          main={t(`schedule.${kind}`)}
          sub={row.runCount > 1 ? t('runs', { count: row.runCount }) : undefined}
        />
      ),
    },
    {
      key: 'time',
      title: t('fields.period'),
      render: (_, row) => <TwoLines main={formatTime(row.startAt)} sub={formatTime(row.expireAt)} nowrap />,
    },
    {
      key: 'createdBy',
      title: t('fields.createdBy'),
      render: (_, row) => <TwoLines main={row.createdByName} sub={formatTime(row.createdAt)} nowrap />,
    },
    actionsColumn(t('fields.actions'), actions.of, { fixed: 'right' }),
  ];

  return (
    <CrudListView<TaskRow, Filter>
      testId="task-manage-page"
      list={list}
      filters={[
        { name: 'name', label: t('fields.name') },
        selectFilter('status', t('fields.status'), TASK_STATUSES, (s) => t(`status.${s}`)),
        selectFilter('type', t('fields.type'), TASK_TYPES, (s) => t(`type.${s}`)),
        selectFilter('platform', t('fields.platform'), TASK_PLATFORMS, (s) => t(`platform.${s}`)),
      ]}
      columns={columns}
      toolbar={
        <Space wrap>
          <AddButton
            permission="task:create:add"
            label={t('create.title')}
            onClick={() => navigate('/longRange/index')}
            testId="task-new"
          />
          {canOpen(WHITELIST_PATH) && (
            <Button
              icon={<SafetyOutlined />}
              onClick={() => navigate(WHITELIST_PATH)}
              data-testid="task-whitelists"
            >
              {t('whitelist.title')}
            </Button>
          )}
        </Space>
      }
      exportTo={{
        permission: 'task:task:export',
        path: remoteTaskRoutes.export.path,
        fileName: t('export.tasksFile'),
      }}
    >
      <ApprovalDialog task={deciding.record} onClose={deciding.close} onSaved={deciding.saved} />
    </CrudListView>
  );
};
