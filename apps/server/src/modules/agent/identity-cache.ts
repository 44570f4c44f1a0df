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

/**
 * Who each SN is, read once per terminal and few minutes rather than once per message. Entries expire
 * after `ttlMs` (less up to a fifth, spread at random) and are dropped at once by `forget` (owner, status or secret changed, here or on another
 * instance). A read that started before a `forget` is not cached, so a slow lookup cannot bring back
 * what the change just removed.
 */
export const createIdentityCache = (deps: {
  clock: Clock;
  load: (sn: string) => Promise<CachedTerminal | null>;
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

  return {
    /** The terminal with this SN, from the cache while fresh; null for an unknown SN (never cached). */
    async get(sn: string): Promise<CachedTerminal | null> {
      const now = deps.clock.now().getTime();
      const hit = entries.get(sn);
      if (hit && hit.until > now) return hit.row;
      const startedAt = generation;
      const row = await deps.load(sn);
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
  };
};

export type IdentityCache = ReturnType<typeof createIdentityCache>;
