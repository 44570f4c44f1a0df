import { userTopic } from '@cpm/contracts';
import { useLiveTopic, useLiveUserId } from '../../../shared/live/LiveEventsProvider';
import { useThrottledRefresh } from '../../../shared/live/useThrottledRefresh';
import { taskKeys } from '../taskKeys';

/** The tasks an event names; null when it names none (refresh everything). */
export const taskIdsOf = (payload: unknown): string[] | null => {
  if (typeof payload !== 'object' || payload === null) return null;
  const { taskIds, taskId, more } = payload as { taskIds?: unknown; taskId?: unknown; more?: unknown };
  if (more === true) return null;
  if (Array.isArray(taskIds) && taskIds.every((id) => typeof id === 'string')) return taskIds as string[];
  if (typeof taskId === 'string') return [taskId];
  return null;
};

/**
 * Refreshes the task queries when the server says tasks changed (results reported, a wave released,
 * a state change), at most once a second, and after every reconnection, so lists and the detail
 * page move without a reload. `taskId` limits it to one task's events.
 */
export const useTaskLiveEvents = (taskId?: string) => {
  const userId = useLiveUserId();
  const refresh = useThrottledRefresh(taskId ? taskKeys.detail(taskId) : taskKeys.all);
  useLiveTopic(
    userId ? userTopic(userId, 'task') : null,
    (payload) => {
      const ids = taskIdsOf(payload);
      if (!taskId || !ids || ids.includes(taskId)) refresh();
    },
    { onConnect: refresh },
  );
};
