import {
  AuditOutlined,
  CopyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { TASK_DELETABLE, type TaskRow, taskCan } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { deleteAction, type PermissionKeyLike, type RowAction, viewAction } from '../../../shared/crud';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';

/**
 * What can be done to a task in its state, for the user's permissions: stop, restart, resume after a
 * brake, copy into a new task, approve (never one's own), delete. The same list serves the task
 * list's rows and the detail page's header.
 */
export const useTaskActions = ({
  onChanged,
  onApprove,
  onDeleted,
  userId,
  withDetail = true,
}: {
  onChanged: () => void;
  onApprove: (row: TaskRow) => void;
  /** After a delete (the detail page leaves); `onChanged` by default. */
  onDeleted?: () => void;
  userId: string | null;
  withDetail?: boolean;
}) => {
  const { t } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const navigate = useNavigate();
  const done = (step: Promise<unknown>) => step.then(onChanged);
  /** A step of the task's run the state allows, asked before it is taken. */
  const step = (
    row: TaskRow,
    action: 'stop' | 'restart' | 'resume',
    icon: ReactNode,
    permission: PermissionKeyLike,
  ): RowAction => ({
    key: action,
    label: t(`actions.${action}`),
    icon,
    permission,
    hidden: !taskCan(action, row.status),
    confirm: t(`confirm.${action}`, { name: taskNameOf(row, t) }),
    onClick: () => done(call(remoteTaskRoutes[action], { body: { id: row.id }, notifySuccess: true })),
  });
  const of = (row: TaskRow): RowAction[] => [
    {
      ...viewAction(t('actions.detail'), () => navigate(`/longRange/taskInfo?id=${row.id}`)),
      hidden: !withDetail,
    },
    {
      key: 'approve',
      label: t('actions.approve'),
      icon: <AuditOutlined />,
      permission: 'task:task:approve',
      hidden: !taskCan('approve', row.status) || row.createdBy === userId,
      onClick: () => onApprove(row),
    },
    step(row, 'stop', <PauseCircleOutlined />, 'task:task:stop'),
    step(row, 'restart', <PlayCircleOutlined />, 'task:task:restart'),
    step(row, 'resume', <StepForwardOutlined />, 'task:task:restart'),
    {
      key: 'copy',
      label: t('actions.copy'),
      icon: <CopyOutlined />,
      permission: 'task:create:add',
      onClick: () => navigate(`/longRange/index?copy=${row.id}`),
    },
    {
      ...deleteAction(
        t('actions.delete'),
        'task:task:delete',
        t('confirm.delete', { name: taskNameOf(row, t) }),
        () =>
          call(remoteTaskRoutes.remove, { body: { id: row.id }, notifySuccess: true }).then(
            onDeleted ?? onChanged,
          ),
      ),
      hidden: !TASK_DELETABLE.includes(row.status),
    },
  ];
  return { of };
};
