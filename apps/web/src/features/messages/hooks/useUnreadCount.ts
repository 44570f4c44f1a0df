import { userTopic } from '@cpm/contracts';
import { messageRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../api/http';
import { useIdle } from '../../../shared/idle/whenIdle';
import { useLiveTopic } from '../../../shared/live/LiveEventsProvider';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { messageKeys } from './messageKeys';

/**
 * The bell's number: the spec's count call (`current=1&size=1`, unread only, `result.total`),
 * fetched again whenever a notice event arrives on the tab's live connection, so the badge follows
 * without a reload.
 */
export const useUnreadCount = (): number => {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const userId = useSessionStore((s) => s.user?.id);
  // Counted once the page is drawn: the badge can follow the page's own data.
  const idle = useIdle();
  const { data } = useQuery({
    queryKey: messageKeys.unread,
    enabled: Boolean(token) && idle,
    staleTime: 0,
    queryFn: async () =>
      (
        await call(messageRoutes.myPage, {
          query: { current: 1, size: 1, read: 'false' },
          loading: false,
          silent: true,
        })
      ).total,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    [queryClient],
  );
  // Counted again on every notice and after every reconnect, which covers notices missed offline.
  useLiveTopic(userId ? userTopic(userId, 'notice') : null, refresh, { onConnect: refresh });
  return data ?? 0;
};
