import { useQueryClient } from '@tanstack/react-query';
import mqtt from 'mqtt';
import { useEffect } from 'react';
import { useSessionStore } from '../../app/sessionStore';

/** Path of the console's MQTT-over-WebSocket endpoint on the server. */
const MQTT_PATH = '/mqtt';
/** Query keys refreshed by fleet events (lists, detail, dashboard). */
export const FLEET_QUERY_ROOT = 'fleet';

const brokerUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${MQTT_PATH}`;

/**
 * Listens to the signed-in user's fleet events on `/mqtt` and refreshes every fleet query, at most
 * once a second, so lists, the detail page and the dashboard change without a reload.
 */
export const useFleetLiveEvents = () => {
  const token = useSessionStore((s) => s.token);
  const userId = useSessionStore((s) => s.user?.id);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !userId) return;
    const client = mqtt.connect(brokerUrl(), {
      username: 'console',
      password: token,
      reconnectPeriod: 5000,
      clean: true,
      // mqtt.js's default worker timers need a blob worker, which the console's security policy forbids.
      timerVariant: 'native',
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    client.on(
      'connect',
      () => void client.subscribeAsync(`cpm/user/${userId}/device`).catch(() => undefined),
    );
    client.on('message', () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
      }, 1000);
    });
    // A refused connection (ended session) is the session's business, not this hook's.
    client.on('error', () => undefined);
    return () => {
      if (timer) clearTimeout(timer);
      client.end(true);
    };
  }, [token, userId, queryClient]);
};
