import { Pool } from 'undici';

/** The outcome of one POST: the status, or null with the error when no answer came. */
export type PostOutcome = { status: number | null; durationMs: number; error: string | null };

/** Sends one request; the HTTP adapter of outbound delivery (tests pass a fake). */
export type Sender = (r: {
  url: string;
  body: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}) => Promise<PostOutcome>;

/** Receivers whose pool was not used for this long have it closed. */
const IDLE_POOL_MS = 5 * 60_000;

/**
 * A sender with a pool of kept-alive connections per receiver (scheme, host and port), at most
 * `connections` each; redirects are not followed and a receiver that does not answer within
 * `timeoutMs` times out.
 */
export const createHttpSender = (o: {
  timeoutMs: number;
  connections?: number;
}): Sender & {
  close: () => Promise<void>;
} => {
  const pools = new Map<string, { pool: Pool; usedAt: number }>();
  const poolOf = (origin: string) => {
    const now = Date.now();
    for (const [key, p] of pools)
      if (now - p.usedAt > IDLE_POOL_MS) {
        pools.delete(key);
        p.pool.close().catch(() => undefined);
      }
    let p = pools.get(origin);
    if (!p) {
      p = {
        pool: new Pool(origin, {
          connections: o.connections ?? 16,
          headersTimeout: o.timeoutMs,
          bodyTimeout: o.timeoutMs,
          connect: { timeout: o.timeoutMs },
        }),
        usedAt: now,
      };
      pools.set(origin, p);
    }
    p.usedAt = now;
    return p.pool;
  };
  const send: Sender = async ({ url, body, headers, signal }) => {
    const started = performance.now();
    const done = (status: number | null, error: string | null): PostOutcome => ({
      status,
      durationMs: Math.round(performance.now() - started),
      error,
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(null, 'invalid URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return done(null, 'invalid URL');
    try {
      const res = await poolOf(target.origin).request({
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'CPM-Webhooks/1',
          ...headers,
        },
        body,
        signal,
      });
      // The answer's body is not kept; reading it to the end frees the connection for the next.
      await res.body.dump({ limit: 64 * 1024 });
      return done(res.statusCode, null);
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
      const code = e.code === 'UND_ERR_HEADERS_TIMEOUT' ? `no answer within ${o.timeoutMs} ms` : null;
      return done(null, (code ?? e.cause?.code ?? e.code ?? e.message).slice(0, 500));
    }
  };
  return Object.assign(send, {
    close: async () => {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((p) => p.pool.close().catch(() => undefined)));
    },
  });
};
