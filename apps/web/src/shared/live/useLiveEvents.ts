import { userTopic } from '@cpm/contracts';
import { useEffect, useRef } from 'react';
import { useLiveStatus, useLiveTopic, useLiveUserId } from './LiveEventsProvider';
import { useThrottledRefresh } from './useThrottledRefresh';

/** Query keys refreshed by fleet events (lists, detail, dashboard). */
export const FLEET_QUERY_ROOT = 'fleet';

/**
 * Listens to the signed-in user's fleet events and refreshes every fleet query, at most once a
 * second, so lists, the detail page and the dashboard change without a reload; after a reconnect
 * it refreshes them too, since events may have been missed meanwhile.
 */
export const useFleetLiveEvents = () => {
  const userId = useLiveUserId();
  const refresh = useThrottledRefresh([FLEET_QUERY_ROOT]);
  useLiveTopic(userId ? userTopic(userId, 'device') : null, refresh);
  const status = useLiveStatus();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'lost' && status === 'live') refresh();
    before.current = status;
  });
};
