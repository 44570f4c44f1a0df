import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BrokerIdentity } from '../gateway/broker';

/** Where `/metrics` is served: behind a bearer token on the main port, on a port of its own, or nowhere. */
export type MetricsConfig = {
  token: string | undefined;
  port: number | undefined;
  /** Interface the separate port binds to (the main port's). */
  host: string;
};

/** What the metrics read when scraped; each part is optional so a server without a broker still reports. */
export type MetricsSources = {
  /** PostgreSQL pool occupancy; absent on PGlite, which has one connection. */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** Background jobs counted by state. */
  jobCounts: () => Promise<{ status: string; n: number }[]>;
  /** Clients connected to this instance's own broker (`/mqtt`, and the TCP port when embedded). */
  connections?: () => BrokerIdentity[];
  /** The device gateway's running counts of terminal messages. */
  gateway?: () => { accepted: number; malformed: number; refused: number; rateLimited: number };
};

export const METRICS_PATH = '/metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics of one server instance: HTTP requests and their durations, the gateway's connections
 * and terminal messages (malformed and dropped ones counted apart), the database pool and the background
 * jobs by state. Exposed only where the operator asked for it (see MetricsConfig); otherwise `/metrics`
 * answers 404 as if it did not exist.
 */
export const registerMetrics = (app: FastifyInstance, config: MetricsConfig, sources: MetricsSources) => {
  const registry = new Registry();
  // Nobody could read them: nothing is gathered, no hook runs on requests and `/metrics` is an unknown
  // path. The process figures alone would cost a timer every 10 ms and a GC observer.
  if (!config.token && config.port === undefined)
    return { registry, port: (): number | undefined => undefined };
  collectDefaultMetrics({ register: registry, prefix: 'cpm_' });

  const requests = new Counter({
    name: 'cpm_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'cpm_http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and query strings would make every request a new series.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    durations.observe({ method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'cpm_gateway_connections',
    help: "Clients connected to this instance's MQTT endpoints, by kind (device or user)",
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const counts = { device: 0, user: 0 };
      for (const identity of sources.connections?.() ?? []) counts[identity.kind]++;
      this.set({ kind: 'device' }, counts.device);
      this.set({ kind: 'user' }, counts.user);
    },
  });
  // Running totals kept by the gateway, read as they are (they only ever grow).
  const gatewayCounter = (
    name: string,
    help: string,
    key: 'accepted' | 'malformed' | 'refused' | 'rateLimited',
  ) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const value = sources.gateway?.()[key] ?? 0;
        this.reset();
        this.inc(value);
      },
    });
  gatewayCounter('cpm_gateway_messages_total', 'Terminal messages the gateway accepted', 'accepted');
  gatewayCounter(
    'cpm_gateway_malformed_total',
    'Terminal messages dropped as malformed (bad topic, JSON or contract)',
    'malformed',
  );
  gatewayCounter(
    'cpm_gateway_refused_total',
    'Terminal messages refused (unknown, disabled or mismatched terminal)',
    'refused',
  );
  gatewayCounter(
    'cpm_gateway_dropped_total',
    'Terminal messages dropped beyond the per-terminal rate limit',
    'rateLimited',
  );

  new Gauge({
    name: 'cpm_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); PGlite reports one total',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'cpm_jobs',
    help: 'Background jobs by state',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await sources.jobCounts();
      this.reset();
      for (const status of ['queued', 'running', 'succeeded', 'failed']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });

  const render = async () => ({ type: registry.contentType, body: await registry.metrics() });

  // On the main port only with a token; a wrong or missing one is refused, no token at all means no page.
  const token = config.token;
  if (token)
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token))
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ code: 401 });
      const { type, body } = await render();
      return reply.header('content-type', type).header('cache-control', 'no-store').send(body);
    });

  // A port of its own (reachable only where the operator's network lets scrapers in), no token needed.
  let server: Server | undefined;
  if (config.port !== undefined) {
    const port = config.port;
    // Ready comes before the main port listens, so scrapers never find the server half up.
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
          res.writeHead(404).end();
          return;
        }
        render().then(
          ({ type, body }) =>
            res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics could not be collected');
            res.writeHead(500).end();
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, config.host, () => resolve());
      });
      app.log.info({ port: (listening.address() as AddressInfo).port }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const open = server;
      if (!open) return;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    });
  }

  return {
    registry,
    /** Port of the separate metrics listener once the app listens (undefined without one). */
    port: () => {
      const address = server?.address();
      return address && typeof address === 'object' ? address.port : undefined;
    },
  };
};
