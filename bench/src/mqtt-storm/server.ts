// The real server for the MQTT storm benchmark, in its own process so its CPU and memory are its own:
// a fresh database (PostgreSQL with BENCH_DATABASE_URL, else PGlite in memory) holding STORM_TERMINALS
// enrolled terminals, the embedded broker on STORM_MQTT_PORT (or the external broker STORM_MQTT_URL).
// Prints `STATS {...}` lines every half second; SIGTERM shuts it down as `main.ts` does, within 10 s.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { openDatabase } from '../../../apps/server/src/db/client';
import { sha256 } from '../../../apps/server/src/shared/crypto';
import { profileOnSignal } from './profile';

const COUNT = Number(process.env.STORM_TERMINALS);
const SECRET = process.env.STORM_SECRET ?? '';
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig({
  LOG_LEVEL: 'warn',
  CAPTCHA: 'off',
  HOST: '127.0.0.1',
  PORT: process.env.STORM_HTTP_PORT ?? '0',
  MQTT_PORT: process.env.STORM_MQTT_URL ? '0' : (process.env.STORM_MQTT_PORT ?? '0'),
  ...(process.env.STORM_MQTT_URL ? { MQTT_URL: process.env.STORM_MQTT_URL } : {}),
  ADMIN_PASSWORD: 'Bench#Pass1',
  // The admission rate under test, when given; else the product's default.
  ...(process.env.TERMINAL_CONNECTS_PER_SEC
    ? { TERMINAL_CONNECTS_PER_SEC: process.env.TERMINAL_CONNECTS_PER_SEC }
    : {}),
  WEB_DIST: '/none',
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'cpm-bench-storm-')),
});

// A database of its own, dropped afterwards.
const base = process.env.BENCH_DATABASE_URL;
const name = `cpm_bench_storm_${Date.now().toString(36)}`;
let url = 'memory://';
if (base) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  url = u.toString();
}
const database = await openDatabase({
  databaseUrl: url,
  dataDir: config.dataDir,
  databaseTerminalPool: config.databaseTerminalPool,
});
const built = await buildApp({ config, database });
const [{ id: ownerId }] = (
  (await database.db.execute(sql`select id from users where username = 'admin'`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
// The fleet enrolled before: a reconnecting fleet, the SNs pos-sim gives (prefix and six digits).
await database.db.execute(sql`
  insert into terminals (sn, name, owner_id, status, secret_hash)
  select 'STORM' || lpad(i::text, 6, '0'), 'Till ' || i, ${ownerId}::uuid, 'activated', ${sha256(SECRET)}
  from generate_series(1, ${COUNT}) as i`);
await built.app.listen({ port: config.port, host: config.host });

// Terminals marked online, counted by a query of this harness's own: it runs until the whole fleet is
// online (the ramp, all the benchmark reads it for), so the windows after it measure the server alone.
let online = 0;
const stats = async () => {
  if (online < COUNT)
    [{ online }] = (
      (await database.db.execute(
        sql`select count(*)::int as online from terminals where online`,
      )) as unknown as {
        rows: { online: number }[];
      }
    ).rows;
  const s = built.agent.stats() as Record<string, number>;
  return { online, persisted: s.persistedHeartbeats ?? s.written, ...s };
};
const ticker = setInterval(() => {
  stats().then(
    (s) => process.stdout.write(`STATS ${JSON.stringify(s)}\n`),
    () => undefined,
  );
}, 500);
process.stdout.write(`READY ${JSON.stringify({ port: config.port })}\n`);

profileOnSignal('server');

process.on('SIGTERM', () => {
  clearInterval(ticker);
  const started = performance.now();
  const force = setTimeout(() => {
    process.stdout.write('SHUTDOWN {"ok":false,"reason":"deadline"}\n');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  built.app
    .close()
    .then(() => database.close())
    .then(async () => {
      clearTimeout(force);
      process.stdout.write(
        `SHUTDOWN ${JSON.stringify({ ok: true, ms: Math.round(performance.now() - started) })}\n`,
      );
      if (base) {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      process.exit(0);
    })
    .catch((err: unknown) => {
      process.stdout.write(`SHUTDOWN ${JSON.stringify({ ok: false, reason: String(err) })}\n`);
      process.exit(1);
    });
});
