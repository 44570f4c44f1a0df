// Spreadsheet bombs against a light endpoint: the console's terminal list (page of 10) timed over
// HTTP while idle, then while three hostile workbooks are imported at once: first three that
// declare their 15 million shared strings (refused from the ZIP directory), then three that
// understate them (parsed in the worker until its heap limit refuses them). Prints each phase's
// p95 beside the idle p95, what the imports answered, and the server's peak RSS growth.
// `cd bench && npx tsx src/xlsx-bomb.bench.ts` (with TEST_DATABASE_URL set, on PostgreSQL).
import type { AddressInfo } from 'node:net';
import { multipartForm } from '../../apps/server/src/modules/blobs/testing';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../apps/server/src/test-support/test-app';
import { bombOf } from '../../apps/server/src/test-support/xlsx-bombs';

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const { token } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

/** One light call; its time in ms, or Infinity when it failed. */
const light = async () => {
  const started = performance.now();
  const res = await fetch(`${base}/device/v1/device/terminal/getPage?current=1&size=10`, {
    headers: { satoken: token },
  });
  const body = (await res.json()) as { code: number };
  return body.code === 1 ? performance.now() - started : Number.POSITIVE_INFINITY;
};

/** Light calls one after another until `done` settles (at least `min` of them). */
const sampleWhile = async (done: Promise<unknown>, min: number) => {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  const times: number[] = [];
  while (!settled || times.length < min) times.push(await light());
  return times;
};

const importBomb = async (bytes: Buffer) => {
  const form = multipartForm('bomb.xlsx', bytes);
  const started = performance.now();
  const res = await fetch(`${base}/device/v1/device/terminal/import`, {
    method: 'POST',
    headers: { satoken: token, ...form.headers },
    body: form.payload,
  });
  const body = (await res.json()) as { code: number; messageEn?: string };
  return { code: body.code, message: body.messageEn, ms: Math.round(performance.now() - started) };
};

let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

for (let i = 0; i < 20; i++) await light();
const idle = await sampleWhile(Promise.resolve(), 300);
const rssBefore = process.memoryUsage().rss;

const phase = async (name: string, bytes: Buffer) => {
  peakRss = process.memoryUsage().rss;
  const uploads = Promise.all([1, 2, 3].map(() => importBomb(bytes)));
  const times = await sampleWhile(uploads, 100);
  const answers = await uploads;
  const failed = times.filter((x) => !Number.isFinite(x)).length;
  console.log(
    `${name} (${(bytes.length / 1024).toFixed(0)} KB each): light p95 ${p95(times).toFixed(1)} ms over ${times.length} calls ` +
      `(${failed} failed), idle p95 ${p95(idle).toFixed(1)} ms, ratio ${(p95(times) / p95(idle)).toFixed(2)}; ` +
      `imports answered ${answers.map((a) => `${a.code} in ${a.ms} ms`).join(', ')} (${answers[0]?.message}); ` +
      `peak RSS growth ${((peakRss - rssBefore) / 1048576).toFixed(0)} MB`,
  );
};

await phase('declared bombs, 15,000,000 shared strings', await bombOf(15_000_000));
await phase(
  'understated bombs, 1,500,000 shared strings declared as 1 KB',
  await bombOf(1_500_000, {
    distinct: true,
    declare: (name, size) => (name === 'xl/sharedStrings.xml' ? 1000 : size),
  }),
);

clearInterval(rssTimer);
await t.close();
