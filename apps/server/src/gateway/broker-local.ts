import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { DEVICE_PROTOCOL } from '@cpm/contracts';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerAuth, BrokerIdentity } from './broker';
import { guardClientPackets } from './packet-guard';
import type { FilterTransport } from './subscription-registry';
import { isValidTopic } from './topics';

/** What `BrokerAuth.authenticate` answers for a client refused for load: it is to come back later. */
export const BROKER_BUSY = 'busy';

/**
 * Clients publish only as terminals, so the device protocol's limits hold for every client: a packet
 * announcing more than MAX_PACKET_BYTES closes the connection before it is read, and a publish whose
 * payload exceeds MAX_PAYLOAD_BYTES is refused before it is stored or routed.
 */
const MAX_PACKET_BYTES = DEVICE_PROTOCOL.maxPacketBytes;
const MAX_PAYLOAD_BYTES = DEVICE_PROTOCOL.maxPayloadBytes;
/** A client that has not sent CONNECT by then is holding a socket for nothing. */
const CONNECT_TIMEOUT_MS = 10_000;
/** How often refusals for load are summarised in the log. */
const BUSY_REPORT_MS = 10_000;

const REFUSED_SERVER_UNAVAILABLE = 3;
const REFUSED_BAD_CREDENTIALS = 4;
const REFUSED_IDENTIFIER = 2;
const REFUSED_NOT_AUTHORIZED = 5;

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
export const startLocalAedes = async (
  auth: BrokerAuth,
  log: FastifyBaseLogger,
  fromDevices?: (topic: string, payload: Buffer) => Promise<void> | undefined,
) => {
  // Who holds each client id: MQTT lets a new connection with the same id take over the old session, and
  // without this a signed-in console user could kick any terminal offline by reusing its client id.
  const holders = new Map<string, { client: Client; key: string }>();
  const connected = new Set<Client>();
  // Clients whose CONNECT carried a will the broker would refuse to publish; answered at authentication.
  const refusedWills = new WeakMap<Client, string>();
  /** Set when terminals' messages go straight to the server (see `deliverDevicesDirectly`). */
  let handOver: HandOver | null = null;
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
    const release = auth.hold?.(identity, () => client.close());
    client.conn.once('close', () => {
      release?.();
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
      if (!reason) return handOver && identity?.kind === 'device' ? handOver(packet, done) : done(null);
      // MQTT 3.1.1 has no way to refuse a publish but closing the connection; the message goes nowhere.
      log.warn(
        { clientId: client?.id, identity, topic: packet.topic, reason },
        'MQTT publish refused, client disconnected',
      );
      done(new Error(`publish refused: ${reason}`));
    },
  });
  if (fromDevices) handOver = deliverDevicesDirectly(aedes, fromDevices, log);
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
    /**
     * Ends every authenticated client's connection at once when the broker closes. Marked closed
     * first, Aedes skips its close of each client (unsubscribing, the will, a notice on `$SYS`): with
     * 10,000 terminals that was seconds of work for a broker about to be discarded, and a will would
     * only tell a server that has stopped listening. Relies on Aedes 1.x's client fields.
     */
    dropAll: () => {
      for (const client of [...connected] as unknown as AedesClientState[]) {
        clearTimeout(client._keepaliveTimer ?? undefined);
        clearTimeout(client._connectTimer ?? undefined);
        clearTimeout(client._drainTimer ?? undefined);
        client.closed = true;
        client.conn.destroy();
      }
    },
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

/** The fields of an Aedes 1.x client that `dropAll` ends it through. */
type AedesClientState = {
  closed: boolean;
  conn: { destroy(): void };
  _keepaliveTimer?: ReturnType<typeof setTimeout> | null;
  _connectTimer?: ReturnType<typeof setTimeout> | null;
  _drainTimer?: ReturnType<typeof setTimeout> | null;
};

/** How Aedes publishes what a client sent (and its will): the packet, the client, and when it is done. */
type ClientPublish = (packet: PublishPacket, client: Client | null, done?: (err?: Error) => void) => void;
/** Takes an authorised terminal message; `done` lets Aedes go on (acknowledge, then publish). */
type HandOver = (packet: PublishPacket, done: (err: Error | null) => void) => void;

/**
 * Hands what terminals publish (their messages and wills, once authorised) to `deliver` instead of
 * Aedes's routing: retaining (refused for clients), queueing for offline subscribers and matching
 * subscriptions all concern clients that the access rules never let hear a terminal. Everything else
 * the broker publishes (the server's own messages, console users' events) is routed as before.
 * Aedes sends a QoS 1 PUBACK between authorising a message and publishing it, so the message is
 * handed over while it is authorised: a handler that writes (a task result) is waited for, and a
 * crash before the write leaves the message unacknowledged for the terminal to send again.
 */
const deliverDevicesDirectly = (
  aedes: Aedes,
  deliver: (topic: string, payload: Buffer) => Promise<void> | undefined,
  log: FastifyBaseLogger,
): HandOver => {
  const broker = aedes as unknown as { publish: ClientPublish };
  const route = broker.publish.bind(aedes);
  // Already handed over while being authorised: nothing left to route.
  broker.publish = (packet, client, done) =>
    identityOf(client)?.kind === 'device' ? done?.() : route(packet, client, done);
  return (packet, done) => {
    let pending: Promise<void> | undefined;
    try {
      pending = deliver(packet.topic, toBuffer(packet.payload));
    } catch (err) {
      log.error({ err, topic: packet.topic }, 'terminal message delivery failed');
    }
    if (pending) pending.then(() => done(null));
    else done(null);
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
export const handleGuarded = (
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

/** The server's subscriptions on the in-process Aedes: one listener per filter. */
export const aedesTransport = (
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

/** Publishes from the server into the in-process Aedes; rejects once it is closed. */
export const publishToAedes = async (
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

/** Throws on a topic no MQTT broker would accept (wildcards, empty levels). */
export const assertTopic = (topic: string) => {
  if (!isValidTopic(topic)) throw new Error(`invalid MQTT topic: ${JSON.stringify(topic)}`);
};

/** A payload as bytes (text is UTF-8). */
export const toBuffer = (payload: string | Buffer): Buffer =>
  typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;

/** Closes the in-process Aedes, resolving when it has. */
export const closeAedes = (aedes: Aedes) => new Promise<void>((resolve) => aedes.close(() => resolve()));
