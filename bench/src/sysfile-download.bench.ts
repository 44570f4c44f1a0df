// System file downloads by terminals: concurrent Range requests through the real terminal download
// path (Basic authentication, entitlement by sha256, the blob store, ETag/Range handling) against a
// bare Node http server streaming the same file from disk, in the same run.
// `npm run bench:download -w @cpm/bench`; BENCH_CONCURRENCY (1000), BENCH_FILE_MB (20),
// BENCH_REQUESTS (2000), BENCH_RANGE_MB (1) tune it.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { makeZip, sysFileForm } from '../../apps/server/src/modules/sysfiles/testing';
import { sha256 as hashText } from '../../apps/server/src/shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../apps/server/src/test-support/test-app';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1000);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const RANGE_BYTES = Math.round(Number(process.env.BENCH_RANGE_MB ?? 1) * 1024 * 1024);

const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-download-'));
const t = await createTestApp({ env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

// One OTA of FILE_MB random bytes, uploaded through the real endpoint.
const zip = makeZip([{ name: 'payload.bin', data: randomBytes(FILE_MB * 1024 * 1024) }]);
const fileSha = createHash('sha256').update(zip).digest('hex');
const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
const form = sysFileForm({ version: '1', type: '1' }, 'bench-ota.zip', zip);
const uploaded = await t.app.inject({
  method: 'POST',
  url: '/file/v1/file/sysFile/upload',
  headers: { satoken: admin.token, ...form.headers },
  payload: form.payload,
});
if (uploaded.json().code !== 1) throw new Error(`upload failed: ${uploaded.body}`);
const size = zip.length;
const onDisk = path.join(dataDir, 'blobs', 'sha256', fileSha.slice(0, 2), fileSha.slice(2, 4), fileSha);
if ((await stat(onDisk)).size !== size)
  throw new Error('the stored file is not where the disk store keeps it');

// A terminal of the administrator's account, written straight into the table.
const secret = randomBytes(16).toString('hex');
await t.database.db.execute(sql`
  insert into terminals (sn, name, owner_id, status, secret_hash)
  values ('BENCHDL01', 'bench', ${admin.userId}::uuid, 'activated', ${hashText(secret)})`);
const authorization = `Basic ${Buffer.from(`BENCHDL01:${secret}`).toString('base64')}`;

// The baseline: the same file from disk with a single Range, nothing else.
const bare = http.createServer((req, res) => {
  const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  const start = m ? Number(m[1]) : 0;
  const end = m?.[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  res.writeHead(m ? 206 : 200, {
    'content-length': String(end - start + 1),
    'content-type': 'application/zip',
    ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  createReadStream(onDisk, { start, end }).pipe(res);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const barePort = (bare.address() as AddressInfo).port;

/** REQUESTS range downloads, CONCURRENCY at a time; bytes/s, failures and the peak RSS. */
const load = async (target: number, pathOf: () => string, headers: Record<string, string>) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  let bytes = 0;
  let failed = 0;
  const why = new Map<string, number>();
  const fail = (reason: string) => {
    failed++;
    why.set(reason, (why.get(reason) ?? 0) + 1);
  };
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const one = () =>
    new Promise<void>((resolve) => {
      const start = Math.floor(Math.random() * (size - RANGE_BYTES));
      const req = http.get(
        {
          host: '127.0.0.1',
          port: target,
          path: pathOf(),
          agent,
          headers: { ...headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
        },
        (res) => {
          if (res.statusCode !== 206) fail(`HTTP ${res.statusCode}`);
          res.on('data', (c: Buffer) => {
            bytes += c.length;
          });
          res.on('end', resolve);
          res.on('error', (err) => {
            fail(err.message);
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        fail(err.message);
        resolve();
      });
    });
  const worker = async () => {
    while (next++ < REQUESTS) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  agent.destroy();
  return { perSecond: bytes / seconds, seconds, failed, bytes, peakRss, why: Object.fromEntries(why) };
};

const devicePath = () => `/device/v1/agent/sysFile/download?sha256=${fileSha}`;
const run = (which: 'bare' | 'server') =>
  which === 'bare' ? load(barePort, () => '/file', {}) : load(port, devicePath, { authorization });

// Warm both up, then measure.
await run('bare');
await run('server');
const baseline = await run('bare');
const subject = await run('server');
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

console.log(`database            ${t.database.kind}`);
console.log(
  `file                ${mb(size)} MB; ${REQUESTS} range requests of ${mb(RANGE_BYTES)} MB, ${CONCURRENCY} concurrent`,
);
console.log(
  `bare Node http      ${mb(baseline.perSecond)} MB/s in ${baseline.seconds.toFixed(1)} s (${baseline.failed} failed), peak RSS ${mb(baseline.peakRss)} MB`,
);
console.log(
  `terminal download   ${mb(subject.perSecond)} MB/s in ${subject.seconds.toFixed(1)} s (${subject.failed} failed), peak RSS ${mb(subject.peakRss)} MB`,
);
if (baseline.failed || subject.failed) console.log('failures', { bare: baseline.why, server: subject.why });
console.log(`ratio               ${(subject.perSecond / baseline.perSecond).toFixed(2)} (target >= 0.80)`);
await new Promise((r) => bare.close(r));
await t.close();
await rm(dataDir, { recursive: true, force: true });
