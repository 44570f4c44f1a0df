import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanups,
  closeAll,
  connectClient,
  connectUser,
  inbox,
  startBroker,
  waitFor,
} from './broker.testing';

afterEach(closeAll);

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
