import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { userFilters } from '@cpm/contracts';
import type { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type IConnackPacket, type IPublishPacket } from 'mqtt';
import type { Broker, BrokerOptions } from './broker';
import { createWebSocketEndpoint } from './broker-listeners';
import { assertTopic, closeAedes, startLocalAedes } from './broker-local';
import { CLOSE_STEP_TIMEOUT_MS, OPERATION_TIMEOUT_MS, once, settle, withTimeout } from './broker-timeouts';
import {
  createSubscriptionRegistry,
  type FilterTransport,
  type SubscriptionRegistry,
} from './subscription-registry';
import { matchTopic } from './topics';

/** Share group of the server instances' shared subscriptions when none is configured. */
export const DEFAULT_SHARE_GROUP = 'cpm';

/** Console events that the external-broker bridge copies into the local `/mqtt` broker. */
const BRIDGE_FILTER = userFilters.everyone;
/** Highest MQTT 5 subscription identifier; registry ids count up from 1, so they never meet this one. */
const BRIDGE_SUBSCRIPTION_ID = 268_435_455;

/**
 * The adapter on an external broker: an mqtt.js client carries the server's publishes and
 * subscriptions, and a local Aedes serves `/mqtt`, fed with console events through the bridge.
 */
export const createExternalBroker = async (opts: BrokerOptions, mqttUrl: string): Promise<Broker> => {
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

const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
};
