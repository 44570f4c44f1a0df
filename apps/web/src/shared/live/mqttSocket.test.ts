import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocket, WebSocketServer } from 'ws';
import type { LiveTransport } from './liveClient';
import { connectMqttSocket, createPacketReader, packet, subscribePacket } from './mqttSocket';

const TOKEN = 'session-token';

/** A real Aedes broker behind a WebSocket endpoint, as the server serves `/mqtt`. */
let broker: Aedes;
let server: Server;
let url: string;
const clients = new Map<string, Client>();

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) =>
      done(null, username === 'console' && password?.toString() === TOKEN),
  });
  broker.on('client', (client) => clients.set(client.id, client));
  const wss = new WebSocketServer({ noServer: true });
  server = createServer();
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => broker.handle(createWebSocketStream(ws), req)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise<void>((resolve) => broker.close(() => resolve()));
});

const open = (clientId: string, password = TOKEN) =>
  connectMqttSocket({
    url,
    clientId,
    username: 'console',
    password,
    reconnectMs: 20,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
  });

/** Resolves on the transport's next `connect`. */
const connected = (t: LiveTransport) => new Promise<void>((resolve) => t.on('connect', resolve));

/** Collects what arrives, and resolves when a message arrives on `topic`. */
const inbox = (t: LiveTransport) => {
  const got: string[] = [];
  const waiters: { topic: string; resolve(): void }[] = [];
  t.on('message', (topic, payload) => {
    got.push(`${topic} ${new TextDecoder().decode(payload)}`);
    for (const w of waiters.filter((x) => x.topic === topic)) w.resolve();
  });
  return {
    got,
    next: (topic: string) => new Promise<void>((resolve) => waiters.push({ topic, resolve })),
  };
};

/** Resolves once the broker has the client's subscription to `topic`. */
const subscribedOnBroker = (clientId: string, topic: string) =>
  new Promise<void>((resolve) => {
    const listener = (subs: { topic: string }[], client: Client | null) => {
      if (client?.id !== clientId || !subs.some((s) => s.topic === topic)) return;
      broker.off('subscribe', listener);
      resolve();
    };
    broker.on('subscribe', listener);
  });

const publish = (topic: string, payload: string, qos: 0 | 1 = 0) =>
  new Promise<void>((resolve, reject) =>
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
      (err) => (err ? reject(err) : resolve()),
    ),
  );

describe('packet reader', () => {
  it('joins a packet split across messages and splits messages holding several', () => {
    const a = subscribePacket(1, 'users/u1/notice');
    const b = packet(0xd0); // PINGRESP
    const long = packet(0x30, [0, 1, 0x74, ...new Array(300).fill(0x41)]); // two-byte remaining length
    const read = createPacketReader();
    const bytes = Uint8Array.from([...a, ...b, ...long]);
    const seen = [];
    for (const byte of bytes) seen.push(...read(Uint8Array.of(byte)));
    expect(seen.map((p) => p.type)).toEqual([8, 13, 3]);
    expect(seen[2]?.body.length).toBe(303);
    expect(createPacketReader()(bytes).map((p) => p.type)).toEqual([8, 13, 3]);
  });
});

describe('MQTT over WebSocket', () => {
  it('connects with the token, receives publishes at QoS 0 and 1, and stops after unsubscribing', async () => {
    const t = open('console-a');
    const box = inbox(t);
    await connected(t);
    expect(t.connected).toBe(true);
    const both = Promise.all([
      subscribedOnBroker('console-a', 'a/1'),
      subscribedOnBroker('console-a', 'a/2'),
    ]);
    t.subscribe('a/1', { qos: 0 });
    t.subscribe('a/2', { qos: 0 });
    await both;
    let arrived = box.next('a/1');
    await publish('a/1', '{"n":1}');
    await arrived;
    arrived = box.next('a/2');
    await publish('a/2', 'ü'.repeat(200), 1);
    await arrived;
    t.unsubscribe('a/1');
    // The broker handles packets of one connection in order: once a/2's sentinel arrives, a/1 would have.
    const unsubscribed = new Promise<void>((resolve) => broker.once('unsubscribe', () => resolve()));
    await unsubscribed;
    await publish('a/1', 'not for you');
    arrived = box.next('a/2');
    await publish('a/2', 'sentinel');
    await arrived;
    expect(box.got).toEqual(['a/1 {"n":1}', `a/2 ${'ü'.repeat(200)}`, 'a/2 sentinel']);
    t.end(true);
  });

  it('reports a refused password and never connects', async () => {
    const t = open('console-b', 'wrong');
    const error = await new Promise<Error>((resolve) => t.on('error', resolve));
    expect(error.message).toMatch(/refused/);
    expect(t.connected).toBe(false);
    t.end(true);
  });

  it('reconnects after the broker drops it, and ends for good with a DISCONNECT', async () => {
    const t = open('console-c');
    let connects = 0;
    let closes = 0;
    t.on('connect', () => {
      connects++;
    });
    t.on('close', () => {
      closes++;
    });
    await connected(t);
    const again = connected(t);
    clients.get('console-c')?.close();
    await again;
    expect(connects).toBe(2);
    expect(closes).toBe(1);
    const gone = new Promise<string>((resolve) => broker.once('clientDisconnect', (c) => resolve(c.id)));
    t.end(true);
    expect(await gone).toBe('console-c');
    expect(t.connected).toBe(false);
  });
});
