import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect as connectTcp, createServer as createTcpServer } from 'node:net';
import { DEVICE_PROTOCOL } from '@cpm/contracts';
import { connectAsync, ErrorWithSubackPacket, type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { type BrokerAuth, type BrokerIdentity, createBroker, MQTT_WS_PATH } from './broker';

const logger = pino({ level: 'silent' });

/**
 * `token:<userId>` signs a console user in; `secret:<sn>` with username `<sn>` a terminal. The user
 * `auditor` may subscribe to anything, to look at what the broker keeps.
 */
const fakeAuth: BrokerAuth = {
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

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startHttp = async (): Promise<{ server: HttpServer; port: number }> => {
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

const freePort = async (): Promise<number> => {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

/** Whether the embedded brokers of the tests under way hand terminals' messages straight to the server. */
let direct = false;

const startBroker = async (options: { mqttPort?: number; mqttUrl?: string } = {}) => {
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

const connectClient = async (url: string, opts: IClientOptions): Promise<MqttClient> => {
  const client = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...opts });
  cleanups.push(() => client.endAsync(true));
  return client;
};

const connectUser = (port: number, userId: string) =>
  connectClient(`ws://127.0.0.1:${port}${MQTT_WS_PATH}`, { username: userId, password: `token:${userId}` });

/** Collects messages of a client so a test can wait for one or assert that none came. */
const inbox = (client: MqttClient) => {
  const messages: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => messages.push({ topic, payload: payload.toString() }));
  return messages;
};

const waitFor = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const connectDevice = (mqttPort: number, sn: string, opts: IClientOptions = {}) =>
  connectClient(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: `secret:${sn}`, ...opts });

/** Resolves true once the client's connection is closed. */
const closedFlag = (client: MqttClient) => {
  const state = { closed: false };
  client.once('close', () => {
    state.closed = true;
  });
  return state;
};

/** PUBLISH (0x30) or CONNECT (0x10) fixed header announcing the largest remaining length MQTT allows. */
const hugeHeader = (type: 0x10 | 0x30) => Buffer.from([type, 0xff, 0xff, 0xff, 0x7f]);

const tcpServerCount = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

// Both ways of carrying terminals' messages to the server: routed among subscriptions, or handed over
// directly (when the access rules let no client hear a terminal).
describe.each([
  ['routed', false],
  ['direct', true],
])('embedded broker, terminal messages %s', (_name, handedOver) => {
  beforeEach(() => {
    direct = handedOver;
  });

  it("hands a terminal's will to the server's subscriptions when its connection drops", async () => {
    const mqttPort = await freePort();
    const { broker } = await startBroker({ mqttPort });
    const received: { topic: string; payload: string }[] = [];
    await broker.subscribe('cpm/dev/+/up/+', (topic, payload) =>
      received.push({ topic, payload: payload.toString() }),
    );
    const device = await connectDevice(mqttPort, 'SN3', {
      will: { topic: 'cpm/dev/SN3/up/status', payload: Buffer.from('gone'), qos: 1, retain: false },
    });
    device.stream.destroy();
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ topic: 'cpm/dev/SN3/up/status', payload: 'gone' }]);
  });

  it('lets a console user with a good token connect over /mqtt and refuses a bad one', async () => {
    const { broker, port } = await startBroker();
    expect(broker.isReady()).toBe(true);
    const client = await connectUser(port, 'u1');
    expect(client.connected).toBe(true);
    await expect(
      connectAsync(`ws://127.0.0.1:${port}${MQTT_WS_PATH}`, {
        username: 'u1',
        password: 'stolen',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/Bad username or password/i);
  });

  it('delivers a server publish to a user subscribed to their own topic', async () => {
    const { broker, port } = await startBroker();
    const client = await connectUser(port, 'u1');
    const messages = inbox(client);
    const granted = await client.subscribeAsync('cpm/user/u1/#', { qos: 1 });
    expect(granted[0].qos).toBe(1);
    await broker.publish('cpm/user/u1/notice', JSON.stringify({ hello: 'world' }));
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toEqual({ topic: 'cpm/user/u1/notice', payload: '{"hello":"world"}' });
  });

  it("refuses a subscription to another user's topic and delivers nothing on it", async () => {
    const { broker, port } = await startBroker();
    const client = await connectUser(port, 'u1');
    const messages = inbox(client);
    // mqtt.js turns a SUBACK of 128 into a rejection carrying the packet.
    const refusal = await client.subscribeAsync('cpm/user/u2/#', { qos: 1 }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ErrorWithSubackPacket);
    expect((refusal as ErrorWithSubackPacket).packet.granted).toEqual([128]);
    await client.subscribeAsync('cpm/user/u1/#', { qos: 1 });
    await broker.publish('cpm/user/u2/notice', 'secret');
    // A sentinel on the user's own topic, published after: once it arrives, the other would have too.
    await broker.publish('cpm/user/u1/sentinel', 'sentinel');
    await waitFor(() => messages.length > 0);
    expect(messages).toEqual([{ topic: 'cpm/user/u1/sentinel', payload: 'sentinel' }]);
    expect(client.connected).toBe(true);
  });

  it("drops a user's publish and closes that connection", async () => {
    const { broker, port } = await startBroker();
    const seen: string[] = [];
    await broker.subscribe('#', (topic) => seen.push(topic));
    const client = await connectUser(port, 'u1');
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('cpm/user/u1/notice', 'forged', { qos: 1 });
    await closed;
    // A sentinel published after the refusal reaches the same subscription; the forged one never does.
    await broker.publish('cpm/sentinel', 'sentinel');
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual(['cpm/sentinel']);
  });

  it('delivers publishes of an authorised TCP client to wildcard server subscriptions', async () => {
    const mqttPort = await freePort();
    const { broker } = await startBroker({ mqttPort });
    expect(broker.tcpPort()).toBe(mqttPort);
    const received: { topic: string; payload: string }[] = [];
    const exact: string[] = [];
    const unsubscribeAll = await broker.subscribe('cpm/dev/+/up/#', (topic, payload) =>
      received.push({ topic, payload: payload.toString() }),
    );
    await broker.subscribe('cpm/dev/SN1/up/heartbeat', (topic) => exact.push(topic));

    const device = await connectClient(`mqtt://127.0.0.1:${mqttPort}`, {
      username: 'SN1',
      password: 'secret:SN1',
    });
    await device.publishAsync('cpm/dev/SN1/up/heartbeat', 'beat', { qos: 1 });
    await device.publishAsync('cpm/dev/SN1/up/location', 'here', { qos: 0 });
    await waitFor(() => received.length === 2);
    expect(received).toEqual([
      { topic: 'cpm/dev/SN1/up/heartbeat', payload: 'beat' },
      { topic: 'cpm/dev/SN1/up/location', payload: 'here' },
    ]);
    expect(exact).toEqual(['cpm/dev/SN1/up/heartbeat']);

    await unsubscribeAll();
    await unsubscribeAll();
    await device.publishAsync('cpm/dev/SN1/up/heartbeat', 'again', { qos: 1 });
    await waitFor(() => exact.length === 2);
    expect(received).toHaveLength(2);
  });

  it('sends server publishes to a terminal subscribed to its down topics', async () => {
    const mqttPort = await freePort();
    const { broker } = await startBroker({ mqttPort });
    const device = await connectClient(`mqtt://127.0.0.1:${mqttPort}`, {
      username: 'SN7',
      password: 'secret:SN7',
    });
    const messages = inbox(device);
    await device.subscribeAsync('cpm/dev/SN7/down/#', { qos: 1 });
    await broker.publish('cpm/dev/SN7/down/task', Buffer.from('wake'), { qos: 1 });
    await waitFor(() => messages.length === 1);
    expect(messages[0].payload).toBe('wake');
  });

  it('keeps delivering when one server handler throws', async () => {
    const { broker } = await startBroker();
    const seen: string[] = [];
    await broker.subscribe('cpm/dev/#', () => {
      throw new Error('handler bug');
    });
    await broker.subscribe('cpm/dev/#', (topic) => seen.push(topic));
    await broker.publish('cpm/dev/SN1/down/cmd', 'x');
    await broker.publish('cpm/dev/SN1/down/cmd', 'y');
    await waitFor(() => seen.length === 2);
  });

  it('does not open a TCP listener when mqttPort is 0', async () => {
    const before = tcpServerCount();
    const broker = await createBroker({ mqttPort: 0, host: '127.0.0.1', auth: fakeAuth, logger });
    cleanups.push(() => broker.close());
    expect(broker.tcpPort()).toBeUndefined();
    expect(tcpServerCount()).toBe(before);
  });

  it('survives garbage bytes on the TCP port and on /mqtt', async () => {
    const mqttPort = await freePort();
    const { broker, port } = await startBroker({ mqttPort });

    const socket = connectTcp(mqttPort, '127.0.0.1');
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => undefined);
    socket.write(
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x7f, 0x00, 0x13, 0x37, ...Buffer.from('GET / HTTP/1.1')]),
    );
    await socketClosed;

    const ws = new WebSocket(`ws://127.0.0.1:${port}${MQTT_WS_PATH}`, 'mqtt');
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('open', resolve));
    const wsClosed = new Promise((resolve) => ws.once('close', resolve));
    ws.send(Buffer.from([0xf0, 0xff, 0xff, 0xff, 0xff, 0x01]));
    await wsClosed;

    const client = await connectUser(port, 'u1');
    const messages = inbox(client);
    await client.subscribeAsync('cpm/user/u1/#', { qos: 1 });
    await broker.publish('cpm/user/u1/notice', 'still alive');
    await waitFor(() => messages.length === 1);
  });

  it('leaves WebSocket upgrades on other paths to their owners', async () => {
    const { port, server } = await startBroker();
    const other = new WebSocketServer({ noServer: true });
    cleanups.push(() => new Promise((resolve) => other.close(resolve)));
    server.on('upgrade', (req, socket, head) => {
      if (req.url !== '/remote-screen') return;
      other.handleUpgrade(req, socket, head, (ws) => ws.send('screen'));
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/remote-screen`);
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (data) => resolve(data.toString()));
      ws.once('error', reject);
    });
    expect(first).toBe('screen');
    ws.terminate();
  });

  it('refuses a client id already held by someone else', async () => {
    const mqttPort = await freePort();
    await startBroker({ mqttPort });
    const device = await connectClient(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: 'SN9',
      username: 'SN9',
      password: 'secret:SN9',
    });
    await expect(
      connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: 'SN9',
        username: 'intruder',
        password: 'token:intruder',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/Identifier rejected/i);
    expect(device.connected).toBe(true);
  });

  it('closes clients and listeners, twice without harm', async () => {
    const mqttPort = await freePort();
    const { broker, port } = await startBroker({ mqttPort });
    const user = await connectUser(port, 'u1');
    const device = await connectClient(`mqtt://127.0.0.1:${mqttPort}`, {
      username: 'SN1',
      password: 'secret:SN1',
    });
    const idle = connectTcp(mqttPort, '127.0.0.1');
    idle.on('error', () => undefined);
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    const userClosed = new Promise<void>((resolve) => user.once('close', () => resolve()));
    const deviceClosed = new Promise<void>((resolve) => device.once('close', () => resolve()));

    await Promise.all([broker.close(), broker.close()]);
    await broker.close();
    await Promise.all([idleClosed, userClosed, deviceClosed]);
    expect(broker.isReady()).toBe(false);
    await expect(broker.publish('cpm/user/u1/notice', 'late')).rejects.toThrow(/closed/);
    await expect(connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 })).rejects.toThrow();
  });

  it("routes a terminal's publish up to the payload limit and refuses a bigger one before routing it", async () => {
    const mqttPort = await freePort();
    const { broker } = await startBroker({ mqttPort });
    const received: { topic: string; bytes: number }[] = [];
    await broker.subscribe('cpm/dev/+/up/#', (topic, payload) =>
      received.push({ topic, bytes: payload.length }),
    );
    const device = await connectDevice(mqttPort, 'SN1');
    const state = closedFlag(device);
    const limit = DEVICE_PROTOCOL.maxPayloadBytes;
    await device.publishAsync('cpm/dev/SN1/up/hello', Buffer.alloc(limit, 0x20), { qos: 1 });
    device.publish('cpm/dev/SN1/up/hello', Buffer.alloc(limit + 1, 0x20), { qos: 1 });
    await waitFor(() => state.closed);
    // A sentinel from another terminal after the refusal: once it is routed, the big one would have been.
    const other = await connectDevice(mqttPort, 'SN2');
    await other.publishAsync('cpm/dev/SN2/up/heartbeat', '{}', { qos: 1 });
    await waitFor(() => received.some((m) => m.topic === 'cpm/dev/SN2/up/heartbeat'));
    expect(received).toEqual([
      { topic: 'cpm/dev/SN1/up/hello', bytes: limit },
      { topic: 'cpm/dev/SN2/up/heartbeat', bytes: 2 },
    ]);
  });

  it('closes a connection as soon as a packet announces more than the packet limit, before reading it', async () => {
    const mqttPort = await freePort();
    const { port } = await startBroker({ mqttPort });
    // Before CONNECT: nobody is authenticated yet, and the broker must not buffer for them either.
    const socket = connectTcp(mqttPort, '127.0.0.1');
    socket.on('error', () => undefined);
    let socketClosed = false;
    socket.once('close', () => {
      socketClosed = true;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(hugeHeader(0x10));
    await waitFor(() => socketClosed);
    // After CONNECT, on TCP and on /mqtt: the header alone closes the connection; the rest never comes.
    const overTcp = await connectDevice(mqttPort, 'SN1');
    const overWs = await connectClient(`ws://127.0.0.1:${port}${MQTT_WS_PATH}`, {
      username: 'SN2',
      password: 'secret:SN2',
    });
    for (const device of [overTcp, overWs]) {
      const state = closedFlag(device);
      device.stream.write(hugeHeader(0x30));
      await waitFor(() => state.closed);
    }
  });

  it('refuses a retained publish from a terminal: not routed, not kept for later subscribers', async () => {
    const mqttPort = await freePort();
    const { broker, port } = await startBroker({ mqttPort });
    const received: string[] = [];
    await broker.subscribe('cpm/dev/+/up/#', (topic) => received.push(topic));
    const device = await connectDevice(mqttPort, 'SN1');
    const state = closedFlag(device);
    device.publish('cpm/dev/SN1/up/status', Buffer.alloc(1024, 0x20), { qos: 1, retain: true });
    await waitFor(() => state.closed);
    const other = await connectDevice(mqttPort, 'SN2');
    await other.publishAsync('cpm/dev/SN2/up/heartbeat', '{}', { qos: 1 });
    await waitFor(() => received.length > 0);
    expect(received).toEqual(['cpm/dev/SN2/up/heartbeat']);

    // A later subscriber gets retained copies right after its SUBACK. The sentinel is a retained message
    // on a topic subscribed to only after that: once it arrives, a copy of the refused one would have.
    await broker.publish('cpm/sentinel', 'sentinel', { retain: true });
    const auditor = await connectUser(port, 'auditor');
    const messages = inbox(auditor);
    await auditor.subscribeAsync('cpm/dev/SN1/up/status', { qos: 1 });
    await auditor.subscribeAsync('cpm/sentinel', { qos: 1 });
    await waitFor(() => messages.length > 0);
    expect(messages).toEqual([{ topic: 'cpm/sentinel', payload: 'sentinel' }]);
  });

  it('refuses a terminal whose will is retained, at CONNECT rather than when the will fires', async () => {
    const mqttPort = await freePort();
    await startBroker({ mqttPort });
    const will = (retain: boolean) => ({
      topic: 'cpm/dev/SN1/up/status',
      payload: Buffer.from('{"online":false}'),
      qos: 1 as const,
      retain,
    });
    await expect(
      connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        username: 'SN1',
        password: 'secret:SN1',
        reconnectPeriod: 0,
        will: will(true),
      }),
    ).rejects.toThrow(/Not authorized/i);
    const device = await connectDevice(mqttPort, 'SN1', { will: will(false) });
    expect(device.connected).toBe(true);
  });

  it('rejects publishing to a wildcard topic and subscribing to a malformed filter', async () => {
    const { broker } = await startBroker();
    await expect(broker.publish('cpm/user/+/notice', 'x')).rejects.toThrow(/invalid MQTT topic/);
    await expect(broker.subscribe('cpm/#/x', () => undefined)).rejects.toThrow(/invalid MQTT topic filter/);
  });
});

const externalUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!externalUrl)('external broker', () => {
  const url = externalUrl ?? '';
  const runId = randomUUID().slice(0, 8);

  it('publishes and subscribes through the external broker', async () => {
    const { broker } = await startBroker({ mqttUrl: url });
    expect(broker.isReady()).toBe(true);
    expect(broker.tcpPort()).toBeUndefined();
    const prefix = `cpmtest/${runId}/pubsub`;
    const plain = await connectClient(url, {});
    const plainInbox = inbox(plain);
    await plain.subscribeAsync(`${prefix}/#`, { qos: 1 });

    const received: { topic: string; payload: string }[] = [];
    const exact: string[] = [];
    await broker.subscribe(`${prefix}/+/up/#`, (topic, payload) =>
      received.push({ topic, payload: payload.toString() }),
    );
    const unsubscribeExact = await broker.subscribe(`${prefix}/SN1/up/heartbeat`, (topic) =>
      exact.push(topic),
    );

    await plain.publishAsync(`${prefix}/SN1/up/heartbeat`, 'beat', { qos: 1 });
    await broker.publish(`${prefix}/SN1/down/task`, 'work');
    await waitFor(() => received.length === 1 && exact.length === 1 && plainInbox.length >= 2);
    expect(received).toEqual([{ topic: `${prefix}/SN1/up/heartbeat`, payload: 'beat' }]);
    expect(plainInbox).toContainEqual({ topic: `${prefix}/SN1/down/task`, payload: 'work' });

    await unsubscribeExact();
    await plain.publishAsync(`${prefix}/SN1/up/heartbeat`, 'again', { qos: 1 });
    // A sentinel after it from the same client: once the wildcard sees it, 'again' has been dispatched.
    await plain.publishAsync(`${prefix}/SN2/up/heartbeat`, 'sentinel', { qos: 1 });
    await waitFor(() => received.length === 3);
    expect(received.map((m) => m.payload)).toEqual(['beat', 'again', 'sentinel']);
    expect(exact).toHaveLength(1);
  });

  it('bridges console events from the external broker to /mqtt users', async () => {
    const userId = `u1-${runId}`;
    const { port } = await startBroker({ mqttUrl: url });
    const user = await connectUser(port, userId);
    const messages = inbox(user);
    await user.subscribeAsync(`cpm/user/${userId}/#`, { qos: 1 });

    const plain = await connectClient(url, {});
    await plain.publishAsync(`cpm/user/${userId}/notice`, 'from elsewhere', { qos: 1 });
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toEqual({ topic: `cpm/user/${userId}/notice`, payload: 'from elsewhere' });

    await plain.publishAsync(`cpm/user/someone-else-${runId}/notice`, 'not yours', { qos: 1 });
    await plain.publishAsync(`cpm/user/${userId}/notice`, 'sentinel', { qos: 1 });
    await waitFor(() => messages.length === 2);
    expect(messages[1]).toEqual({ topic: `cpm/user/${userId}/notice`, payload: 'sentinel' });
  });

  it("reaches a user on one instance with another instance's publish", async () => {
    const userId = `u2-${runId}`;
    const first = await startBroker({ mqttUrl: url });
    const second = await startBroker({ mqttUrl: url });
    const user = await connectUser(second.port, userId);
    const messages = inbox(user);
    await user.subscribeAsync(`cpm/user/${userId}/#`, { qos: 1 });
    await first.broker.publish(`cpm/user/${userId}/task`, 'done');
    // A second publish is the sentinel: a duplicate of the first would arrive before it.
    await first.broker.publish(`cpm/user/${userId}/task`, 'sentinel');
    await waitFor(() => messages.length >= 2);
    expect(messages).toEqual([
      { topic: `cpm/user/${userId}/task`, payload: 'done' },
      { topic: `cpm/user/${userId}/task`, payload: 'sentinel' },
    ]);
  });

  it('keeps retained console events retained for users who connect later', async () => {
    const userId = `u3-${runId}`;
    const topic = `cpm/user/${userId}/state`;
    const plain = await connectClient(url, {});
    await plain.publishAsync(topic, 'retained state', { qos: 1, retain: true });
    cleanups.push(() => plain.publishAsync(topic, '', { qos: 1, retain: true }));

    const { port } = await startBroker({ mqttUrl: url });
    const user = await connectUser(port, userId);
    const messages = inbox(user);
    await user.subscribeAsync(`cpm/user/${userId}/#`, { qos: 1 });
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toEqual({ topic, payload: 'retained state' });

    // A retained event published while the adapter runs must be retained locally too.
    await plain.publishAsync(topic, 'newer state', { qos: 1, retain: true });
    await waitFor(() => messages.length === 2);
    const later = await connectUser(port, userId);
    const laterMessages = inbox(later);
    await later.subscribeAsync(`cpm/user/${userId}/#`, { qos: 1 });
    await waitFor(() => laterMessages.length === 1);
    expect(laterMessages[0]).toEqual({ topic, payload: 'newer state' });
  });

  it('does not hand retained copies to server subscriptions and closes twice', async () => {
    const topic = `cpmtest/${runId}/retained/x`;
    const plain = await connectClient(url, {});
    await plain.publishAsync(topic, 'old', { qos: 1, retain: true });
    cleanups.push(() => plain.publishAsync(topic, '', { qos: 1, retain: true }));
    const { broker } = await startBroker({ mqttUrl: url });
    const seen: string[] = [];
    await broker.subscribe(`cpmtest/${runId}/retained/#`, (_topic, payload) => seen.push(payload.toString()));
    await plain.publishAsync(topic, 'live', { qos: 1 });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['live']);
    await broker.close();
    await broker.close();
    expect(broker.isReady()).toBe(false);
  });
});
