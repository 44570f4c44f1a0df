import { describe, expect, it } from 'vitest';
import { createSubscriptionRegistry, type FilterTransport } from './subscription-registry';

const recordingTransport = () => {
  const calls: string[] = [];
  let failNext = false;
  const transport: FilterTransport = {
    add: async (filter, id) => {
      calls.push(`add ${filter} #${id}`);
      if (failNext) {
        failNext = false;
        throw new Error('refused');
      }
    },
    remove: async (filter) => {
      calls.push(`remove ${filter}`);
    },
  };
  return { transport, calls, failOnce: () => (failNext = true) };
};

const build = () => {
  const recording = recordingTransport();
  const errors: unknown[] = [];
  const registry = createSubscriptionRegistry({
    transport: recording.transport,
    onHandlerError: (error) => errors.push(error),
  });
  return { registry, errors, ...recording };
};

describe('createSubscriptionRegistry', () => {
  it('subscribes the broker once per filter and unsubscribes after the last handler', async () => {
    const { registry, calls } = build();
    const first = await registry.subscribe('cpm/dev/+/up/#', () => undefined);
    const second = await registry.subscribe('cpm/dev/+/up/#', () => undefined);
    expect(calls).toEqual(['add cpm/dev/+/up/# #1']);
    await first();
    await first();
    expect(calls).toEqual(['add cpm/dev/+/up/# #1']);
    await second();
    expect(calls).toEqual(['add cpm/dev/+/up/# #1', 'remove cpm/dev/+/up/#']);
  });

  it('delivers by filter, by subscription id and by matching, each handler once per copy', async () => {
    const { registry } = build();
    const seen: string[] = [];
    await registry.subscribe('cpm/dev/+/up/#', (topic) => seen.push(`wide ${topic}`));
    await registry.subscribe('cpm/dev/SN1/up/heartbeat', (topic) => seen.push(`exact ${topic}`));
    const payload = Buffer.from('x');

    registry.deliverToIds([2, 2, 99], 'cpm/dev/SN1/up/heartbeat', payload);
    expect(seen).toEqual(['exact cpm/dev/SN1/up/heartbeat']);

    seen.length = 0;
    registry.deliverMatching('cpm/dev/SN1/up/heartbeat', payload);
    expect(seen.sort()).toEqual(['exact cpm/dev/SN1/up/heartbeat', 'wide cpm/dev/SN1/up/heartbeat']);

    seen.length = 0;
    registry.deliverToFilter('cpm/dev/+/up/#', 'cpm/dev/SN2/up/location', payload);
    registry.deliverToFilter('cpm/dev/+/up/#', '$SYS/not/for/wildcards', payload);
    expect(seen).toEqual(['wide cpm/dev/SN2/up/location']);
  });

  it('reports a throwing handler and still runs the others', async () => {
    const { registry, errors } = build();
    const seen: string[] = [];
    await registry.subscribe('a/#', () => {
      throw new Error('bug');
    });
    await registry.subscribe('a/#', (topic) => seen.push(topic));
    registry.deliverMatching('a/b', Buffer.alloc(0));
    expect(seen).toEqual(['a/b']);
    expect(errors).toHaveLength(1);
  });

  it('forgets a filter the broker refused, so the next subscribe asks again', async () => {
    const { registry, calls, failOnce } = build();
    failOnce();
    await expect(registry.subscribe('a/b', () => undefined)).rejects.toThrow('refused');
    await registry.subscribe('a/b', () => undefined);
    expect(calls).toEqual(['add a/b #1', 'remove a/b', 'add a/b #2']);
  });

  it('matches the filters held at the moment of delivery, whatever a handler changes meanwhile', async () => {
    const { registry } = build();
    const seen: string[] = [];
    let later: (() => Promise<void>) | undefined;
    const first = await registry.subscribe('a/#', (topic) => {
      seen.push(`first ${topic}`);
      // Subscribed during a delivery: hears the next message, not this one.
      void registry.subscribe('a/+', (t) => seen.push(`later ${t}`)).then((u) => (later = u));
    });
    registry.deliverMatching('a/b', Buffer.alloc(0));
    expect(seen).toEqual(['first a/b']);
    await first();
    seen.length = 0;
    registry.deliverMatching('a/c', Buffer.alloc(0));
    expect(seen).toEqual(['later a/c']);
    await later?.();
    seen.length = 0;
    registry.deliverMatching('a/d', Buffer.alloc(0));
    expect(seen).toEqual([]);
  });

  it('refuses a malformed filter without asking the broker', async () => {
    const { registry, calls } = build();
    await expect(registry.subscribe('a/#/b', () => undefined)).rejects.toThrow(/invalid MQTT topic filter/);
    expect(calls).toEqual([]);
  });
});
