import type { Clock } from '../../shared/clock';

/** What the gateway keeps about a terminal between messages. */
export type CachedTerminal = {
  id: string;
  sn: string;
  ownerId: string;
  secretHash: string | null;
  status: string;
};

/**
 * Longest a terminal's identity is trusted without reading it again. Changes are announced to every
 * instance at once, so this only bounds a missed announcement or an edit made outside the server; a
 * shorter time would cost a million-terminal fleet thousands of lookups a second.
 */
export const IDENTITY_TTL_MS = 5 * 60_000;
/** Entries expire between this share of the TTL and the whole of it, so a fleet that connected at once does not expire at once. */
const TTL_SPREAD = 0.2;
const IDENTITY_CACHE_MAX = 200_000;

/** Most SNs read in one statement when misses are loaded together. */
const LOAD_BATCH_MAX = 500;
/** How long a miss waits for others to share its statement. */
const LOAD_BATCH_WAIT_MS = 5;

/**
 * Who each SN is, read once per terminal and few minutes rather than once per message. Entries expire
 * after `ttlMs` (less up to a fifth, spread at random) and are dropped at once by `forget` (owner, status or secret changed, here or on another
 * instance). A read that started before a `forget` is not cached, so a slow lookup cannot bring back
 * what the change just removed. With `loadMany`, misses are read together (a fleet reconnecting at once
 * costs a statement per few hundred terminals, one statement at a time), and concurrent misses for
 * one SN share a read.
 */
export const createIdentityCache = (deps: {
  clock: Clock;
  load: (sn: string) => Promise<CachedTerminal | null>;
  /** Reads many SNs in one statement; when given, misses use it instead of `load`. */
  loadMany?: (sns: string[]) => Promise<CachedTerminal[]>;
  ttlMs?: number;
  max?: number;
  /** 0 to 1; spreads expiry (tests pin it). */
  random?: () => number;
}) => {
  const ttlMs = deps.ttlMs ?? IDENTITY_TTL_MS;
  const max = deps.max ?? IDENTITY_CACHE_MAX;
  const random = deps.random ?? Math.random;
  const entries = new Map<string, { row: CachedTerminal; until: number }>();
  let generation = 0;
  // Reads under way, one per SN, and misses waiting to be read together.
  const reading = new Map<string, Promise<CachedTerminal | null>>();
  let queued: { sn: string; resolve: (row: CachedTerminal | null) => void; reject: (e: unknown) => void }[] =
    [];
  let batchTimer: NodeJS.Timeout | undefined;
  let batches: Promise<void> = Promise.resolve();

  const readQueued = () => {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = undefined;
    const batch = queued;
    queued = [];
    const loadMany = deps.loadMany;
    if (!loadMany || batch.length === 0) return;
    // One statement at a time: a storm of misses waits in memory, not in the database's queue.
    batches = batches.then(async () => {
      try {
        const rows = await loadMany(batch.map((q) => q.sn));
        const bySn = new Map(rows.map((r) => [r.sn, r]));
        for (const q of batch) q.resolve(bySn.get(q.sn) ?? null);
      } catch (err) {
        for (const q of batch) q.reject(err);
      }
    });
  };

  const read = (sn: string): Promise<CachedTerminal | null> => {
    const under = reading.get(sn);
    if (under) return under;
    const promise = deps.loadMany
      ? new Promise<CachedTerminal | null>((resolve, reject) => {
          queued.push({ sn, resolve, reject });
          if (queued.length >= LOAD_BATCH_MAX) readQueued();
          else batchTimer ??= setTimeout(readQueued, LOAD_BATCH_WAIT_MS);
        })
      : deps.load(sn);
    reading.set(sn, promise);
    const done = () => {
      if (reading.get(sn) === promise) reading.delete(sn);
    };
    promise.then(done, done);
    return promise;
  };

  return {
    /**
     * The terminal with this SN when the cache holds it fresh, else undefined (read it with `get`).
     * Synchronous: a message from a known terminal is handled without waiting for anything.
     */
    peek(sn: string): CachedTerminal | undefined {
      const hit = entries.get(sn);
      return hit && hit.until > deps.clock.now().getTime() ? hit.row : undefined;
    },
    /** The terminal with this SN, from the cache while fresh; null for an unknown SN (never cached). */
    async get(sn: string): Promise<CachedTerminal | null> {
      const now = deps.clock.now().getTime();
      const hit = entries.get(sn);
      if (hit && hit.until > now) return hit.row;
      const startedAt = generation;
      const row = await read(sn);
      if (!row) {
        entries.delete(sn);
        return null;
      }
      if (startedAt === generation) {
        if (entries.size >= max) entries.clear();
        entries.set(sn, { row, until: now + ttlMs * (1 - TTL_SPREAD * random()) });
      }
      return row;
    },
    /** Drop these SNs now; reads already under way for any SN are not cached. */
    forget(sns: readonly string[]) {
      generation++;
      for (const sn of sns) entries.delete(sn);
    },
    size: () => entries.size,
    /** SNs being read or waiting to be read now (how far behind the database is). */
    reading: () => reading.size,
  };
};

export type IdentityCache = ReturnType<typeof createIdentityCache>;
