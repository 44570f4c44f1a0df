import { userTopic } from '@cpm/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../test-support/accounts';
import { type ListeningApp, openListeningApp } from '../../test-support/listening-app';
import { brokerModes, loginAs } from '../../test-support/test-app';

/**
 * A console tab keeps an open `/mqtt` connection authenticated with its session token. Before, it
 * went on hearing live events after logout, kick-out, disable or a password reset.
 */
describe.each(brokerModes())('live connections end with their session ($name)', ({ env }) => {
  let world: ListeningApp;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    world = await openListeningApp('tabs', { broker: true, env, sessionCheckMs: 100 });
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await world.t.close();
  });

  /** A console tab on `/mqtt`, listening on its user's notice topic. */
  const tab = async (token: string, userId: string) => {
    const client = await mqtt.connectAsync(world.wsUrl, {
      username: 'console',
      password: token,
      reconnectPeriod: 0,
    });
    clients.push(client);
    await client.subscribeAsync(userTopic(userId, 'notice'), { qos: 1 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    return { client, closed };
  };

  /** The tab still hears its topic: an event published now arrives. */
  const stillHears = async (client: MqttClient, userId: string) => {
    const arrived = new Promise<void>((resolve) => client.once('message', () => resolve()));
    await world.t.broker?.publish(userTopic(userId, 'notice'), '{}', { qos: 1 });
    await arrived;
    expect(client.connected).toBe(true);
  };

  it('closes at logout, and another session of the same user keeps its tab', async () => {
    const user = await createAccount(world.t, { username: 'tab-logout' });
    const other = await loginAs(world.t.app, 'tab-logout', ACCOUNT_PASSWORD);
    const first = await tab(user.token, user.id);
    const second = await tab(other.token, user.id);
    const out = await callApi(
      world.t,
      user.token,
      'GET',
      `/oauth/v1/oauth/login/doLogout?token=${user.token}`,
    );
    expect(out.body.code).toBe(1);
    await first.closed;
    await stillHears(second.client, user.id);
  });

  it('closes when an administrator kicks the user out, disables them or resets their password', async () => {
    const adminTab = await tab(world.admin.token, world.admin.userId);
    for (const [name, end] of [
      [
        'kicked',
        (id: string) => callApi(world.t, world.admin.token, 'POST', '/upms/v1/upms/user/kickOut', { id }),
      ],
      [
        'disabled',
        (id: string) =>
          callApi(world.t, world.admin.token, 'POST', '/upms/v1/upms/user/updateStatus', {
            id,
            enabled: false,
          }),
      ],
      [
        'reset',
        (id: string) =>
          callApi(world.t, world.admin.token, 'POST', '/upms/v1/upms/user/resetPassword', {
            id,
            password: 'Fresh#Pass9',
          }),
      ],
    ] as const) {
      const user = await createAccount(world.t, { username: `tab-${name}` });
      const { closed } = await tab(user.token, user.id);
      expect((await end(user.id)).body.code, name).toBe(1);
      await closed;
    }
    await stillHears(adminTab.client, world.admin.userId);
  });

  it('closes once the session passes its idle limit, without any request', async () => {
    const user = await createAccount(world.t, { username: 'tab-idle' });
    const { closed } = await tab(user.token, user.id);
    world.t.clock.advance(3 * 60 * 60_000);
    await closed;
  });
});
