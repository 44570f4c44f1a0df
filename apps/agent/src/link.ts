import {
  connectBackoffMs,
  HeartbeatAnswerSchema,
  terminalFilters,
  terminalTopic,
  type UpKind,
} from '@cpm/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { AgentHttp } from './http';

export type LinkState = 'mqtt' | 'http' | 'connecting' | 'stopped';

/**
 * The agent's connection to the server, as the device protocol asks: MQTT with a will, the back-off
 * the protocol sets for "server unavailable" and a growing, jittered one for other losses; while MQTT
 * cannot connect for `fallbackAfterMs`, messages go over the HTTP fallback, whose heartbeat answer
 * says when work is waiting. Refusals for bad credentials are final until the agent enrols again.
 */
export const createLink = (o: {
  sn: () => string;
  secret: () => string;
  mqttUrl: string;
  transport: 'mqtt' | 'http';
  fallbackAfterMs: number;
  http: AgentHttp;
  onConnected: (via: 'mqtt' | 'http') => void;
  onDown: (kind: string, payload: Buffer) => void;
  onHeartbeatAnswer: (a: { pending: number; heartbeatIntervalSec: number; paymentLock?: unknown }) => void;
  /** MQTT refused the credentials (CONNACK 4 or 5): the agent may enrol again, then `restart`. */
  onCredentialsRefused: () => void;
  log: (line: string) => void;
  random?: () => number;
}) => {
  const rnd = o.random ?? Math.random;
  let client: MqttClient | undefined;
  let state: LinkState = 'stopped';
  let fallbackTimer: NodeJS.Timeout | undefined;
  let lostAt = 0;
  const counters = { refusals: 0, losses: 0, mqttConnects: 0, httpFallbacks: 0 };

  const armFallback = () => {
    if (fallbackTimer || state === 'stopped') return;
    fallbackTimer = setTimeout(() => {
      fallbackTimer = undefined;
      if (state !== 'connecting') return;
      state = 'http';
      counters.httpFallbacks++;
      o.log(
        `MQTT unreachable for ${Math.round((Date.now() - lostAt) / 1000)} s: using the HTTP fallback meanwhile`,
      );
      o.onConnected('http');
    }, o.fallbackAfterMs);
  };

  const connectMqtt = () => {
    const sn = o.sn();
    lostAt = Date.now();
    state = 'connecting';
    armFallback();
    client = mqtt.connect(o.mqttUrl, {
      reconnectOnConnackError: true,
      clientId: `cpm-agent-${sn}`,
      username: sn,
      password: o.secret(),
      clean: true,
      keepalive: 60,
      reconnectPeriod: 1000,
      connectTimeout: 15_000,
      will: {
        topic: terminalTopic(sn, 'up', 'status'),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: false,
      },
    });
    const c = client;
    c.on('connect', () => {
      counters.refusals = 0;
      counters.losses = 0;
      counters.mqttConnects++;
      c.options.reconnectPeriod = 1000;
      if (fallbackTimer) clearTimeout(fallbackTimer);
      fallbackTimer = undefined;
      state = 'mqtt';
      void c.subscribeAsync(terminalFilters.down(sn), { qos: 1 }).catch((e) => o.log(`subscribe: ${e}`));
      o.onConnected('mqtt');
    });
    c.on('message', (topic, payload) => o.onDown(topic.slice(topic.lastIndexOf('/') + 1), payload));
    c.on('close', () => {
      if (state === 'stopped' || c !== client) return;
      if (state === 'mqtt') {
        lostAt = Date.now();
        state = 'connecting';
      }
      armFallback();
      if (counters.refusals) return;
      counters.losses++;
      // Doubling from 1 s to 60 s with jitter, so a fleet that lost its server does not return at once.
      c.options.reconnectPeriod = Math.min(60_000, 1000 * 2 ** Math.min(counters.losses, 6)) * (0.5 + rnd());
    });
    c.on('error', (err) => {
      const code = (err as { code?: unknown }).code;
      if (code === 3) {
        counters.refusals++;
        c.options.reconnectPeriod = connectBackoffMs(counters.refusals, rnd());
        o.log(`broker busy (server unavailable): next try in ${c.options.reconnectPeriod} ms`);
        return;
      }
      counters.refusals = 0;
      o.log(`MQTT: ${err.message}`);
      if (typeof code === 'number' && err.message.startsWith('Connection refused')) {
        // 4 bad credentials, 5 not authorised, 2 client id taken: final until something changes.
        c.end(true);
        if (code === 4 || code === 5) o.onCredentialsRefused();
      }
    });
  };

  const httpPath = (kind: UpKind) =>
    kind === 'result' ? '/device/v1/agent/tasks/report' : `/device/v1/agent/${kind}`;

  /**
   * Sends one message: on MQTT while connected (QoS 1 resolves at the PUBACK), else over HTTP.
   * Rejects when neither took it; the caller keeps what must not be lost.
   */
  const send = async (kind: UpKind, body: unknown) => {
    if (state === 'mqtt' && client?.connected) {
      await client.publishAsync(terminalTopic(o.sn(), 'up', kind), JSON.stringify(body), {
        qos: kind === 'heartbeat' ? 0 : 1,
      });
      return;
    }
    if (state === 'stopped') throw new Error('link stopped');
    const answer = await o.http.call<unknown>('POST', httpPath(kind), body);
    if (kind === 'heartbeat') {
      const a = HeartbeatAnswerSchema.safeParse(answer);
      if (a.success) o.onHeartbeatAnswer(a.data);
    }
  };

  return {
    counters,
    state: () => state,
    start() {
      if (o.transport === 'http') {
        state = 'http';
        o.onConnected('http');
      } else connectMqtt();
    },
    /** Drops the connection and connects again with the current credentials (after a new enrolment). */
    restart() {
      const old = client;
      client = undefined;
      old?.end(true);
      if (o.transport === 'mqtt') connectMqtt();
    },
    send,
    async stop() {
      const was = state;
      state = 'stopped';
      if (fallbackTimer) clearTimeout(fallbackTimer);
      const c = client;
      client = undefined;
      if (c) await (was === 'mqtt' ? c.endAsync().catch(() => undefined) : Promise.resolve(c.end(true)));
    },
  };
};
export type Link = ReturnType<typeof createLink>;
