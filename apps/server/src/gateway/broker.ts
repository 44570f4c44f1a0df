import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { createExternalBroker, DEFAULT_SHARE_GROUP } from './broker-external';
import { createWebSocketEndpoint, listenTcp, MQTT_WS_PATH } from './broker-listeners';
import { aedesTransport, BROKER_BUSY, closeAedes, publishToAedes, startLocalAedes } from './broker-local';
import { CLOSE_STEP_TIMEOUT_MS, once, settle } from './broker-timeouts';
import {
  createSubscriptionRegistry,
  type MessageHandler,
  type SubscriptionRegistry,
} from './subscription-registry';

export { BROKER_BUSY, DEFAULT_SHARE_GROUP, MQTT_WS_PATH };

/** Who an MQTT client is: a console user (session token) or a terminal (serial number and secret). */
export type BrokerIdentity =
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'device'; sn: string };

/** The access rules the broker applies to every client; the adapter holds no rules of its own. */
export type BrokerAuth = {
  /**
   * Decide who a connecting client is from its MQTT username/password; null refuses the connection
   * (bad credentials), `BROKER_BUSY` refuses it with "server unavailable" (the server is admitting as
   * many clients as it can serve; the client backs off and retries).
   */
  authenticate(
    username: string | undefined,
    password: string | undefined,
  ): Promise<BrokerIdentity | typeof BROKER_BUSY | null>;
  /** May this identity subscribe to this topic filter? */
  canSubscribe(identity: BrokerIdentity, filter: string): boolean;
  /** May this identity publish on this topic? */
  canPublish(identity: BrokerIdentity, topic: string): boolean;
  /**
   * True when the rules above let no client subscribe to a topic a terminal may publish on: only the
   * server hears terminals. The embedded broker then hands a terminal's messages straight to the
   * server's own subscriptions instead of routing them among its clients.
   */
  onlyServerHearsDevices?: boolean;
  /**
   * Told of each client once it is authenticated, with a way to close it; answers what to call when it
   * closes by itself (console sessions register their connections this way).
   */
  hold?(identity: BrokerIdentity, close: () => void): () => void;
};

/** How to start the broker adapter. */
export type BrokerOptions = {
  /** Unset: embedded Aedes. Set (mqtt://, mqtts://, ws://, wss://): external broker via an mqtt.js client. */
  mqttUrl?: string;
  /** Embedded broker TCP port; 0 disables the TCP listener. */
  mqttPort: number;
  /** Interface the embedded TCP listener binds to. */
  host: string;
  /** Access rules for clients of the embedded broker and of the `/mqtt` endpoint. */
  auth: BrokerAuth;
  /** Where connection, refusal and failure lines go; passwords never reach it. */
  logger: FastifyBaseLogger;
  /**
   * Share group of the server instances on an external broker: shared subscriptions (`$share/<group>/...`)
   * hand each message to one instance of the group. Default `cpm`.
   */
  shareGroup?: string;
};

/** The server's one handle on MQTT, the same in both deployment shapes. */
export type Broker = {
  /** Publish from the server (QoS 1 by default). */
  publish(topic: string, payload: string | Buffer, opts?: { qos?: 0 | 1; retain?: boolean }): Promise<void>;
  /**
   * Server-side subscription to a filter with + and # wildcards; resolves to an unsubscribe function.
   * `shared`: each message goes to one server instance on the broker, not to all of them (terminals'
   * `up` messages, which must be handled once); without it every instance hears every message.
   * A handler answering a promise delays the embedded broker's acknowledgement of a terminal's
   * message until it settles (an external broker acknowledges terminals itself).
   */
  subscribe(
    filter: string,
    handler: MessageHandler,
    opts?: { shared?: boolean },
  ): Promise<() => Promise<void>>;
  /** Attach the MQTT-over-WebSocket endpoint at `/mqtt` to the given Node HTTP server (fastify's app.server). */
  attachWebSocket(server: HttpServer): void;
  /** Port the embedded TCP listener got (useful with 0 meaning "disabled" -> undefined). */
  tcpPort(): number | undefined;
  /** true once connected (external) or listening (embedded). */
  isReady(): boolean;
  /** Who is connected to this instance's own broker (`/mqtt`, and the TCP port when embedded). */
  connectedIdentities(): BrokerIdentity[];
  /** Closes this instance's client connections whose identity matches; answers how many. */
  disconnect(match: (identity: BrokerIdentity) => boolean): number;
  /**
   * Ends every `/mqtt` WebSocket and takes no new ones. Called before the HTTP server closes: an open
   * WebSocket (a console tab) would otherwise hold the server's close until the grace period ends.
   */
  endWebSockets(): void;
  /** Stop listeners, disconnect clients, close the client/broker. Idempotent. */
  close(): Promise<void>;
};

/** Starts the embedded broker, or connects to the external one when `mqttUrl` is set. */
export const createBroker = async (opts: BrokerOptions): Promise<Broker> =>
  opts.mqttUrl ? createExternalBroker(opts, opts.mqttUrl) : createEmbeddedBroker(opts);

const createEmbeddedBroker = async (opts: BrokerOptions): Promise<Broker> => {
  const log = opts.logger;
  // Terminals' messages reach the server's subscriptions without the broker's routing, when only the
  // server may hear them: they are most of what the broker carries, and routing each one among ten
  // thousand clients' subscriptions only to find the server's own costs more than handling it.
  const local = await startLocalAedes(
    opts.auth,
    log,
    opts.auth.onlyServerHearsDevices
      ? (topic, payload) => subscriptions.deliverMatching(topic, payload)
      : undefined,
  );
  const endpoint = createWebSocketEndpoint(local.aedes, log);
  const subscriptions: SubscriptionRegistry = createSubscriptionRegistry({
    transport: aedesTransport(local.aedes, (filter, topic, payload) =>
      subscriptions.deliverToFilter(filter, topic, payload),
    ),
    onHandlerError: (err, topic) => log.error({ err, topic }, 'mqtt subscription handler failed'),
  });

  let tcp: Awaited<ReturnType<typeof listenTcp>> | undefined;
  if (opts.mqttPort > 0) {
    try {
      tcp = await listenTcp(local.aedes, opts.mqttPort, opts.host, log);
    } catch (err) {
      await settle(closeAedes(local.aedes), CLOSE_STEP_TIMEOUT_MS, 'aedes close', log);
      throw err;
    }
    log.info({ port: tcp.port, host: opts.host }, 'embedded MQTT broker listening');
  }

  let ready = true;
  const close = once(async () => {
    ready = false;
    endpoint.stopAccepting();
    tcp?.stopAccepting();
    local.dropAll();
    await settle(closeAedes(local.aedes), CLOSE_STEP_TIMEOUT_MS, 'aedes close', log);
    await Promise.all([
      endpoint.close(),
      tcp ? settle(tcp.close(), CLOSE_STEP_TIMEOUT_MS, 'MQTT TCP listener close', log) : undefined,
    ]);
  });

  return {
    publish: (topic, payload, publishOpts) => publishToAedes(local.aedes, topic, payload, publishOpts),
    // One instance owns the embedded broker, so a shared subscription is an ordinary one here.
    subscribe: (filter, handler) => subscriptions.subscribe(filter, handler),
    attachWebSocket: (server) => endpoint.attach(server),
    endWebSockets: () => endpoint.end(),
    tcpPort: () => tcp?.port,
    isReady: () => ready,
    connectedIdentities: local.connectedIdentities,
    disconnect: local.disconnect,
    close,
  };
};
