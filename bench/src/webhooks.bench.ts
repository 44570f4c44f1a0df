// Webhook delivery: BENCH_EVENTS (10,000) events published to one subscription, each sent by the real
// outbound delivery (the subscription's dispatch job: signed, per-object lanes over BENCH_OBJECTS objects, the
// outcomes recorded) to a local receiver, against a bare loop POSTing the same bodies to the same
// receiver one after another, in the same run. Prints both rates and their ratio (target >= 0.5).
// `BENCH_DATABASE_URL=postgres://... npm run bench:webhooks -w @cpm/bench` (PGlite without it);
// BENCH_CONCURRENCY (16) is the job runner's; BENCH_LIMIT_SECONDS (600) stops timing the deliveries.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { startReceiver } from '../../apps/server/src/modules/webhooks/webhook-receiver.fixture';
import { createHttpSender } from '../../apps/server/src/modules/webhooks/webhook-sender';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Deliveries stop being timed after this long; the rate is then what arrived within it. */
const LIMIT_MS = Number(process.env.BENCH_LIMIT_SECONDS ?? 600) * 1000;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

const built = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    MQTT_PORT: '0',
    ADMIN_PASSWORD: 'Bench#Pass1',
    WEB_DIST: '/none',
    WEBHOOK_ALLOW_HTTP: 'on',
  }),
  database,
  broker: false,
  // The runner starts once every event is queued, so the delivery time is the deliveries' alone.
  jobs: { run: false, pollMs: 20, concurrency: CONCURRENCY },
});
await built.app.ready();
const receiver = await startReceiver();
const [{ id: adminId }] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
const login = await built.app.inject({
  method: 'POST',
  url: '/oauth/v1/oauth/login/cpmDoLogin',
  payload: { username: 'admin', password: 'Bench#Pass1', captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
});
const token = login.json().result.tokenValue as string;
const made = await built.app.inject({
  method: 'POST',
  url: '/upms/v1/upms/webhooks/addOrUpdate',
  headers: { satoken: token },
  payload: { name: 'bench', url: receiver.url, eventTypes: ['terminal.online'], enabled: true },
});
if (made.json().code !== 1) throw new Error(made.body);

const bodyOf = (i: number) =>
  JSON.stringify({
    id: `bare-${i}`,
    type: 'terminal.online',
    time: new Date().toISOString(),
    enterprise: adminId,
    data: { sn: `SN${i % OBJECTS}`, n: i },
  });

/** The baseline: the same number of POSTs, one after another, with nothing stored. */
const bare = async () => {
  const send = createHttpSender({ timeoutMs: 10_000 });
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const r = await send({ url: receiver.url, body: bodyOf(i), headers: { 'X-CPM-Event-Id': `bare-${i}` } });
    if (r.status !== 200) throw new Error(`bare POST answered ${r.status ?? r.error}`);
  }
  return performance.now() - started;
};

/** The subject: queue every event (timed apart), then run the deliveries until the receiver has them all. */
const webhooks = async () => {
  const queuing = performance.now();
  for (let i = 0; i < EVENTS; i++)
    await built.webhooks.publish({
      type: 'terminal.online',
      ownerId: adminId,
      objectKey: `terminal:SN${i % OBJECTS}`,
      data: { sn: `SN${i % OBJECTS}`, n: i },
    });
  const published = performance.now() - queuing;
  const bareBefore = await bare();
  console.log(`bare POST loop before the deliveries: ${rate(bareBefore)} req/s`);
  const before = receiver.acceptedCount();
  const started = performance.now();
  await built.jobs.start();
  while (receiver.acceptedCount() - before < EVENTS && performance.now() - started < LIMIT_MS)
    await new Promise((r) => setTimeout(r, 20));
  return {
    ms: performance.now() - started,
    published,
    arrived: receiver.acceptedCount() - before,
    bareBefore,
  };
};

const rate = (ms: number, n = EVENTS) => Math.round(n / (ms / 1000));
console.log(
  `database ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${EVENTS} events, ${OBJECTS} objects, concurrency ${CONCURRENCY}`,
);
const hook = await webhooks();
// The bare loop runs right before the deliveries (queuing, timed apart, takes minutes) and right
// after them, so that a change in the machine's load meanwhile shows instead of skewing the ratio.
const bareAfter = await bare();
console.log(`bare POST loop after the deliveries: ${rate(bareAfter)} req/s`);
const bareMs = (hook.bareBefore + bareAfter) / 2;
console.log(
  `bare POST loop:  ${rate(bareMs)} req/s (mean of before and after the deliveries, ${(bareMs / 1000).toFixed(1)} s)`,
);
const ids = receiver.accepted().filter((id) => !id.startsWith('bare-'));
const [{ delivered }] = await rows<{ delivered: number }>(
  sql`select count(*)::int as delivered from webhook_deliveries where status = 'delivered'`,
);
const cut = hook.arrived < EVENTS ? `, stopped after ${LIMIT_MS / 1000} s with ${hook.arrived} arrived` : '';
console.log(
  `webhooks:        ${rate(hook.ms, hook.arrived)} deliveries/s (${(hook.ms / 1000).toFixed(1)} s${cut}), queued at ${rate(hook.published)} events/s`,
);
console.log(`unique event ids ${new Set(ids).size}, received ${ids.length}, recorded delivered ${delivered}`);
// Rates, so that a run stopped at the limit compares too.
console.log(`ratio ${(rate(hook.ms, hook.arrived) / rate(bareMs)).toFixed(2)} (target >= 0.5)`);
await receiver.kill();
await built.app.close();
await database.close();
process.exit(0);
