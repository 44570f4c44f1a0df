import { request } from 'node:http';
import { createServer } from 'node:net';
import { userTopic } from '@cpm/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The status line a plain request or an upgrade request gets. */
const statusOf = (port: number, path: string, upgrade: boolean) =>
  new Promise<number>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: upgrade
        ? {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          }
        : {},
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

describe('live messaging on a port of its own (LIVE_MQTT_PORT)', () => {
  let t: TestApp;
  let livePort: number;
  let mainPort: number;
  let admin: string;
  let reader: { id: string; token: string };

  beforeAll(async () => {
    livePort = await freePort();
    t = await createTestApp({ broker: true, env: { LIVE_MQTT_PORT: String(livePort) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    mainPort = (t.app.server.address() as { port: number }).port;
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    reader = await createAccount(t, { username: 'live_reader' });
  });
  afterAll(() => t.close());

  it('carries a signed-in user’s live events on that port, as on the main port', async () => {
    const onLive = await mqtt.connectAsync(`ws://127.0.0.1:${livePort}/mqtt`, {
      username: 'console',
      password: reader.token,
      reconnectPeriod: 0,
    });
    const onMain = await mqtt.connectAsync(`ws://127.0.0.1:${mainPort}/mqtt`, {
      username: 'console',
      password: reader.token,
      reconnectPeriod: 0,
    });
    try {
      const heard = (client: mqtt.MqttClient) =>
        new Promise<string>((resolve) => client.once('message', (topic) => resolve(topic)));
      await onLive.subscribeAsync(userTopic(reader.id, 'notice'), { qos: 1 });
      await onMain.subscribeAsync(userTopic(reader.id, 'notice'), { qos: 1 });
      const both = Promise.all([heard(onLive), heard(onMain)]);
      const saved = (
        await t.app.inject({
          method: 'POST',
          url: '/upms/v1/upms/sysMsg/addOrUpdate',
          headers: { satoken: admin },
          payload: { title: 'Hello', content: '<p>hi</p>', scope: 'users', targetIds: [reader.id] },
        })
      ).json();
      await t.app.inject({
        method: 'GET',
        url: `/upms/v1/upms/sysMsg/publish?id=${saved.result.id}`,
        headers: { satoken: admin },
      });
      expect(await both).toEqual([userTopic(reader.id, 'notice'), userTopic(reader.id, 'notice')]);
    } finally {
      await onLive.endAsync();
      await onMain.endAsync();
    }
  });

  it('refuses a connection without a valid session there', async () => {
    await expect(
      mqtt.connectAsync(`ws://127.0.0.1:${livePort}/mqtt`, {
        username: 'console',
        password: 'not-a-session',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
  });

  it('serves nothing but /mqtt on that port', async () => {
    expect(await statusOf(livePort, '/mqtt', false)).toBe(426);
    expect(await statusOf(livePort, '/remote/relay', true)).toBe(404);
    expect(await statusOf(livePort, '/upms/v1/upms/user/getPage', false)).toBe(426);
  });
});
