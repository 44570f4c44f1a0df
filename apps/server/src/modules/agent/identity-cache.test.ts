import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test-support/test-app';
import { type CachedTerminal, createIdentityCache } from './identity-cache';

const row = (ownerId: string): CachedTerminal => ({
  id: 't1',
  sn: 'SN0001',
  ownerId,
  secretHash: 'h',
  status: 'activated',
});

/** A loader whose answers the test releases one at a time. */
const controlledLoader = () => {
  const waiting: ((r: CachedTerminal | null) => void)[] = [];
  let reads = 0;
  return {
    load: () => {
      reads++;
      return new Promise<CachedTerminal | null>((resolve) => waiting.push(resolve));
    },
    answer: (r: CachedTerminal | null) => waiting.shift()?.(r),
    reads: () => reads,
  };
};

/** A cache with a one-minute TTL whose loads are counted. */
const countingCache = (
  clock: ReturnType<typeof createTestClock>,
  load: () => ReturnType<typeof row>,
  random: () => number = () => 0,
) => {
  let n = 0;
  const cache = createIdentityCache({
    clock,
    ttlMs: 60_000,
    random,
    load: async () => {
      n++;
      return load();
    },
  });
  return { cache, reads: () => n };
};

describe('terminal identity cache', () => {
  it('reads a terminal once while fresh and again after it expires, at most the TTL later', async () => {
    const clock = createTestClock();
    let owner = 'a';
    const { cache, reads } = countingCache(clock, () => row(owner));
    expect((await cache.get('SN0001'))?.ownerId).toBe('a');
    owner = 'b';
    clock.advance(59_999);
    expect((await cache.get('SN0001'))?.ownerId).toBe('a');
    expect(reads()).toBe(1);
    clock.advance(1);
    expect((await cache.get('SN0001'))?.ownerId).toBe('b');
    expect(reads()).toBe(2);
  });

  it('answers a fresh entry synchronously with peekEntry, and nothing for an unknown, expired or forgotten SN', async () => {
    const clock = createTestClock();
    const { cache, reads } = countingCache(clock, () => row('a'));
    expect(cache.peekEntry('SN0001')).toBeUndefined();
    await cache.get('SN0001');
    expect(cache.peekEntry('SN0001')?.row.ownerId).toBe('a');
    clock.advance(60_000);
    expect(cache.peekEntry('SN0001')).toBeUndefined();
    await cache.get('SN0001');
    cache.forget(['SN0001']);
    expect(cache.peekEntry('SN0001')).toBeUndefined();
    // Peeking never reads.
    expect(reads()).toBe(2);
  });

  it('keeps one entry per terminal across expiry, with what the gateway holds in it, until forgotten', async () => {
    const clock = createTestClock();
    let owner = 'a';
    const { cache } = countingCache(clock, () => row(owner));
    await cache.get('SN0001');
    const entry = cache.peekEntry('SN0001');
    if (!entry) throw new Error('not cached');
    const bucket = { tokens: 1, at: 0, reportedAt: 0, dropped: 0, listed: false };
    entry.bucket = bucket;
    entry.device = { id: 't1', sn: 'SN0001', ownerId: 'a' };
    // Read again after its TTL: the same entry, the new owner, and the identity built from the old row dropped.
    owner = 'b';
    clock.advance(60_000);
    expect(cache.peekEntry('SN0001')).toBeUndefined();
    await cache.get('SN0001');
    expect(cache.peekEntry('SN0001')).toBe(entry);
    expect(entry.row.ownerId).toBe('b');
    expect(entry.bucket).toBe(bucket);
    expect(entry.device).toBeUndefined();
    // Forgotten: a new entry with nothing held.
    cache.forget(['SN0001']);
    await cache.get('SN0001');
    expect(cache.peekEntry('SN0001')).not.toBe(entry);
    expect(cache.peekEntry('SN0001')?.bucket).toBeUndefined();
  });

  it('spreads expiry over the last fifth of the TTL', async () => {
    const clock = createTestClock();
    const { cache, reads } = countingCache(
      clock,
      () => row('a'),
      () => 1,
    );
    await cache.get('SN0001');
    clock.advance(47_999);
    await cache.get('SN0001');
    expect(reads()).toBe(1);
    clock.advance(1);
    await cache.get('SN0001');
    expect(reads()).toBe(2);
  });

  it('reads again at once after forget', async () => {
    let owner = 'a';
    const cache = createIdentityCache({ clock: createTestClock(), load: async () => row(owner) });
    await cache.get('SN0001');
    owner = 'b';
    cache.forget(['SN0001']);
    expect((await cache.get('SN0001'))?.ownerId).toBe('b');
  });

  it('does not keep an answer whose read began before a forget', async () => {
    const loader = controlledLoader();
    const cache = createIdentityCache({ clock: createTestClock(), load: loader.load });
    const slow = cache.get('SN0001');
    cache.forget(['SN0001']);
    loader.answer(row('old'));
    expect((await slow)?.ownerId).toBe('old');
    expect(cache.size()).toBe(0);
    const next = cache.get('SN0001');
    loader.answer(row('new'));
    expect((await next)?.ownerId).toBe('new');
    expect(loader.reads()).toBe(2);
    expect(cache.size()).toBe(1);
  });

  it('never caches an unknown SN', async () => {
    let reads = 0;
    const cache = createIdentityCache({
      clock: createTestClock(),
      load: async () => {
        reads++;
        return null;
      },
    });
    expect(await cache.get('SN0404')).toBeNull();
    expect(await cache.get('SN0404')).toBeNull();
    expect(reads).toBe(2);
  });

  it('reads misses arriving together in one statement, one read per SN however many ask', async () => {
    const batches: string[][] = [];
    const cache = createIdentityCache({
      clock: createTestClock(),
      load: async () => {
        throw new Error('misses are read together');
      },
      loadMany: async (sns) => {
        batches.push(sns);
        return sns.filter((sn) => sn !== 'SN0404').map((sn) => ({ ...row('o'), sn }));
      },
    });
    const answers = await Promise.all(['SN0001', 'SN0002', 'SN0001', 'SN0404'].map((sn) => cache.get(sn)));
    expect(answers.map((a) => a?.sn ?? null)).toEqual(['SN0001', 'SN0002', 'SN0001', null]);
    expect(batches).toEqual([['SN0001', 'SN0002', 'SN0404']]);
    expect(cache.reading()).toBe(0);
    expect((await cache.get('SN0002'))?.sn).toBe('SN0002');
    expect(batches).toHaveLength(1);
  });
});

