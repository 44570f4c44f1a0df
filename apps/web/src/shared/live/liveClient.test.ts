import { userTopic } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeTransport } from './fakeLiveTransport';
import { createLiveClient } from './liveClient';

const notice = userTopic('u1', 'notice');
const device = userTopic('u1', 'device');

describe('live client', () => {
  it('subscribes a topic on its first listener and unsubscribes on its last', () => {
    const transport = createFakeTransport();
    transport.connect();
    const live = createLiveClient(transport);
    const stopA = live.subscribe(notice, () => undefined);
    const stopB = live.subscribe(notice, () => undefined);
    expect(transport.calls).toEqual([`sub ${notice}`]);
    expect(live.listeners(notice)).toBe(2);
    stopA();
    stopA();
    expect(transport.calls).toEqual([`sub ${notice}`]);
    expect(live.listeners(notice)).toBe(1);
    stopB();
    expect(transport.calls).toEqual([`sub ${notice}`, `unsub ${notice}`]);
    expect(live.topics()).toEqual([]);
  });

  it('counts the same handler listening twice as two listeners', () => {
    const transport = createFakeTransport();
    transport.connect();
    const live = createLiveClient(transport);
    const handler = () => undefined;
    const first = live.subscribe(device, handler);
    const second = live.subscribe(device, handler);
    first();
    expect(live.listeners(device)).toBe(1);
    second();
    expect(transport.calls).toEqual([`sub ${device}`, `unsub ${device}`]);
  });

  it('delivers parsed events to the listeners of their topic only', () => {
    const transport = createFakeTransport();
    transport.connect();
    const live = createLiveClient(transport);
    const heard: string[] = [];
    live.subscribe(notice, (payload, topic) => heard.push(`notice ${JSON.stringify(payload)} ${topic}`));
    live.subscribe(device, (payload) => heard.push(`device ${JSON.stringify(payload)}`));
    transport.deliver(notice, '{"type":"message","event":"read","messageId":null}');
    transport.deliver(userTopic('u1', 'job'), '{}');
    transport.deliver(device, 'not json');
    expect(heard).toEqual([
      `notice {"type":"message","event":"read","messageId":null} ${notice}`,
      'device undefined',
    ]);
  });

  it('subscribes what was asked for while offline once connected, and everything again after a reconnect', () => {
    const transport = createFakeTransport();
    const live = createLiveClient(transport);
    let reconnects = 0;
    live.subscribe(
      notice,
      () => undefined,
      () => reconnects++,
    );
    live.subscribe(device, () => undefined);
    expect(transport.calls).toEqual([]);
    transport.connect();
    expect(transport.calls).toEqual([`sub ${notice}`, `sub ${device}`]);
    transport.drop();
    transport.connect();
    expect(transport.calls).toEqual([`sub ${notice}`, `sub ${device}`, `sub ${notice}`, `sub ${device}`]);
    expect(reconnects).toBe(2);
  });

  it('closes the connection for good', () => {
    const transport = createFakeTransport();
    transport.connect();
    const live = createLiveClient(transport);
    const stop = live.subscribe(notice, () => undefined);
    live.close();
    stop();
    expect(transport.ended).toBe(true);
    expect(transport.calls).toEqual([`sub ${notice}`]);
  });

  it('reports live after connecting, lost when a live connection drops, and live again on reconnect', () => {
    const transport = createFakeTransport();
    const live = createLiveClient(transport);
    const seen: string[] = [];
    live.onStatus(() => seen.push(live.status()));
    expect(live.status()).toBe('connecting');
    transport.drop();
    expect(live.status()).toBe('connecting');
    transport.connect();
    transport.drop();
    transport.connect();
    expect(seen).toEqual(['live', 'lost', 'live']);
    live.close();
    transport.drop();
    expect(seen).toEqual(['live', 'lost', 'live']);
  });
});
