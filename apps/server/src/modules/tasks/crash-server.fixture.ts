/**
 * The real server in its own process, for the crash tests: built by `buildApp` from the environment
 * (DATABASE_URL, ADMIN_PASSWORD, MQTT_PORT for terminals, default none), with a short job lease and
 * small fan-out batches so a kill lands in the middle of writing deliveries and a restarted server
 * takes the job up soon. Prints `listening <port>` once it serves.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const main = async () => {
  const config = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
    CAPTCHA: 'off',
    MQTT_PORT: process.env.MQTT_PORT ?? '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent-console',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const { app } = await buildApp({
    config,
    jobs: { leaseMs: Number(process.env.LEASE_MS ?? 3000), pollMs: 100 },
    tasks: { batchSize: Number(process.env.FANOUT_BATCH ?? 100), monitorMs: 500 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', () => {
    app.close().then(() => process.exit(0));
  });
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
