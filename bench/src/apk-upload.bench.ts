// APK upload memory: a large signed APK (BENCH_APK_MB, default 300) streamed through the real
// upload endpoint over HTTP (multipart, hashing, the ZIP directory, the v2/v3 content digest, the
// manifest) against the small demo APK through the same path in the same run. Prints the peak RSS
// growth of each and their ratio: a server that streams grows about as much for 300 MB as for 8 KB.
// Needs Debian's aapt and apksigner (scripts/install-system-deps.sh) to build the large APK.
// `npm run bench:apk -w @cpm/bench`
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES } from '../../apps/server/src/modules/appmarket/apk-fixtures';
import { sysFileForm } from '../../apps/server/src/modules/sysfiles/testing';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../apps/server/src/test-support/test-app';

const MB = Number(process.env.BENCH_APK_MB ?? 300);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-bench-apk-'));
const bigApk = path.join(dataDir, 'big.apk');
console.log(`building a ${MB} MB signed APK...`);
execFileSync('bash', [path.join(root, 'scripts/make-test-apks.sh'), '--big', String(MB), bigApk], {
  stdio: 'inherit',
});

const t = await createTestApp({ env: { DATA_DIR: path.join(dataDir, 'data'), BLOB_SWEEP_MINUTES: '0' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);

/** Streams a file as the multipart upload and answers the envelope code, the time and the peak RSS growth. */
const upload = async (file: string, name: string) => {
  const size = (await stat(file)).size;
  const form = sysFileForm({ name: 'BenchApp' }, name, Buffer.alloc(0));
  const tail = Buffer.from(form.payload.subarray(form.head.length));
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const code = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/app/v1/app/app/upload',
        headers: {
          satoken: admin.token,
          ...form.headers,
          'content-length': String(form.head.length + size + tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()).code));
      },
    );
    req.on('error', reject);
    req.write(form.head);
    const body = createReadStream(file);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
  clearInterval(sampler);
  return { size, code, ms: performance.now() - started, growth: peak - base };
};

const small = await upload(path.join(FIXTURES, 'demo-v1.apk'), 'demo-v1.apk');
const big = await upload(bigApk, 'big.apk');
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `baseline  ${mib(small.size).padStart(9)}  code ${small.code}  ${small.ms.toFixed(0)} ms  peak RSS +${mib(small.growth)}`,
);
console.log(
  `subject   ${mib(big.size).padStart(9)}  code ${big.code}  ${big.ms.toFixed(0)} ms  peak RSS +${mib(big.growth)}`,
);
console.log(
  `peak RSS growth: ${(big.growth / Math.max(small.growth, 1)).toFixed(2)}x the baseline's for ${(big.size / small.size).toFixed(0)}x the bytes; ${((100 * big.growth) / big.size).toFixed(1)}% of the file size`,
);
await t.close();
await rm(dataDir, { recursive: true, force: true });
if (small.code !== 1 || big.code !== 1) process.exit(1);
