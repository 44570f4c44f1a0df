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
    /** Trusted until then (the TTL, spread); a message after it waits for the terminal to be read again. */
    until: number;
    /** A message from then on has the terminal read again in the background (see `REFRESH_AHEAD`). */
    refreshAt: number;
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
/**
 * Share of the TTL before expiry in which a message from the terminal has it read again in the
 * background, with other terminals' in one statement, while the message is handled from the entry: a
 * terminal heard from at least once a minute never waits for its identity. Without it, every
 * terminal's first message after expiry waited for its read, and a fleet that came online together
 * spent a minute at about a third more CPU every TTL, mostly on a statement per terminal (see
 * `REFRESH_BATCH_WAIT_MS`).
 */
const REFRESH_AHEAD = 0.2;
const IDENTITY_CACHE_MAX = 200_000;

/** Most SNs read in one statement when misses are loaded together. */
const LOAD_BATCH_MAX = 500;
/** How long a miss waits for others to share its statement when none is being read. */
const LOAD_BATCH_WAIT_MS = 5;
/**
 * How long a terminal due to be read again waits for others to share its statement. Nobody waits for
 * it, and its entry stays trusted for a minute yet: a fleet's refreshes trickle in (10,000 terminals
 * over a minute are 170 a second), and at a miss's 5 ms nearly every one took a statement of its own,
 * which cost as much as the waiting path it replaced.
 */
const REFRESH_BATCH_WAIT_MS = 1000;

/**
 * Who each SN is, read once per terminal and few minutes rather than once per message. Entries expire
 * after `ttlMs` (less up to a fifth, spread at random) and are dropped at once by `forget` (owner, status
 * or secret changed, here or on another instance); a terminal heard from in the last fifth before
 * expiry is read again in the background, so a live terminal's messages never wait for it. A read that
 * started before a `forget` is not cached, so a slow lookup cannot bring back what the change just
 * removed. With `loadMany`, misses are read together (a fleet reconnecting at once
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

  /** Trusts `row` for another TTL; an unchanged row keeps its object and the identity built from it. */
  const trust = (entry: IdentityEntry, row: CachedTerminal, now: number) => {
    entry.until = now + ttlMs * (1 - TTL_SPREAD * random());
    entry.refreshAt = entry.until - ttlMs * REFRESH_AHEAD;
    if (!sameTerminal(entry.row, row)) {
      entry.row = row;
      entry.device = undefined;
    }
  };

  // Nobody waits on a refresh: every batch answers this (empty, never written to).
  const noAnswers = new Map<IdentityEntry, never>();
  // Entries read again ahead of expiry, a statement per batch. A batch that fails leaves its entries to
  // expire and be read on demand (where the failure is heard); an entry forgotten or replaced while it
  // was being read is left as it is now.
  const refreshes = createBatcher<IdentityEntry, never>({
    run: async (batch) => {
      const sns = batch.map((e) => e.row.sn);
      let rows: CachedTerminal[];
      try {
        rows = loadMany
          ? await loadMany(sns)
          : (await Promise.all(sns.map(deps.load))).filter((r): r is CachedTerminal => r !== null);
      } catch {
        return noAnswers;
      }
      const bySn = new Map(rows.map((r) => [r.sn, r]));
      const now = nowMs(deps.clock);
      for (const entry of batch) {
        const sn = entry.row.sn;
        if (entries.get(sn) !== entry) continue;
        const row = bySn.get(sn);
        if (row) trust(entry, row, now);
        else entries.delete(sn);
      }
      return noAnswers;
    },
    maxBatch: LOAD_BATCH_MAX,
    waitMs: REFRESH_BATCH_WAIT_MS,
  });

  const peekEntry = (sn: string): IdentityEntry | undefined => {
    const hit = entries.get(sn);
    if (!hit) return undefined;
    const now = nowMs(deps.clock);
    if (now < hit.refreshAt) return hit;
    if (now >= hit.until) return undefined;
    // Due: read again once, in the background; this message is handled from the entry meanwhile.
    hit.refreshAt = hit.until;
    refreshes.queue(hit);
    return hit;
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
        // Refreshed in place: what the gateway keeps with the terminal stays with it.
        let entry = entries.get(sn);
        if (!entry) {
          if (entries.size >= max) entries.clear();
          // Every field from the start: entries share one shape, read the same way on every message.
          entry = { row, until: 0, refreshAt: 0, device: undefined, bucket: undefined, slot: undefined };
          entries.set(sn, entry);
        }
        trust(entry, row, now);
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
    /** Entries being read again ahead of expiry or waiting to be. */
    refreshing: () => refreshes.pending(),
    /** Reads what waits to be read again now and waits for it (before the database closes). */
    settle: () => refreshes.drain(),
  };
};

export type IdentityCache = ReturnType<typeof createIdentityCache>;

const sameTerminal = (a: CachedTerminal, b: CachedTerminal) =>
  a.id === b.id &&
  a.sn === b.sn &&
  a.ownerId === b.ownerId &&
  a.secretHash === b.secretHash &&
  a.status === b.status;
