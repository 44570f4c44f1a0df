import { connect as connectTcp } from 'node:net';
import { DEVICE_PROTOCOL } from '@cpm/contracts';
import { connectAsync, ErrorWithSubackPacket } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createBroker, MQTT_WS_PATH } from './broker';
import {
  cleanups,
  closeAll,
  closedFlag,
  connectClient,
  connectDevice,
  connectUser,
  fakeAuth,
  freePort,
  handOverDevices,
  hugeHeader,
  inbox,
  logger,
  startBroker,
  tcpServerCount,
  waitFor,
} from './broker.testing';

afterEach(closeAll);

// Both ways of carrying terminals' messages to the server: routed among subscriptions, or handed over
// directly (when the access rules let no client hear a terminal).
describe.each([
  ['routed', false],
  ['direct', true],
])('embedded broker, terminal messages %s', (_name, handedOver) => {
  beforeEach(() => {
    handOverDevices(handedOver);
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

describe('embedded broker, terminal messages handed over directly', () => {
  beforeEach(() => {
    handOverDevices(true);
  });

  it("acknowledges a terminal's QoS 1 message only once the server's handler has stored it", async () => {
    const mqttPort = await freePort();
    const { broker } = await startBroker({ mqttPort });
    const events: string[] = [];
    // A write that takes a while, as a database write under load does.
    await broker.subscribe(
      'cpm/dev/+/up/result',
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            events.push('stored');
            resolve();
          }, 150),
        ),
    );
    const device = await connectDevice(mqttPort, 'SN7');
    await device.publishAsync('cpm/dev/SN7/up/result', '{}', { qos: 1 });
    events.push('acknowledged');
    expect(events).toEqual(['stored', 'acknowledged']);
  });
});
