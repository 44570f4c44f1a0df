import type { TaskRow } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { RowActions, useDialogRecord } from '../../../shared/crud';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { useLiveUserId } from '../../../shared/live/LiveEventsProvider';
import { ApprovalDialog } from '../components/ApprovalDialog';
import { TaskOverview } from '../components/TaskOverview';
import { TaskResults } from '../components/TaskResults';
import { TaskStatusTag } from '../components/TaskTags';
import { useTaskActions } from '../hooks/useTaskActions';
import { useTaskLiveEvents } from '../hooks/useTaskLiveEvents';
import { taskKeys } from '../taskKeys';
import '../tasks.css';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One task (spec: /longRange/taskInfo, hidden; `?id=`): its results terminal by terminal, moving
 * live as terminals report, and everything it was created with.
 */
export const TaskInfoPage = () => {
  const { t, i18n } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = UUID.test(id);
  const navigate = useNavigate();
  const back = { to: '/longRange/taskManage', label: t('detail.backToList') };
  const queryClient = useQueryClient();
  const userId = useLiveUserId();
  const deciding = useDialogRecord<TaskRow>(() => refresh());
  const detail = useQuery({
    queryKey: [...taskKeys.detail(id), 'task'],
    enabled: valid,
    queryFn: () => call(remoteTaskRoutes.detail, { query: { id }, loading: false, silent: true }),
  });
  useTaskLiveEvents(valid ? id : undefined);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) });
  const actions = useTaskActions({
    onChanged: refresh,
    onApprove: deciding.show,
    onDeleted: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      navigate('/longRange/taskManage');
    },
    userId,
    withDetail: false,
  });
  const task = detail.data;
  if (!valid || detail.isError || !task)
    return (
      <DetailPage
        title={t('detail.title')}
        tabs={[]}
        loading={valid && !detail.isError}
        notFound={!valid || detail.isError}
        notFoundTitle={t('detail.notFound')}
        back={back}
        testId="task-info-page"
      />
    );
  const zh = i18n.language === 'zh';
  return (
    <>
      <DetailPage
        testId="task-info-page"
        back={back}
        title={taskNameOf(task, t)}
        subtitle={[t(`type.${task.type}`), t(`platform.${task.platform}`), task.summary]
          .filter(Boolean)
          .join(' · ')}
        status={
          <>
            <TaskStatusTag
              status={task.status}
              reason={zh ? task.statusReason : task.statusReasonEn}
              testId="task-info-status"
            />
            {task.wave && (
              <Tag>{t('wave.released', { released: task.wave.released, total: task.wave.total })}</Tag>
            )}
          </>
        }
        actions={<RowActions actions={actions.of(task)} iconOnly={false} inline={4} />}
        tabs={[
          {
            key: 'results',
            label: t('detail.results'),
            children: <TaskResults task={task} onRetried={refresh} />,
          },
          { key: 'overview', label: t('detail.overview'), children: <TaskOverview task={task} /> },
        ]}
      />
      <ApprovalDialog task={deciding.record} onClose={deciding.close} onSaved={deciding.saved} />
    </>
  );
};
