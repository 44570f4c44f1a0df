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
  random: () => number,
  load: () => ReturnType<typeof row>,
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
    const { cache, reads } = countingCache(
      clock,
      () => 0,
      () => row(owner),
    );
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
    const { cache, reads } = countingCache(
      clock,
      () => 0,
      () => row('a'),
    );
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
    const { cache } = countingCache(
      clock,
      () => 0,
      () => row(owner),
    );
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
      () => 1,
      () => row('a'),
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
