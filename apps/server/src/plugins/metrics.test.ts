import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../test-support/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line, e.g. `cpm_jobs{status="queued"}`; undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics', () => {
  it('does not exist when neither a token nor a port is configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('cpm_');
      // Nor are the process figures gathered: their event-loop timer would wake an idle server every 10 ms.
      const gathered = await t.metrics.registry.metrics();
      expect(gathered).not.toContain('cpm_nodejs_eventloop_lag');
      expect(gathered).not.toContain('cpm_process_cpu');
    } finally {
      await t.close();
    }
  });

  it('refuses to load with a token too short to be a secret', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(/METRICS_TOKEN/);
  });

  describe('behind a bearer token on the main port', () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await createTestApp({ broker: true, env: { METRICS_TOKEN: TOKEN } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => t.close());

    it('refuses a missing or wrong token', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('cpm_');
      }
    });

    it('reports requests by route pattern, connections, gateway counts, the pool and the jobs', async () => {
      const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
      for (let i = 0; i < 3; i++) await t.app.inject({ url: '/healthz' });
      // A job due tomorrow stays queued.
      await t.jobs.enqueueJob({
        kind: 'metrics.probe',
        runAt: new Date(t.clock.now().getTime() + 86_400_000),
      });
      // Two malformed terminal messages (an unknown kind, a payload that is not JSON), as the broker hands them over.
      await t.agent.handleMessage('cpm/dev/SN-METRICS/up/nonsense', Buffer.from('{}'));
      await t.agent.handleMessage('cpm/dev/SN-METRICS/up/heartbeat', Buffer.from('not json'));
      const client = await mqtt.connectAsync(`ws://${base}/mqtt`, {
        username: 'console',
        password: token,
        reconnectPeriod: 0,
      });
      try {
        const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = res.body;
        expect(sample(text, 'cpm_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(3);
        expect(sample(text, 'cpm_http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBe(
          3,
        );
        // Raw URLs never become series.
        expect(text).not.toMatch(/route="[^"]*\?/);
        expect(sample(text, 'cpm_gateway_connections{kind="user"}')).toBe(1);
        expect(sample(text, 'cpm_gateway_connections{kind="device"}')).toBe(0);
        expect(sample(text, 'cpm_gateway_malformed_total')).toBe(t.agent.stats().malformed);
        expect(t.agent.stats().malformed).toBeGreaterThanOrEqual(2);
        expect(sample(text, 'cpm_gateway_dropped_total')).toBe(0);
        expect(sample(text, 'cpm_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'cpm_jobs{status="queued"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'cpm_jobs{status="failed"}')).toBe(0);
        expect(sample(text, 'cpm_process_resident_memory_bytes')).toBeGreaterThan(0);
      } finally {
        await client.endAsync();
      }
    });
  });

  describe('on a port of its own', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_PORT: '0' } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('answers there without a token, and not on the main port', async () => {
      const port = t.metrics.port();
      expect(port).toBeGreaterThan(0);
      expect(port).not.toBe((t.app.server.address() as AddressInfo).port);
      await t.app.inject({ url: '/readyz' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'cpm_http_requests_total{method="GET",route="/readyz",status="200"}')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    });
  });
});
