import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import { type BrokerAuth, type BrokerIdentity, createBroker, MQTT_WS_PATH } from './broker';

export const logger = pino({ level: 'silent' });

/**
 * `token:<userId>` signs a console user in; `secret:<sn>` with username `<sn>` a terminal. The user
 * `auditor` may subscribe to anything, to look at what the broker keeps.
 */
export const fakeAuth: BrokerAuth = {
  authenticate: async (username, password) => {
    if (password?.startsWith('token:'))
      return { kind: 'user', userId: password.slice('token:'.length), sessionId: 'test-session' };
    if (username && password === `secret:${username}`) return { kind: 'device', sn: username };
    return null;
  },
  canSubscribe: (identity: BrokerIdentity, filter) => {
    if (identity.kind === 'user' && identity.userId === 'auditor') return true;
    const own = identity.kind === 'user' ? `cpm/user/${identity.userId}` : `cpm/dev/${identity.sn}/down`;
    return filter === own || filter.startsWith(`${own}/`);
  },
  canPublish: (identity, topic) =>
    identity.kind === 'device' && topic.startsWith(`cpm/dev/${identity.sn}/up/`),
};

/** What to close after the test, newest last. */
export const cleanups: (() => Promise<unknown>)[] = [];
/** Closes what the test opened, newest first: each test file calls it after each test. */
export const closeAll = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
};

export const startHttp = async (): Promise<{ server: HttpServer; port: number }> => {
  const server = createHttpServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
};

export const freePort = async (): Promise<number> => {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

/** Whether the embedded brokers of the tests under way hand terminals' messages straight to the server. */
let direct = false;
/** Sets how the brokers started next carry terminals' messages (see `onlyServerHearsDevices`). */
export const handOverDevices = (on: boolean) => {
  direct = on;
};

export const startBroker = async (options: { mqttPort?: number; mqttUrl?: string } = {}) => {
  const broker = await createBroker({
    mqttPort: options.mqttPort ?? 0,
    mqttUrl: options.mqttUrl,
    host: '127.0.0.1',
    auth: { ...fakeAuth, onlyServerHearsDevices: direct },
    logger,
  });
  cleanups.push(() => broker.close());
  const http = await startHttp();
  broker.attachWebSocket(http.server);
  return { broker, ...http };
};

export const connectClient = async (url: string, opts: IClientOptions): Promise<MqttClient> => {
  const client = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...opts });
  cleanups.push(() => client.endAsync(true));
  return client;
};

export const connectUser = (port: number, userId: string) =>
  connectClient(`ws://127.0.0.1:${port}${MQTT_WS_PATH}`, { username: userId, password: `token:${userId}` });

/** Collects messages of a client so a test can wait for one or assert that none came. */
export const inbox = (client: MqttClient) => {
  const messages: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => messages.push({ topic, payload: payload.toString() }));
  return messages;
};

export const waitFor = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const connectDevice = (mqttPort: number, sn: string, opts: IClientOptions = {}) =>
  connectClient(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: `secret:${sn}`, ...opts });

/** Resolves true once the client's connection is closed. */
export const closedFlag = (client: MqttClient) => {
  const state = { closed: false };
  client.once('close', () => {
    state.closed = true;
  });
  return state;
};

/** PUBLISH (0x30) or CONNECT (0x10) fixed header announcing the largest remaining length MQTT allows. */
export const hugeHeader = (type: 0x10 | 0x30) => Buffer.from([type, 0xff, 0xff, 0xff, 0x7f]);

export const tcpServerCount = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
