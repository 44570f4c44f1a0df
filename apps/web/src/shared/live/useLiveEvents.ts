import { userTopic } from '@cpm/contracts';
import { useEffect, useRef } from 'react';
import { useLiveStatus, useLiveTopic, useLiveUserId } from './LiveEventsProvider';
import { useThrottledRefresh } from './useThrottledRefresh';

/** Query keys refreshed by fleet events (lists, detail, dashboard). */
export const FLEET_QUERY_ROOT = 'fleet';

/** The alert lists and figures (alert centre, a terminal's alerts tab, the dashboard's figure). */
export const ALERTS_QUERY_KEY = [FLEET_QUERY_ROOT, 'alerts'] as const;

/** The alert rules, which count their open alerts. */
export const ALERT_RULES_QUERY_KEY = ['alert-rules'] as const;

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

/**
 * Listens to the signed-in user's alert events and reads the alert lists, figures and rules again,
 * at most once a second, so a raised or closed alert shows without a reload; after a reconnect too.
 */
export const useAlertLiveEvents = () => {
  const userId = useLiveUserId();
  const alerts = useThrottledRefresh(ALERTS_QUERY_KEY);
  const rules = useThrottledRefresh(ALERT_RULES_QUERY_KEY);
  const refresh = () => {
    alerts();
    rules();
  };
  useLiveTopic(userId ? userTopic(userId, 'alert') : null, refresh);
  const status = useLiveStatus();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'lost' && status === 'live') refresh();
    before.current = status;
  });
};
