import { createBatcher } from '../../shared/batcher';
import { type Clock, nowMs } from '../../shared/clock';
import type { SlotHolder } from './heartbeat-writer';
import type { BucketHolder } from './terminal-rate-limit';

/** What the gateway keeps about a terminal between messages. */
export type CachedTerminal = {
  id: string;
  sn: string;
  ownerId: string;
  secretHash: string | null;
  status: string;
};

/**
 * A cached terminal, and what the gateway's other parts keep of it between its messages (its rate-limit
 * bucket, its heartbeat writer slot): a message from a known terminal finds all of it with one lookup.
 * Refreshing the terminal after its TTL keeps the entry; `forget` drops it.
 */
export type IdentityEntry = SlotHolder &
  BucketHolder & {
    row: CachedTerminal;
    until: number;
    /** The terminal as the device rules see it, built from `row` once (cleared when `row` changes). */
    device?: { id: string; sn: string; ownerId: string } | null;
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
/** How long a miss waits for others to share its statement when none is being read. */
const LOAD_BATCH_WAIT_MS = 5;

/**
 * Who each SN is, read once per terminal and few minutes rather than once per message. Entries expire
 * after `ttlMs` (less up to a fifth, spread at random) and are dropped at once by `forget` (owner, status or secret changed, here or on another
 * instance). A read that started before a `forget` is not cached, so a slow lookup cannot bring back
 * what the change just removed. With `loadMany`, misses are read together (a fleet reconnecting at once
 * costs a statement per few hundred terminals, one statement at a time, the misses arriving meanwhile
 * in the next), and concurrent misses for one SN share a read.
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
  const entries = new Map<string, IdentityEntry>();
  let generation = 0;
  // Reads under way, one per SN.
  const reading = new Map<string, Promise<CachedTerminal | null>>();
  // Misses read together: a statement at a time, the misses that arrive meanwhile in the next one.
  const loadMany = deps.loadMany;
  const misses =
    loadMany &&
    createBatcher<string, CachedTerminal>({
      run: async (sns) => new Map((await loadMany(sns)).map((r) => [r.sn, r])),
      maxBatch: LOAD_BATCH_MAX,
      waitMs: LOAD_BATCH_WAIT_MS,
    });

  const read = (sn: string): Promise<CachedTerminal | null> => {
    const under = reading.get(sn);
    if (under) return under;
    const promise = misses ? misses.get(sn).then((row) => row ?? null) : deps.load(sn);
    reading.set(sn, promise);
    const done = () => {
      if (reading.get(sn) === promise) reading.delete(sn);
    };
    promise.then(done, done);
    return promise;
  };

  const peekEntry = (sn: string): IdentityEntry | undefined => {
    const hit = entries.get(sn);
    return hit && hit.until > nowMs(deps.clock) ? hit : undefined;
  };

  return {
    /**
     * The terminal's entry (see `IdentityEntry`) when the cache holds it fresh, else undefined (read it
     * with `get`). Synchronous: a message from a known terminal is handled without waiting for anything.
     */
    peekEntry,
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
        const until = now + ttlMs * (1 - TTL_SPREAD * random());
        // Refreshed in place: what the gateway keeps with the terminal stays with it.
        const entry = entries.get(sn);
        if (entry) {
          entry.row = row;
          entry.until = until;
          entry.device = undefined;
        } else {
          if (entries.size >= max) entries.clear();
          // Every field from the start: entries share one shape, read the same way on every message.
          entries.set(sn, { row, until, device: undefined, bucket: undefined, slot: undefined });
        }
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
