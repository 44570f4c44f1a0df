import { type PaymentLockCommand, systemTopics } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Broker } from '../../gateway/broker';
import { createHeartbeatAnswers, HEARTBEAT_ANSWER_TTL_MS } from './heartbeat-answers';

const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';
const LOCK: PaymentLockCommand = { type: 'paymentLock', locked: true, fence: 'Till', ts: 1 };

/** Answers over a fake store whose counts and locks the test sets. */
const setup = () => {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) };
  const store = { pending: new Map<string, number>(), locks: new Map<string, PaymentLockCommand>() };
  const pending = vi.fn(async (id: string) => store.pending.get(id) ?? 0);
  const paymentLock = vi.fn(async (id: string) => store.locks.get(id) ?? null);
  const log = { warn: vi.fn() };
  const answers = createHeartbeatAnswers({ clock, pending, paymentLock, log });
  return { answers, store, pending, paymentLock, log, advance: (ms: number) => (now += ms), clock };
};

/** A broker that keeps what is published and hands subscribers what the test sends. */
const fakeBroker = () => {
  const published: { topic: string; body: unknown }[] = [];
  const handlers = new Map<string, (topic: string, payload: Buffer) => unknown>();
  const broker: Pick<Broker, 'publish' | 'subscribe'> = {
    publish: async (topic, payload) => {
      published.push({ topic, body: JSON.parse(payload.toString()) });
    },
    subscribe: async (filter, handler) => {
      handlers.set(filter, handler);
      return async () => {
        handlers.delete(filter);
      };
    },
  };
  const deliver = (body: string) =>
    handlers.get(systemTopics.terminalWork)?.(systemTopics.terminalWork, Buffer.from(body));
  return { broker, published, deliver };
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('heartbeat answers', () => {
  it('reads a terminal once and answers later heartbeats from memory', async () => {
    const s = setup();
    s.store.pending.set(T1, 2);
    expect(await s.answers.get(T1)).toEqual({ pending: 2, paymentLock: null });
    s.store.pending.set(T1, 5);
    expect(await s.answers.get(T1)).toEqual({ pending: 2, paymentLock: null });
    expect(s.pending).toHaveBeenCalledTimes(1);
  });

  it('reads again after a change of that terminal, and only that terminal', async () => {
    const s = setup();
    await s.answers.get(T1);
    await s.answers.get(T2);
    s.store.pending.set(T1, 1);
    s.store.pending.set(T2, 1);
    s.answers.changed([T1]);
    expect((await s.answers.get(T1)).pending).toBe(1);
    expect((await s.answers.get(T2)).pending).toBe(0);
  });

  it('reads every terminal again after a change of any', async () => {
    const s = setup();
    await s.answers.get(T1);
    await s.answers.get(T2);
    s.store.pending.set(T2, 3);
    s.answers.changed();
    expect((await s.answers.get(T2)).pending).toBe(3);
  });

  it('reads a terminal again after its pull or result', async () => {
    const s = setup();
    s.store.pending.set(T1, 1);
    await s.answers.get(T1);
    s.store.pending.set(T1, 0);
    s.answers.taken(T1);
    expect((await s.answers.get(T1)).pending).toBe(0);
  });

  it('does not keep or share a read that started before a change', async () => {
    const s = setup();
    let release: (n: number) => void = () => undefined;
    s.pending.mockImplementationOnce(() => new Promise<number>((resolve) => (release = resolve)));
    const before = s.answers.get(T1);
    s.store.pending.set(T1, 4);
    s.answers.changed([T1]);
    const after = s.answers.get(T1);
    release(0);
    expect((await before).pending).toBe(0);
    expect((await after).pending).toBe(4);
    expect((await s.answers.get(T1)).pending).toBe(4);
  });

  it("keeps a read under way when another terminal's answer is dropped", async () => {
    const s = setup();
    const reading = s.answers.get(T1);
    s.answers.taken(T2);
    await reading;
    await s.answers.get(T1);
    expect(s.pending).toHaveBeenCalledTimes(1);
  });

  it('reads again once the answer is older than its time to live', async () => {
    const s = setup();
    await s.answers.get(T1);
    s.store.pending.set(T1, 1);
    s.advance(HEARTBEAT_ANSWER_TTL_MS + 1);
    expect((await s.answers.get(T1)).pending).toBe(1);
  });

  it('stamps a lock with the time it is answered', async () => {
    const s = setup();
    s.store.locks.set(T1, LOCK);
    await s.answers.get(T1);
    s.advance(5_000);
    expect((await s.answers.get(T1)).paymentLock).toEqual({ ...LOCK, ts: s.clock.now().getTime() });
  });

  it('tells other instances of the changes of one turn in one notice', async () => {
    const s = setup();
    const b = fakeBroker();
    await s.answers.listen(b.broker);
    s.answers.changed([T1]);
    s.answers.changed([T2]);
    await nextTurn();
    expect(b.published).toEqual([{ topic: systemTopics.terminalWork, body: { terminalIds: [T1, T2] } }]);
    s.answers.changed([T1]);
    s.answers.changed();
    await nextTurn();
    expect(b.published[1]).toEqual({ topic: systemTopics.terminalWork, body: {} });
  });

  it('does not tell other instances of a pull', async () => {
    const s = setup();
    const b = fakeBroker();
    await s.answers.listen(b.broker);
    s.answers.taken(T1);
    await nextTurn();
    expect(b.published).toEqual([]);
  });

  it("reads again after another instance's notice, and ignores a malformed one", async () => {
    const s = setup();
    const b = fakeBroker();
    await s.answers.listen(b.broker);
    await s.answers.get(T1);
    s.store.pending.set(T1, 2);
    b.deliver('not json');
    expect(s.log.warn).toHaveBeenCalledOnce();
    expect((await s.answers.get(T1)).pending).toBe(0);
    b.deliver(JSON.stringify({ terminalIds: [T1] }));
    expect((await s.answers.get(T1)).pending).toBe(2);
  });
});
