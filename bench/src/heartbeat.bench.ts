// Heartbeat ingestion: terminals/second through the real HTTP fallback (device auth, validation,
// batched writes) against a bare Fastify endpoint accepting the same body, in the same run.
// `npm run bench:heartbeat -w @cpm/bench` (PGlite) or with BENCH_DATABASE_URL=postgres://... .
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { sha256 } from '../../apps/server/src/shared/crypto';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import { loadPost } from './load';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const config = loadConfig({
  LOG_LEVEL: 'silent',
  CAPTCHA: 'off',
  MQTT_PORT: '0',
  ADMIN_PASSWORD: 'Bench#Pass1',
  WEB_DIST: '/none',
});
const { app, agent } = await buildApp({ config, database, broker: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

// Enrolled terminals, written straight into the table: the bench measures heartbeats, not enrollment.
const secret = randomBytes(16).toString('hex');
const [{ id: ownerId }] = (
  (await database.db.execute(sql`select id from users where username = 'admin'`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
await database.db.execute(sql`
  insert into terminals (sn, name, owner_id, status, secret_hash)
  select 'BENCH' || lpad(g::text, 7, '0'), 'bench', ${ownerId}::uuid, 'activated', ${sha256(secret)}
  from generate_series(1, ${TERMINALS}) g`);

const bare = Fastify({ logger: false });
bare.post('/heartbeat', async (req) => ({ code: 1, result: { ok: (req.body as object) !== null } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;

const body = () =>
  JSON.stringify({
    battery: 50 + Math.floor(Math.random() * 50),
    network: 'wifi',
    ip: '10.0.0.1',
    storageFreeMb: 9000,
    memoryFreeMb: 700,
    uptimeSec: 3600,
    dataUsageBytes: 12345,
  });
const auth = (i: number) => ({
  authorization: `Basic ${Buffer.from(`BENCH${String((i % TERMINALS) + 1).padStart(7, '0')}:${secret}`).toString('base64')}`,
});

// Warm both up so the first run pays no JIT or cache cost the second does not.
await loadPost({
  port: barePort,
  path: '/heartbeat',
  seconds: 2,
  concurrency: CONCURRENCY,
  body,
  headers: auth,
});
await loadPost({
  port,
  path: '/device/v1/agent/heartbeat',
  seconds: 2,
  concurrency: CONCURRENCY,
  body,
  headers: auth,
});

const baseline = await loadPost({
  port: barePort,
  path: '/heartbeat',
  seconds: SECONDS,
  concurrency: CONCURRENCY,
  body,
  headers: auth,
});
const subject = await loadPost({
  port,
  path: '/device/v1/agent/heartbeat',
  seconds: SECONDS,
  concurrency: CONCURRENCY,
  body,
  headers: auth,
});
await agent.flush();
const [{ seen }] = (
  (await database.db.execute(sql`select count(*)::int as seen from terminals where online`)) as unknown as {
    rows: { seen: number }[];
  }
).rows;

console.log(`database            ${database.kind}`);
console.log(`terminals           ${TERMINALS}, concurrency ${CONCURRENCY}, ${SECONDS} s each`);
console.log(`bare Fastify        ${baseline.perSecond.toFixed(0)} req/s (${baseline.failed} failed)`);
console.log(
  `heartbeat endpoint  ${subject.perSecond.toFixed(0)} heartbeats/s (${subject.failed} failed), ${seen} terminals online`,
);
console.log(
  `ratio               ${(subject.perSecond / baseline.perSecond).toFixed(2)} (target >= 0.40 on PostgreSQL)`,
);
await bare.close();
await app.close();
await database.close();
