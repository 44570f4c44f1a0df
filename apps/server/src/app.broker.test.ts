import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, brokerModes, createTestApp, loginAs, type TestApp } from './test-support/test-app';

describe.each(brokerModes())('console live events over /mqtt ($name)', ({ env }) => {
  let t: TestApp;
  let url: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ broker: true, env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
    ({ token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD));
  });
  afterAll(() => t.close());

  it('reports the broker in readiness', async () => {
    expect((await t.app.inject({ url: '/readyz' })).json().result.checks.broker).toBe('ok');
  });

  it('lets a signed-in user subscribe to their own topics and receive server events', async () => {
    const client = await mqtt.connectAsync(url, { username: 'console', password: token, reconnectPeriod: 0 });
    try {
      const granted = await client.subscribeAsync(`cpm/user/${userId}/#`, { qos: 1 });
      expect(granted[0].qos).toBe(1);
      // mqtt.js rejects a subscription the broker refused (granted QoS 128).
      await expect(client.subscribeAsync('cpm/user/someone-else/#', { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      // Test files share the seeded admin's id, and on an external broker each other's events for it:
      // this one waits for its own notice, told apart by a marker, rather than for the first message.
      const marker = randomUUID();
      const topic = `cpm/user/${userId}/notice`;
      const received = new Promise<string>((resolve) =>
        client.on('message', (heardOn, payload) => {
          const text = payload.toString();
          if (heardOn === topic && text.includes(marker)) resolve(text);
        }),
      );
      await t.broker?.publish(topic, JSON.stringify({ unread: 3, marker }));
      expect(JSON.parse(await received)).toEqual({ unread: 3, marker });
    } finally {
      await client.endAsync();
    }
  });

  it('refuses a connection without a live session', async () => {
    await expect(
      mqtt.connectAsync(url, {
        username: 'console',
        password: 'not-a-session',
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
  });
});

describe('shutdown with console tabs connected', () => {
  it('ends the /mqtt connections first, so the server closes without waiting for them', async () => {
    const t = await createTestApp({ broker: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mqtt`;
    const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const client = await mqtt.connectAsync(url, {
      username: 'console',
      password: token,
      reconnectPeriod: 0,
      clientId: 'console-shutdown',
    });
    const order: string[] = [];
    const ended = new Promise<void>((resolve) =>
      client.stream.once('close', () => {
        order.push('connection ended');
        resolve();
      }),
    );
    await t.close();
    order.push('server closed');
    await ended;
    // Without ending them first, the HTTP server's close waits on the open WebSocket.
    expect(order).toEqual(['connection ended', 'server closed']);
    client.end(true);
  });
});