describe('terminal identity cache, read again ahead of expiry', () => {
  /** A batched cache with a one-minute TTL, expiry unspread, whose statements the test answers. */
  const aheadCache = () => {
    const clock = createTestClock();
    const statements: { sns: string[]; answer: (rows: CachedTerminal[] | Error) => void }[] = [];
    const cache = createIdentityCache({
      clock,
      ttlMs: 60_000,
      random: () => 0,
      load: async () => {
        throw new Error('read together');
      },
      loadMany: (sns) =>
        new Promise<CachedTerminal[]>((resolve, reject) =>
          statements.push({ sns, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) }),
        ),
    });
    const first = async (...rows: CachedTerminal[]) => {
      const got = Promise.all(rows.map((r) => cache.get(r.sn)));
      await until(() => statements.length > 0);
      statements.shift()?.answer(rows);
      await got;
    };
    // Polls (a refresh waits up to a second for others to share its statement).
    const until = async (done: () => boolean) => {
      const deadline = performance.now() + 5000;
      while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      if (!done()) throw new Error('not within 5 s');
    };
    return { clock, cache, statements, first, until };
  };
  const terminal = (sn: string, ownerId = 'a'): CachedTerminal => ({ ...row(ownerId), id: sn, sn });

  it('answers from the entry in the last fifth of the TTL and reads the terminals due in one statement', async () => {
    const { clock, cache, statements, first, until } = aheadCache();
    await first(terminal('SN1'), terminal('SN2'), terminal('SN3'));
    const entry = cache.peekEntry('SN1');
    if (!entry) throw new Error('not cached');
    const device = { id: 'SN1', sn: 'SN1', ownerId: 'a' };
    entry.device = device;
    clock.advance(47_999);
    expect(cache.peekEntry('SN1')).toBe(entry);
    expect(cache.refreshing()).toBe(0);
    clock.advance(1);
    // Due: still answered at once, and each due terminal queued once however often it is heard from.
    expect(cache.peekEntry('SN1')).toBe(entry);
    expect(cache.peekEntry('SN1')).toBe(entry);
    // Due a little later: waits for the same statement rather than taking one of its own.
    await new Promise((r) => setTimeout(r, 20));
    expect(cache.peekEntry('SN2')?.row.sn).toBe('SN2');
    expect(cache.refreshing()).toBe(2);
    await until(() => statements.length > 0);
    expect(statements.map((s) => s.sns)).toEqual([['SN1', 'SN2']]);
    // SN1 unchanged keeps its row and identity; SN2 has a new owner.
    const oldRow = entry.row;
    statements.shift()?.answer([terminal('SN1'), terminal('SN2', 'b')]);
    await until(() => cache.refreshing() === 0);
    expect(entry.row).toBe(oldRow);
    expect(entry.device).toBe(device);
    expect(cache.peekEntry('SN2')?.row.ownerId).toBe('b');
    expect(cache.peekEntry('SN2')?.device).toBeUndefined();
    // Trusted a whole TTL from the read; SN3, not heard from, expired at its time.
    clock.advance(47_999);
    expect(cache.peekEntry('SN1')).toBe(entry);
    expect(cache.peekEntry('SN3')).toBeUndefined();
    expect(cache.refreshing()).toBe(0);
  });

  it('drops a terminal the database no longer has, and leaves one forgotten or replaced meanwhile', async () => {
    const { clock, cache, statements, first, until } = aheadCache();
    await first(terminal('SN1'), terminal('SN2'), terminal('SN3'));
    clock.advance(48_000);
    for (const sn of ['SN1', 'SN2', 'SN3']) cache.peekEntry(sn);
    await until(() => statements.length > 0);
    // SN2 changes while the statement runs; SN3 is replaced (its SN given to a new terminal) and read
    // anew before the statement, which did not see the new one, answers.
    cache.forget(['SN2', 'SN3']);
    const again = cache.get('SN3');
    const stale = statements.shift();
    await until(() => statements.length > 0);
    statements.shift()?.answer([terminal('SN3', 'new')]);
    await again;
    stale?.answer([terminal('SN2', 'old')]);
    await until(() => cache.refreshing() === 0);
    expect(cache.peekEntry('SN1')).toBeUndefined();
    expect(cache.peekEntry('SN2')).toBeUndefined();
    expect(cache.peekEntry('SN3')?.row.ownerId).toBe('new');
    expect(cache.size()).toBe(1);
  });

  it('reads what waits to be read again at once when settled, before the database closes', async () => {
    const { clock, cache, statements, first } = aheadCache();
    await first(terminal('SN1'));
    clock.advance(48_000);
    cache.peekEntry('SN1');
    const settled = cache.settle();
    // Sent now (once pending callbacks have run), not when its second of gathering ends.
    await new Promise((r) => setImmediate(r));
    expect(statements.map((s) => s.sns)).toEqual([['SN1']]);
    statements.shift()?.answer([terminal('SN1', 'b')]);
    await settled;
    expect(cache.refreshing()).toBe(0);
    expect(cache.peekEntry('SN1')?.row.ownerId).toBe('b');
  });

  it('leaves entries whose read failed to expire and be read on demand', async () => {
    const { clock, cache, statements, first, until } = aheadCache();
    await first(terminal('SN1'));
    clock.advance(48_000);
    const entry = cache.peekEntry('SN1');
    await until(() => statements.length > 0);
    statements.shift()?.answer(new Error('database away'));
    await until(() => cache.refreshing() === 0);
    // Not asked again before expiry; after it, a message waits for the read.
    expect(cache.peekEntry('SN1')).toBe(entry);
    expect(statements).toHaveLength(0);
    clock.advance(12_000);
    expect(cache.peekEntry('SN1')).toBeUndefined();
    const read = cache.get('SN1');
    await until(() => statements.length > 0);
    statements.shift()?.answer([terminal('SN1', 'b')]);
    expect((await read)?.ownerId).toBe('b');
    expect(cache.peekEntry('SN1')).toBe(entry);
  });
});
