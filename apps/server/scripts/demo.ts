// `npm run demo`: the server on an in-memory database with a demo enterprise, groups, models and
// peripherals, and a few hundred simulated terminals, so a newcomer sees a living fleet in a minute.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { provisionFleet, summary } from '../../pos-sim/src/fleet';
import { taskSummary } from '../../pos-sim/src/tasks';
import { CITIES } from '../../pos-sim/src/terminal';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { peripherals, terminalGroups, terminalModels, users } from '../src/db/schema';
import { DEMO_MODELS, DEMO_PREFIX, startDemoFleet } from './demo-fleet';

const port = Number(process.env.PORT ?? 8080);
const count = Number(process.env.DEMO_TERMINALS ?? 300);
const password = `Demo#${randomBytes(4).toString('hex')}A1`;
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  DATABASE_URL: 'memory://',
  CAPTCHA: 'off',
  ADMIN_PASSWORD: password,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  MQTT_PORT: process.env.MQTT_PORT ?? '0',
});
const { app, database } = await buildApp({ config });
await app.listen({ port, host: config.host });
const server = `http://127.0.0.1:${port}`;

const db = database.db;
const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
const descriptions = ['Handheld smart POS', 'Desktop cashier terminal', 'Self-service kiosk'];
await db
  .insert(terminalModels)
  .values(DEMO_MODELS.map((name, i) => ({ name, description: descriptions[i] })));
await db.insert(peripherals).values([
  { kind: 'usb', name: 'Thermal printer', manufacturer: 'Sunmi', brand: 'Sunmi', vid: '0483', pid: '5740' },
  { kind: 'serial', name: 'Cash drawer', manufacturer: 'APG', brand: 'Vasario', baudRate: 9600 },
  { kind: 'usb', name: 'Barcode scanner', manufacturer: 'Zebra', brand: 'Symbol', vid: '05E0', pid: '1200' },
]);
await db.insert(terminalGroups).values(
  Object.values(CITIES)
    .slice(0, 4)
    .map((c, i) => ({ name: `${c.name} stores`, number: `G00${i + 1}`, ownerId: admin.id, type: 'region' })),
);

const { enrollmentKey } = await provisionFleet({
  server,
  username: 'admin',
  password,
  count,
  prefix: DEMO_PREFIX,
  model: DEMO_MODELS,
});
// Factory records carry no group; place the demo terminals in the regional groups and name their stores.
await db.execute(sql`
  with g as (select array_agg(id order by number) ids from terminal_groups)
  update terminals t set group_id = g.ids[1 + (substring(t.sn from 5)::int % 4)],
    store_name = 'Store ' || (1 + substring(t.sn from 5)::int % 25), name = 'POS ' || substring(t.sn from 5)
  from g where t.sn like 'DEMO%'`);
const fleet = startDemoFleet({
  server,
  enrollmentKey,
  count,
  dataDir: path.join(tmpdir(), 'cpm-demo-terminals'),
});

process.stdout.write(
  `\n  Demo running: ${count} simulated terminals.\n  Console: http://localhost:${port}/  user admin, password ${password}\n\n`,
);
const startedAt = Date.now();
const ticker = setInterval(
  () =>
    process.stdout.write(`${summary(fleet.stats, count, startedAt)}\n  ${taskSummary(fleet.taskStats)}\n`),
  10_000,
);
const stop = async () => {
  clearInterval(ticker);
  await fleet.stop(true);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
