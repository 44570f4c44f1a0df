import { describe, expect, it, vi } from 'vitest';
import { createBatcher, createLimiter } from './batcher';

describe('batcher', () => {
  it('answers keys asked for together from one run, a repeated key sharing its answer', async () => {
    const runs: string[][] = [];
    const batcher = createBatcher<string, number>({
      run: async (keys) => {
        runs.push(keys);
        return new Map(keys.filter((k) => k !== 'none').map((k) => [k, k.length]));
      },
      waitMs: 5,
    });
    const answers = await Promise.all(['a', 'bb', 'a', 'none'].map((k) => batcher.get(k)));
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(runs).toEqual([['a', 'bb', 'none']]);
    expect(batcher.pending()).toBe(0);
  });

  it('takes keys queued without waiting into the same batch as those waited for, and drains them', async () => {
    const runs: string[][] = [];
    const batcher = createBatcher<string, number>({
      run: async (keys) => {
        runs.push(keys);
        return new Map(keys.map((k) => [k, k.length]));
      },
      waitMs: 1_000,
    });
    batcher.queue('a');
    const waited = batcher.get('a');
    batcher.queue('bb');
    batcher.queue('ccc');
    expect(batcher.pending()).toBe(3);
    await batcher.drain();
    expect(await waited).toBe(1);
    expect(runs).toEqual([['a', 'bb', 'ccc']]);
    // A key queued again after one waited for it still has its waiter answered.
    const again = batcher.get('d');
    batcher.queue('d');
    await batcher.drain();
    expect(await again).toBe(1);
    expect(runs[1]).toEqual(['d']);
    expect(batcher.pending()).toBe(0);
  });

  it('runs a full batch at once, one run at a time, and fails every key of a failed run', async () => {
    let running = 0;
    let most = 0;
    const batcher = createBatcher<number, number>({
      run: async (keys) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (keys.includes(99)) throw new Error('down');
        return new Map(keys.map((k) => [k, k * 2]));
      },
      maxBatch: 2,
      waitMs: 1_000,
    });
    const ok = await Promise.all([1, 2, 3, 4].map((k) => batcher.get(k)));
    expect(ok).toEqual([2, 4, 6, 8]);
    expect(most).toBe(1);
    await expect(Promise.all([98, 99].map((k) => batcher.get(k)))).rejects.toThrow('down');
  });

  it('gathers the keys that arrive while a batch runs into the next one, and spaces quick batches by waitMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const runs: string[][] = [];
      let open: () => void = () => undefined;
      let gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const batcher = createBatcher<string, string>({
        run: async (keys) => {
          runs.push(keys);
          await gate;
          return new Map(keys.map((k) => [k, k]));
        },
        waitMs: 5,
      });
      const first = batcher.get('a');
      await vi.advanceTimersByTimeAsync(5);
      expect(runs).toEqual([['a']]);
      // The database is slow: keys keep arriving, spread over several waits, while 'a' is answered.
      const more = [batcher.get('b')];
      await vi.advanceTimersByTimeAsync(20);
      more.push(batcher.get('c'));
      await vi.advanceTimersByTimeAsync(20);
      more.push(batcher.get('d'));
      expect(runs).toEqual([['a']]);
      open();
      expect(await Promise.all([first, ...more])).toEqual(['a', 'b', 'c', 'd']);
      // They had waited longer than waitMs: one batch, at once.
      expect(runs).toEqual([['a'], ['b', 'c', 'd']]);

      // Quick answers: a key arriving right after a batch still waits waitMs for company.
      gate = Promise.resolve();
      const e = batcher.get('e');
      await vi.advanceTimersByTimeAsync(4);
      const f = batcher.get('f');
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all([e, f])).toEqual(['e', 'f']);
      expect(runs).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits how many calls run at once, the rest waiting in order', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const call = (n: number) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(n);
        running--;
        return n;
      });
    const calls = [1, 2, 3, 4, 5].map(call);
    expect(limit.waiting()).toBe(3);
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(limit.waiting()).toBe(0);
  });
});
