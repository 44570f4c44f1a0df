import type { MqttClient } from 'mqtt';
import { useEffect } from 'react';
import { liveEventsUrl, noticeTopic } from './noticeTopic';

/**
 * Listens on the user's notice topic over `/mqtt` (session token as password) and calls `onNotice`
 * for each event. The MQTT library loads only when a user is signed in, outside the main bundle.
 */
export const useNoticeEvents = (userId: string | undefined, token: string | null, onNotice: () => void) => {
  useEffect(() => {
    if (!userId || !token) return;
    let client: MqttClient | undefined;
    let stopped = false;
    void import('mqtt').then((mqtt) => {
      if (stopped) return;
      // The browser build of mqtt.js exports only a default object; Node's build also names `connect`.
      const connect = mqtt.default?.connect ?? mqtt.connect;
      client = connect(liveEventsUrl(window.location), {
        username: 'console',
        password: token,
        clientId: `console-${userId.slice(0, 8)}-${Math.random().toString(36).slice(2, 10)}`,
        reconnectPeriod: 5_000,
        clean: true,
        // The default worker timers come from a blob: URL, which the console's CSP rightly refuses.
        timerVariant: 'native',
      });
      const topic = noticeTopic(userId);
      // Subscribing again on every (re)connect; a count refresh catches up with what was missed.
      client.on('connect', () => {
        client?.subscribe(topic, { qos: 0 });
        onNotice();
      });
      client.on('message', (received) => {
        if (received === topic) onNotice();
      });
      // Connection trouble only delays the badge; the page keeps working and retries by itself.
      client.on('error', () => undefined);
    });
    return () => {
      stopped = true;
      client?.end(true);
    };
  }, [userId, token, onNotice]);
};
