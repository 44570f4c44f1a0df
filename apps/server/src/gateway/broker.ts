import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEVICE_PROTOCOL, userFilters } from '@cpm/contracts';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type IConnackPacket, type IPublishPacket } from 'mqtt';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { guardClientPackets } from './packet-guard';
import {
  createSubscriptionRegistry,
  type FilterTransport,
  type SubscriptionRegistry,
} from './subscription-registry';
import { isValidTopic, matchTopic } from './topics';

/** Who an MQTT client is: a console user (session token) or a terminal (serial number and secret). */
export type BrokerIdentity =
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'device'; sn: string };

/** What `BrokerAuth.authenticate` answers for a client refused for load: it is to come back later. */
export const BROKER_BUSY = 'busy';

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
   */
  subscribe(
    filter: string,
    handler: (topic: string, payload: Buffer) => void,
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

/** Share group of the server instances' shared subscriptions when none is configured. */
export const DEFAULT_SHARE_GROUP = 'cpm';

/** Path of the MQTT-over-WebSocket endpoint on the server's HTTP port. */
export const MQTT_WS_PATH = '/mqtt';

/** Console events that the external-broker bridge copies into the local `/mqtt` broker. */
const BRIDGE_FILTER = userFilters.everyone;
/** Highest MQTT 5 subscription identifier; registry ids count up from 1, so they never meet this one. */
const BRIDGE_SUBSCRIPTION_ID = 268_435_455;
/**
 * Clients publish only as terminals, so the device protocol's limits hold for every client: a packet
 * announcing more than MAX_PACKET_BYTES closes the connection before it is read, and a publish whose
 * payload exceeds MAX_PAYLOAD_BYTES is refused before it is stored or routed.
 */
const MAX_PACKET_BYTES = DEVICE_PROTOCOL.maxPacketBytes;
const MAX_PAYLOAD_BYTES = DEVICE_PROTOCOL.maxPayloadBytes;
/**
 * ws holds a whole WebSocket message before the packet guard sees it. One message carries a packet or a
 * few written together, never anything near this; more is a misbehaving client.
 */
const WS_MAX_PAYLOAD = 1024 * 1024;
/** A client that has not sent CONNECT by then is holding a socket for nothing. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Bounds every wait on the network so a dead broker can neither hang a request nor shutdown. */
const OPERATION_TIMEOUT_MS = 10_000;
const CLOSE_STEP_TIMEOUT_MS = 3_000;
/**
 * Connections the kernel holds for the broker before it accepts them. A fleet reconnecting at once
 * arrives faster than one busy event loop accepts; with Node's default (511) the kernel drops the
 * handshakes beyond it and each terminal waits out a retransmission, or its CONNACK timeout, before
 * trying again. The kernel caps this at `net.core.somaxconn`.
 */
const TCP_ACCEPT_BACKLOG = 8192;
/** How often refusals for load are summarised in the log. */
const BUSY_REPORT_MS = 10_000;

const REFUSED_SERVER_UNAVAILABLE = 3;
const REFUSED_BAD_CREDENTIALS = 4;
const REFUSED_IDENTIFIER = 2;
const REFUSED_NOT_AUTHORIZED = 5;

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

const createExternalBroker = async (opts: BrokerOptions, mqttUrl: string): Promise<Broker> => {
  const log = opts.logger.child({ mqttUrl: redactUrl(mqttUrl) });
  // A unique id per process: two instances sharing one would keep kicking each other off the broker.
  const client = connect(mqttUrl, {
    clientId: `cpm-${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    clean: true,
    protocolVersion: 5,
    reconnectPeriod: 2_000,
    connectTimeout: OPERATION_TIMEOUT_MS,
  });
  // The same failure repeats on every reconnect attempt; one warning per new kind of failure is enough.
  let lastError: string | undefined;
  client.on('error', (err) => {
    if (err.message === lastError) return log.debug({ err }, 'external MQTT broker error');
    lastError = err.message;
    log.warn({ err }, 'external MQTT broker error');
  });
  client.on('offline', () => log.warn('external MQTT broker unreachable, reconnecting'));
  client.on('connect', () => {
    lastError = undefined;
    log.info('connected to external MQTT broker');
  });
  // Aborted by close() so callers waiting on an unreachable broker hear about the shutdown at once.
  const closing = new AbortController();
  // Every operation in flight listens for the close; remote tasks publish hundreds of nudges at once.
  setMaxListeners(0, closing.signal);

  // Subscription identifiers let one incoming copy reach exactly the filters it was sent for; brokers without
  // them fall back to topic matching, where overlapping filters may see a message more than once.
  const firstConnack = await new Promise<IConnackPacket | undefined>((resolve) => {
    const onConnect = (connack: IConnackPacket) => {
      clearTimeout(timer);
      resolve(connack);
    };
    const timer = setTimeout(() => {
      client.off('connect', onConnect);
      resolve(undefined);
    }, OPERATION_TIMEOUT_MS);
    client.once('connect', onConnect);
  });
  // Decided once: mixing tagged and untagged subscriptions would deliver some messages twice.
  const useSubscriptionIds =
    firstConnack !== undefined && firstConnack.properties?.subscriptionIdentifiersAvailable !== false;
  if (!firstConnack)
    log.warn('external MQTT broker not reachable yet; continuing and retrying in the background');

  let local: Awaited<ReturnType<typeof startLocalAedes>>;
  try {
    local = await startLocalAedes(opts.auth, log);
  } catch (err) {
    client.end(true);
    throw err;
  }
  const endpoint = createWebSocketEndpoint(local.aedes, log);

  const shareGroup = opts.shareGroup ?? DEFAULT_SHARE_GROUP;
  const onBroker = (filter: string, shared: boolean) => (shared ? `$share/${shareGroup}/${filter}` : filter);
  const transport: FilterTransport = {
    add: async (filter, id, shared) => {
      const properties = useSubscriptionIds ? { subscriptionIdentifier: id } : undefined;
      const granted = await withTimeout(
        client.subscribeAsync(onBroker(filter, shared), { qos: 1, properties }),
        OPERATION_TIMEOUT_MS,
        `subscribe ${onBroker(filter, shared)}`,
        closing.signal,
      );
      if (granted.some((g) => g.qos >= 128))
        throw new Error(`external MQTT broker refused subscription ${onBroker(filter, shared)}`);
    },
    remove: async (filter, shared) => {
      await withTimeout(
        client.unsubscribeAsync(onBroker(filter, shared)),
        OPERATION_TIMEOUT_MS,
        `unsubscribe ${onBroker(filter, shared)}`,
        closing.signal,
      );
    },
  };
  const subscriptions: SubscriptionRegistry = createSubscriptionRegistry({
    transport,
    onHandlerError: (err, topic) => log.error({ err, topic }, 'mqtt subscription handler failed'),
  });

  client.on('message', (topic, payload, packet) => {
    try {
      routeExternalMessage(topic, payload, packet, subscriptions, local.aedes, log);
    } catch (err) {
      log.error({ err, topic }, 'dropped a message from the external MQTT broker');
    }
  });

  // Retain-as-published keeps the retain flag, so retained console events are retained locally as well.
  const bridged = client
    .subscribeAsync(BRIDGE_FILTER, {
      qos: 1,
      rap: true,
      properties: useSubscriptionIds ? { subscriptionIdentifier: BRIDGE_SUBSCRIPTION_ID } : undefined,
    })
    .then((granted) => {
      if (granted.some((g) => g.qos >= 128)) throw new Error(`external MQTT broker refused ${BRIDGE_FILTER}`);
    });
  // Once connected, wait for the bridge so a console client never connects before events can reach it; when
  // not connected, mqtt.js sends the subscription on reconnect and the outcome is only logged.
  if (firstConnack) {
    await settle(bridged, OPERATION_TIMEOUT_MS, 'console event bridge subscription', log);
  } else {
    bridged.catch((err: unknown) => log.error({ err }, 'could not bridge console events'));
  }

  let closed = false;
  const close = once(async () => {
    closed = true;
    endpoint.stopAccepting();
    await settle(closeAedes(local.aedes), CLOSE_STEP_TIMEOUT_MS, 'aedes close', log);
    await endpoint.close();
    closing.abort();
    // Offline, a graceful end would wait for queued messages that can no longer be sent.
    const ended =
      client.connected &&
      (await settle(client.endAsync(false), CLOSE_STEP_TIMEOUT_MS, 'MQTT client end', log));
    if (!ended) client.end(true);
  });

  return {
    publish: async (topic, payload, publishOpts) => {
      assertTopic(topic);
      await withTimeout(
        client.publishAsync(topic, payload, {
          qos: publishOpts?.qos ?? 1,
          retain: publishOpts?.retain ?? false,
        }),
        OPERATION_TIMEOUT_MS,
        `publish ${topic}`,
        closing.signal,
      );
    },
    subscribe: (filter, handler, subscribeOpts) =>
      subscriptions.subscribe(filter, handler, subscribeOpts?.shared ?? false),
    attachWebSocket: (server) => endpoint.attach(server),
    endWebSockets: () => endpoint.end(),
    tcpPort: () => undefined,
    isReady: () => !closed && client.connected,
    connectedIdentities: local.connectedIdentities,
    disconnect: local.disconnect,
    close,
  };
};

const routeExternalMessage = (
  topic: string,
  payload: Buffer,
  packet: IPublishPacket,
  subscriptions: SubscriptionRegistry,
  local: Aedes,
  log: FastifyBaseLogger,
) => {
  const rawIds = packet.properties?.subscriptionIdentifier;
  const ids = rawIds === undefined ? undefined : Array.isArray(rawIds) ? rawIds : [rawIds];
  const forBridge = ids ? ids.includes(BRIDGE_SUBSCRIPTION_ID) : matchTopic(BRIDGE_FILTER, topic);
  if (forBridge) {
    const qos = packet.qos === 0 ? 0 : 1;
    local.publish({ cmd: 'publish', topic, payload, qos, retain: packet.retain, dup: false }, (err) => {
      if (err) log.warn({ err, topic }, 'could not bridge a console event');
    });
  }
  // Server handlers see live traffic only, as they do on the embedded broker; a retain flag here means a
  // retained copy replayed at subscribe time (or the bridge's retain-as-published copy).
  if (packet.retain) return;
  if (ids) subscriptions.deliverToIds(ids, topic, payload);
  else subscriptions.deliverMatching(topic, payload);
};

/**
 * Who a connected client authenticated as, kept on the client itself rather than in a map beside it:
 * the publish rule asks for it on every message a terminal sends.
 */
const IDENTITY = Symbol('identity');
type IdentifiedClient = Client & { [IDENTITY]?: BrokerIdentity };
const identityOf = (client: Client | null): BrokerIdentity | undefined =>
  client ? (client as IdentifiedClient)[IDENTITY] : undefined;

/**
 * The in-process Aedes serving `/mqtt` (both modes) and the TCP port (embedded mode). `fromDevices`,
 * when given, receives every message a terminal publishes in place of the broker's routing.
 */
const startLocalAedes = async (
  auth: BrokerAuth,
  log: FastifyBaseLogger,
  fromDevices?: (topic: string, payload: Buffer) => void,
) => {
  // Who holds each client id: MQTT lets a new connection with the same id take over the old session, and
  // without this a signed-in console user could kick any terminal offline by reusing its client id.
  const holders = new Map<string, { client: Client; key: string }>();
  const connected = new Set<Client>();
  // Clients whose CONNECT carried a will the broker would refuse to publish; answered at authentication.
  const refusedWills = new WeakMap<Client, string>();
  let busyRefusals = 0;
  let busyTimer: NodeJS.Timeout | undefined;

  const refusal = (returnCode: number, message: string): AuthenticateError =>
    Object.assign(new Error(message), { returnCode }) as AuthenticateError;

  const authenticate = async (client: Client, username: string | undefined, password: Buffer | undefined) => {
    const willRefusal = refusedWills.get(client);
    if (willRefusal) {
      log.warn({ clientId: client.id, username, reason: willRefusal }, 'MQTT connection refused: will');
      return refusal(REFUSED_NOT_AUTHORIZED, `will refused: ${willRefusal}`);
    }
    let identity: BrokerIdentity | typeof BROKER_BUSY | null;
    try {
      identity = await auth.authenticate(username, password?.toString('utf8'));
    } catch (err) {
      log.error({ err, clientId: client.id, username }, 'MQTT authentication failed');
      return refusal(REFUSED_SERVER_UNAVAILABLE, 'authentication unavailable');
    }
    if (identity === BROKER_BUSY) {
      // Thousands a second in a reconnect storm: counted and summarised, not a line each.
      busyRefusals++;
      if (!busyTimer)
        busyTimer = setTimeout(() => {
          log.info({ refused: busyRefusals }, 'MQTT connections refused for load (told to back off)');
          busyRefusals = 0;
          busyTimer = undefined;
        }, BUSY_REPORT_MS).unref();
      return refusal(REFUSED_SERVER_UNAVAILABLE, 'server busy, back off');
    }
    if (!identity) {
      log.info({ clientId: client.id, username }, 'MQTT connection refused: bad credentials');
      return refusal(REFUSED_BAD_CREDENTIALS, 'bad username or password');
    }
    const key = identityKey(identity);
    const holder = holders.get(client.id);
    if (holder && holder.key !== key && !holder.client.closed) {
      log.warn({ clientId: client.id, identity }, 'MQTT connection refused: client id held by someone else');
      return refusal(REFUSED_IDENTIFIER, 'client id in use');
    }
    (client as IdentifiedClient)[IDENTITY] = identity;
    holders.set(client.id, { client, key });
    connected.add(client);
    client.conn.once('close', () => {
      connected.delete(client);
      if (holders.get(client.id)?.client === client) holders.delete(client.id);
    });
    log.debug({ clientId: client.id, identity }, 'MQTT client authenticated');
    return null;
  };

  const aedes = await Aedes.createBroker({
    connectTimeout: CONNECT_TIMEOUT_MS,
    preConnect: (client, packet, done) => {
      // A will is published long after CONNECT, when nobody can be told; a terminal learns now instead.
      const reason = packet.will ? publishRefusal(packet.will) : null;
      if (reason) refusedWills.set(client, reason);
      done(null, true);
    },
    authenticate: (client, username, password, done) => {
      void authenticate(client, username, password).then((error) => done(error, error === null));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const identity = identityOf(client);
      const allowed = identity !== undefined && ask(auth, 'canSubscribe', identity, subscription.topic, log);
      if (!allowed)
        log.info({ clientId: client.id, identity, filter: subscription.topic }, 'MQTT subscribe refused');
      // A null subscription answers 128 in SUBACK and keeps the client connected.
      done(null, allowed ? subscription : null);
    },
    authorizePublish: (client, packet, done) => {
      const identity = identityOf(client);
      const allowed =
        identity !== undefined &&
        !packet.topic.startsWith('$') &&
        ask(auth, 'canPublish', identity, packet.topic, log);
      const reason = allowed ? publishRefusal(packet) : 'topic not allowed';
      if (!reason) return done(null);
      // MQTT 3.1.1 has no way to refuse a publish but closing the connection; the message goes nowhere.
      log.warn(
        { clientId: client?.id, identity, topic: packet.topic, reason },
        'MQTT publish refused, client disconnected',
      );
      done(new Error(`publish refused: ${reason}`));
    },
  });
  if (fromDevices) deliverDevicesDirectly(aedes, fromDevices, log);
  // Ordinary network trouble from clients: worth a debug line, never a crash.
  aedes.on('clientError', (client, err) => log.debug({ err, clientId: client.id }, 'MQTT client error'));
  aedes.on('connectionError', (_client, err) => log.debug({ err }, 'MQTT connection error'));
  return {
    aedes,
    connectedIdentities: () =>
      [...connected].flatMap((client) => {
        const identity = identityOf(client);
        return identity ? [identity] : [];
      }),
    disconnect: (match: (identity: BrokerIdentity) => boolean) => {
      let closed = 0;
      for (const client of [...connected]) {
        const identity = identityOf(client);
        if (!identity || !match(identity)) continue;
        connected.delete(client);
        client.close();
        closed++;
      }
      if (closed) log.info({ closed }, 'MQTT clients disconnected');
      return closed;
    },
  };
};

/** How Aedes publishes what a client sent (and its will): the packet, the client, and when it is done. */
type ClientPublish = (packet: PublishPacket, client: Client | null, done?: (err?: Error) => void) => void;

/**
 * Hands what terminals publish (their messages and wills, already authorised) to `deliver` instead of
 * Aedes's routing: retaining (refused for clients), queueing for offline subscribers and matching
 * subscriptions all concern clients that the access rules never let hear a terminal. Everything else
 * the broker publishes (the server's own messages, console users' events) is routed as before.
 */
const deliverDevicesDirectly = (
  aedes: Aedes,
  deliver: (topic: string, payload: Buffer) => void,
  log: FastifyBaseLogger,
) => {
  const broker = aedes as unknown as { publish: ClientPublish };
  const route = broker.publish.bind(aedes);
  broker.publish = (packet, client, done) => {
    if (identityOf(client)?.kind !== 'device') return route(packet, client, done);
    try {
      deliver(packet.topic, toBuffer(packet.payload));
    } catch (err) {
      log.error({ err, topic: packet.topic }, 'terminal message delivery failed');
    }
    // Answered at once, as Aedes's routing answers a subscription that takes the message synchronously.
    done?.();
  };
};

/**
 * Why a client's publish (or will) is refused whoever sends it, or null. Retained messages would outlive
 * the connection in the broker's memory, and nothing a client sends is meant to be replayed.
 */
const publishRefusal = (packet: { payload: Buffer | string; retain?: boolean }): string | null => {
  if (packet.retain) return 'retained';
  const bytes =
    typeof packet.payload === 'string' ? Buffer.byteLength(packet.payload) : packet.payload.length;
  return bytes > MAX_PAYLOAD_BYTES ? 'payload too large' : null;
};

/** Serves a client's stream, closed with a warning when a packet announces more than the device protocol allows. */
const handleGuarded = (
  aedes: Aedes,
  stream: Duplex,
  log: FastifyBaseLogger,
  remoteAddress: string | undefined,
  req?: IncomingMessage,
) =>
  guardClientPackets(aedes.handle(stream, req), MAX_PACKET_BYTES, () =>
    log.warn({ remoteAddress, maxPacketBytes: MAX_PACKET_BYTES }, 'MQTT packet too large, connection closed'),
  );

/**
 * Asks one of the access rules; a rule that throws is a bug in the rules, and refusing is the safe
 * answer. Every message a terminal sends is asked about, so the rule is named rather than wrapped in
 * a closure per call.
 */
const ask = (
  auth: BrokerAuth,
  rule: 'canSubscribe' | 'canPublish',
  identity: BrokerIdentity,
  topic: string,
  log: FastifyBaseLogger,
): boolean => {
  try {
    return auth[rule](identity, topic) === true;
  } catch (err) {
    log.error({ err }, 'MQTT access rule failed');
    return false;
  }
};

const identityKey = (identity: BrokerIdentity): string =>
  identity.kind === 'user' ? `user:${identity.userId}` : `device:${identity.sn}`;

const createWebSocketEndpoint = (aedes: Aedes, log: FastifyBaseLogger) => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  wss.on('error', (err) => log.warn({ err }, 'MQTT WebSocket server error'));
  const servers = new Set<HttpServer>();
  let accepting = true;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Other paths belong to other features (remote screen relay): not ours to answer or to close.
    if (!accepting || pathOf(req.url) !== MQTT_WS_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', (err) => log.debug({ err }, 'MQTT WebSocket stream error'));
      try {
        handleGuarded(aedes, stream, log, req.socket.remoteAddress, req);
      } catch (err) {
        log.warn({ err }, 'could not serve an MQTT WebSocket client');
        ws.terminate();
      }
    });
  };

  return {
    attach(server: HttpServer) {
      if (servers.has(server)) return;
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    stopAccepting() {
      accepting = false;
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
    },
    end() {
      this.stopAccepting();
      for (const ws of wss.clients) ws.terminate();
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await settle(
        new Promise<void>((resolve) => wss.close(() => resolve())),
        CLOSE_STEP_TIMEOUT_MS,
        'MQTT WebSocket server close',
        log,
      );
    },
  };
};

const pathOf = (url: string | undefined): string | undefined => {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
};

const listenTcp = async (aedes: Aedes, port: number, host: string, log: FastifyBaseLogger) => {
  // Sockets that never send CONNECT are unknown to Aedes until then; tracked here so close() can end them.
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', (err) => log.debug({ err }, 'MQTT TCP socket error'));
    try {
      handleGuarded(aedes, socket, log, socket.remoteAddress);
    } catch (err) {
      log.warn({ err }, 'could not serve an MQTT TCP client');
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: TCP_ACCEPT_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ err }, 'MQTT TCP listener error'));
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  const stopAccepting = () => {
    closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
    return closing;
  };
  return {
    port: boundPort,
    stopAccepting,
    close: () => {
      const closed = stopAccepting();
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
};

const aedesTransport = (
  aedes: Aedes,
  deliver: (filter: string, topic: string, payload: Buffer) => void,
): FilterTransport => {
  const listeners = new Map<string, (packet: PublishPacket, done: () => void) => void>();
  return {
    add: (filter) =>
      new Promise<void>((resolve, reject) => {
        const listener = (packet: PublishPacket, done: () => void) => {
          try {
            deliver(filter, packet.topic, toBuffer(packet.payload));
          } finally {
            // Aedes waits for this before delivering the next message to anyone on the filter.
            done();
          }
        };
        listeners.set(filter, listener);
        // Aedes passes an error here for a filter deeper than it can route, though its types omit it.
        aedes.subscribe(filter, listener, (err?: Error) => {
          if (!err) return resolve();
          listeners.delete(filter);
          reject(err);
        });
      }),
    remove: (filter) =>
      new Promise<void>((resolve) => {
        const listener = listeners.get(filter);
        listeners.delete(filter);
        if (!listener) return resolve();
        aedes.unsubscribe(filter, listener, () => resolve());
      }),
  };
};

const publishToAedes = async (
  aedes: Aedes,
  topic: string,
  payload: string | Buffer,
  opts: { qos?: 0 | 1; retain?: boolean } | undefined,
): Promise<void> => {
  assertTopic(topic);
  if (aedes.closed) throw new Error('MQTT broker is closed');
  const packet: PublishPacket = {
    cmd: 'publish',
    topic,
    payload: toBuffer(payload),
    qos: opts?.qos ?? 1,
    retain: opts?.retain ?? false,
    dup: false,
  };
  await new Promise<void>((resolve, reject) =>
    aedes.publish(packet, (err) => (err ? reject(err) : resolve())),
  );
};

const assertTopic = (topic: string) => {
  if (!isValidTopic(topic)) throw new Error(`invalid MQTT topic: ${JSON.stringify(topic)}`);
};

const toBuffer = (payload: string | Buffer): Buffer =>
  typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;

const closeAedes = (aedes: Aedes) => new Promise<void>((resolve) => aedes.close(() => resolve()));

/** Waits for `promise` at most `ms`; true when it settled in time. Used where a late answer is harmless. */
const settle = async (promise: Promise<unknown>, ms: number, what: string, log: FastifyBaseLogger) => {
  try {
    await withTimeout(promise, ms, what);
    return true;
  } catch (err) {
    log.warn({ err }, `${what} did not finish cleanly`);
    return false;
  }
};

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string, signal?: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(`${what} abandoned: MQTT broker is closed`));
    const onAbort = () => finish(() => reject(new Error(`${what} abandoned: MQTT broker is closed`)));
    const timer = setTimeout(() => finish(() => reject(new Error(`${what} timed out after ${ms} ms`))), ms);
    const finish = (settleWith: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settleWith();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => finish(() => resolve(value)),
      (err: unknown) => finish(() => reject(err)),
    );
  });

const once = (fn: () => Promise<void>): (() => Promise<void>) => {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
};

const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
};
