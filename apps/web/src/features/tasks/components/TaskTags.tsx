import type { DeferReason, DeliveryState, TaskStatus } from '@cpm/contracts';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TaskStatus, string> = {
  pendingApproval: 'gold',
  rejected: 'red',
  creating: 'processing',
  normal: 'blue',
  paused: 'orange',
  complete: 'success',
  overdue: 'volcano',
  stopped: 'default',
  failed: 'error',
};

const STATE_COLOR: Record<DeliveryState, string> = {
  waiting: 'default',
  pulled: 'processing',
  executed: 'cyan',
  success: 'success',
  failure: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** A task's state; why it stopped moving (brake, creation failure, rejection) shows on hover. */
export const TaskStatusTag = ({
  status,
  reason,
  testId,
}: {
  status: TaskStatus;
  reason?: string | null;
  testId?: string;
}) => {
  const { t } = useTranslation('tasks');
  const tag = (
    <Tag color={STATUS_COLOR[status]} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
};

/** What became of a task on one terminal, with "held" (wave not released) and why it is deferred. */
export const DeliveryStateTag = ({
  state,
  held,
  deferReason,
}: {
  state: DeliveryState;
  held?: boolean;
  deferReason?: DeferReason | null;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <Space size={4} wrap data-testid="delivery-state" data-state={state}>
      <Tag color={STATE_COLOR[state]}>{t(`result.${state}`)}</Tag>
      {held && <Tag color="purple">{t('held')}</Tag>}
      {deferReason && (
        <Tooltip title={t('deferredHint')}>
          <Tag color="orange" data-testid="delivery-deferred">
            {t('deferredBecause', { reason: t(`deferReason.${deferReason}`) })}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
};
