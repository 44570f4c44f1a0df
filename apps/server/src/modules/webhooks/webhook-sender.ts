import http from 'node:http';
import https from 'node:https';

/** The outcome of one POST: the status, or null with the error when no answer came. */
export type PostOutcome = { status: number | null; durationMs: number; error: string | null };

/** Sends one request; the HTTP adapter of outbound delivery (tests pass a fake). */
export type Sender = (r: {
  url: string;
  body: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}) => Promise<PostOutcome>;

/** A sender with kept-alive connections; redirects are not followed and a slow receiver times out. */
export const createHttpSender = (o: { timeoutMs: number }): Sender => {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return ({ url, body, headers, signal }) =>
    new Promise<PostOutcome>((resolve) => {
      const started = performance.now();
      const done = (status: number | null, error: string | null) =>
        resolve({ status, durationMs: Math.round(performance.now() - started), error });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        done(null, 'invalid URL');
        return;
      }
      const lib = target.protocol === 'https:' ? https : http;
      const req = lib.request(
        target,
        {
          method: 'POST',
          agent: agents[target.protocol as keyof typeof agents],
          timeout: o.timeoutMs,
          signal,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'CPM-Webhooks/1',
            ...headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? null, null));
          res.on('error', (err) => done(res.statusCode ?? null, err.message));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
      req.on('error', (err: NodeJS.ErrnoException) => done(null, (err.code ?? err.message).slice(0, 500)));
      req.end(body);
    });
};
