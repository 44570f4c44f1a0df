// Runs in the first server pass only: the fleet connects to the embedded broker in both passes.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CITIES,
  createSimTerminal,
  newStats,
  type SimStats,
  type SimTerminal,
} from '../../../../pos-sim/src/terminal';
import { sha256 } from '../../shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { FIXTURE_SECRET, insertTerminals } from '../tasks/task-fixtures';

const simMain = fileURLToPath(new URL('../../../../pos-sim/src/main.ts', import.meta.url));

const until = async <T>(check: () => Promise<T | null | undefined | false>, what: string, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const r = await check();
    if (r) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A TCP port nobody listens on now, for the embedded broker. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const onlineCount = async (t: TestApp, prefix: string) =>
  (
    (await t.database.db.execute(
      sql`select count(*)::int as n from terminals where online and sn like ${`${prefix}%`}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0].n;

/** A simulated terminal enrolled before, connecting over the embedded broker's TCP port. */
const simTerminal = (sn: string, i: number, mqttUrl: string, server: string, stats: SimStats) =>
  createSimTerminal({
    sn,
    mac: `02:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`,
    server,
    enrollmentKey: '',
    secret: FIXTURE_SECRET,
    transport: 'mqtt',
    mqttUrl,
    city: CITIES.shanghai,
    model: 'SIM-P2',
    // Connections are what is under test; heartbeats would only add noise.
    heartbeatSec: 3600,
    faultRate: 0,
    rebootRate: 0,
    stats,
  });

const startServer = async (env: Record<string, string>) => {
  const mqttPort = await freePort();
  const t = await createTestApp({
    broker: true,
    env: { MQTT_PORT: String(mqttPort), HOST: '127.0.0.1', ...env },
    clock: { now: () => new Date(), advance: () => undefined },
    gateway: { flushMs: 200, sweepMs: 3_600_000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  return { t, server, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, admin };
};

describe('terminal admission', { timeout: 240_000 }, () => {
  let t: TestApp | undefined;
  let sims: SimTerminal[] = [];

  afterEach(async () => {
    await Promise.all(sims.map((s) => s.stop(false)));
    sims = [];
    await t?.close();
    t = undefined;
  });

  it('refuses a terminal beyond the connect rate with "server unavailable"; it backs off and comes online later', async () => {
    const s = await startServer({ TERMINAL_CONNECTS_PER_SEC: '1' });
    t = s.t;
    const [first, second] = await insertTerminals(t.database.db, {
      prefix: 'ADMIT',
      count: 2,
      ownerId: s.admin.userId,
    });
    const firstStats = newStats();
    const secondStats = newStats();
    const a = simTerminal(first, 1, s.mqttUrl, s.server, firstStats);
    const b = simTerminal(second, 2, s.mqttUrl, s.server, secondStats);
    sims = [a, b];
    // One connection a second and both at once: one of them takes it and the other is told to back off.
    // (Which one does not matter; under load the event-loop check may refuse both, which is also a refusal.)
    const startedAt = Date.now();
    const connectedAfterMs = await Promise.all(
      [a, b].map(async (sim) => {
        await sim.start();
        return Date.now() - startedAt;
      }),
    );

    expect(firstStats.backoffs + secondStats.backoffs).toBeGreaterThanOrEqual(1);
    expect(t.agent.stats().connectsRefused).toBeGreaterThanOrEqual(1);
    // The protocol's first back-off is 2 to 4 s; an ordinary reconnect would have come after 1 s.
    expect(Math.max(...connectedAfterMs)).toBeGreaterThanOrEqual(2_000);
    await until(
      async () => (await onlineCount(t as TestApp, 'ADMIT')) === 2,
      'both terminals online',
      60_000,
    );
  });

  it('keeps answering every console request while a fleet connects at once beyond the admission rate', async () => {
    // Twice the connect rate arrives at once, so admission turns half away and they come back;
    // the bench's storm (bench/src/mqtt-storm.bench.ts) holds the same at 10,000 terminals.
    const s = await startServer({ TERMINAL_CONNECTS_PER_SEC: '250' });
    t = s.t;
    const count = Number(process.env.STORM_TERMINALS ?? 500);
    // The SNs pos-sim gives its terminals (prefix and six digits), enrolled before with one secret.
    await t.database.db.execute(sql`
      insert into terminals (sn, name, owner_id, status, secret_hash)
      select 'STORM' || lpad(i::text, 6, '0'), 'Till ' || i, ${s.admin.userId}::uuid, 'activated', ${sha256(FIXTURE_SECRET)}
      from generate_series(1, ${count}) as i`);

    const answers: { status: number; code: unknown }[] = [];
    let storming = true;
    const consoleUser = (async () => {
      while (storming) {
        try {
          const res = await fetch(`${s.server}/device/v1/device/terminal/getPage?current=1&size=20`, {
            headers: { satoken: s.admin.token },
            // Generous: the test runs beside others on a small machine; what it proves is that no request
            // is refused or dropped while the fleet connects.
            signal: AbortSignal.timeout(30_000),
          });
          answers.push({ status: res.status, code: ((await res.json()) as { code: unknown }).code });
        } catch (err) {
          answers.push({ status: 0, code: String(err) });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // All at once (no ramp), from their own process as a fleet in the field would be.
    const fleet = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        simMain,
        '--count',
        String(count),
        '--prefix',
        'STORM',
        '--secret',
        FIXTURE_SECRET,
        '--server',
        s.server,
        '--mqtt',
        s.mqttUrl,
        '--ramp',
        '0',
        '--heartbeat',
        '3600',
        '--fault-rate',
        '0',
        '--reboot-rate',
        '0',
      ],
      { stdio: 'ignore' },
    );
    try {
      await until(
        async () => (await onlineCount(t as TestApp, 'STORM')) === count,
        `${count} terminals online`,
        200_000,
      );
    } finally {
      storming = false;
      fleet.kill('SIGKILL');
      await consoleUser;
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 || a.code !== 1)).toEqual([]);
  });

  it('shuts down with terminals connected: terminal work stops before the database closes', async () => {
    const lines: string[] = [];
    const mqttPort = await freePort();
    const app = await createTestApp({
      broker: true,
      env: { MQTT_PORT: String(mqttPort), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      clock: { now: () => new Date(), advance: () => undefined },
      logStream: { write: (line) => lines.push(line) },
      gateway: { flushMs: 200, sweepMs: 3_600_000 },
    });
    t = app;
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const admin = await loginAs(app.app, 'admin', ADMIN_PASSWORD);
    const count = 300;
    const sns = await insertTerminals(app.database.db, { prefix: 'SHUT', count, ownerId: admin.userId });
    const stats = newStats();
    sims = sns.map((sn, i) => simTerminal(sn, i + 1, `mqtt://127.0.0.1:${mqttPort}`, server, stats));
    for (const sim of sims) void sim.start();
    await until(async () => (await onlineCount(app, 'SHUT')) === count, 'terminals online', 60_000);

    // The terminals keep talking while the server stops: each sends its hello again meanwhile.
    const chatter = setInterval(() => {
      for (const sim of sims.slice(0, 50)) void sim.moveTo({ lat: 31.2, lng: 121.4 }).catch(() => undefined);
    }, 20);
    try {
      await app.close();
    } finally {
      clearInterval(chatter);
      t = undefined;
    }
    const errors = lines.filter((l) => /"level":(50|60)/.test(l) || /after calling end on the pool/.test(l));
    expect(errors).toEqual([]);
  });
});
