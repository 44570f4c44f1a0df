import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver answered. */
export type Received = { eventId: string; signature: string; body: string; status: number; at: number };

/**
 * A local webhook receiver for tests and the benchmark: answers each request with the status
 * `answer` picks (200 by default) and keeps what it answered. It can be stopped, dropping open
 * connections, and started again on the same port.
 */
export const startReceiver = async (
  opts: { port?: number; answer?: (n: number, r: Received) => number; delayMs?: number } = {},
) => {
  const received: Received[] = [];
  let n = 0;
  let ok = 0;
  const listen = (port: number) =>
    new Promise<http.Server>((resolve, reject) => {
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const r: Received = {
            eventId: String(req.headers['x-cpm-event-id'] ?? ''),
            signature: String(req.headers['x-cpm-signature'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            status: 200,
            at: Date.now(),
          };
          r.status = opts.answer ? opts.answer(n++, r) : 200;
          received.push(r);
          if (r.status >= 200 && r.status < 300) ok++;
          const reply = () => res.writeHead(r.status, { 'content-type': 'text/plain' }).end('ok');
          if (opts.delayMs) setTimeout(reply, opts.delayMs);
          else reply();
        });
      });
      server.keepAliveTimeout = 30_000;
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: http.Server | null = await listen(opts.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** How many requests were answered 2xx (cheap enough to poll). */
    acceptedCount: () => ok,
    /** Event ids answered 2xx, in arrival order. */
    accepted: () => received.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.eventId),
    /** Stops at once: open connections are cut, new ones refused. */
    async kill() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async restart() {
      server ??= await listen(port);
    },
  };
};

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
