import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long clients may take to send a request, and how many connections one address may hold. */
export type ConnectionLimits = {
  /** Time to send all request headers; a client trickling them is cut off. */
  headersTimeoutMs: number;
  /** Time to send a whole request, body included (a large upload on a slow link must fit). */
  requestTimeoutMs: number;
  /** Open connections one client address may hold; 0 turns the cap off (behind a proxy). */
  perAddress: number;
};

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 15 * 60_000,
  perAddress: 64,
};

const REFUSED = 'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** How often Node checks the deadlines above; the default (30 s) would let them run late. */
const CHECK_INTERVAL_MS = 2_000;

/** Fastify options that give headers and whole requests their deadlines. */
export const timeoutOptions = (limits: ConnectionLimits) => ({
  requestTimeout: limits.requestTimeoutMs,
  http: {
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  },
});

/** Loopback clients (a proxy on the same host, simulators, probes) are this host's own. */
export const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * Caps the connections one client address holds: the next one is answered 429 and closed, so a few
 * hosts trickling bodies cannot take every socket. Behind a proxy on another host every client
 * shares its address: turn the cap off there (`perAddress` 0) and let the proxy limit clients.
 */
export const capConnectionsPerAddress = (app: FastifyInstance, perAddress: number, exempt = isLoopback) => {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.end(REFUSED);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
};
