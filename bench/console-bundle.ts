/**
 * Console bundle benchmark: JavaScript bytes over the wire for a cold load of `/login` and of every
 * page of the administrator's menu (signed in, each with an empty cache, counting what the page
 * fetches until the network is idle: its chunks, and the chart or map code it draws with), against a
 * minimal antd 6 + React app (one button, one table) built in the same run with the same Vite,
 * plugins and static file serving.
 *
 *   npm run bench:console -w @cpm/bench        builds the console and the baseline, then measures
 *   BENCH_SKIP_CONSOLE_BUILD=1 npm run ...     measures the console already built (apps/web/dist, or
 *                                              BENCH_WEB_DIST)
 *   BENCH_VERBOSE=1                            also lists every script of each load
 *
 * Targets: /login at most 250 KB of compressed JS; no route over 1.5 times the baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MENU } from '@cpm/contracts/menu-tree';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { registerWeb } from '../apps/server/src/plugins/web';
import { precompress } from '../apps/web/vite.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(here, '..', 'apps', 'web');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(webRoot, 'dist');
const ADMIN_PASSWORD = 'Bench#Admin1';
const LOGIN_TARGET_BYTES = 250 * 1024;
const RATIO_TARGET = 1.5;

type Load = {
  name: string;
  bytes: number;
  requests: number;
  encodings: string[];
  files: { url: string; bytes: number }[];
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Opens `url` in a fresh context (empty cache) and sums the encoded bodies of its scripts. */
const measure = async (
  name: string,
  open: (page: Page) => Promise<void>,
  storageState?: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>,
): Promise<Load> => {
  const context = await browser.newContext({
    storageState,
    // Chromium only offers brotli over HTTPS; the benchmark serves plain HTTP on the loopback.
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
  });
  const page = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        url: new URL(response.url()).pathname,
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      }))(),
    );
  });
  await open(page);
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(scripts);
  await context.close();
  return {
    name,
    bytes: done.reduce((sum, s) => sum + s.bytes, 0),
    requests: done.length,
    encodings: [...new Set(done.map((s) => s.encoding))],
    files: done.map(({ url, bytes }) => ({ url, bytes })).sort((a, b) => b.bytes - a.bytes),
  };
};

const started = performance.now();
if (!process.env.BENCH_SKIP_CONSOLE_BUILD) {
  process.stdout.write('building the console...\n');
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: webDist, emptyOutDir: true } });
}
process.stdout.write('building the baseline...\n');
const baselineDist = mkdtempSync(path.join(tmpdir(), 'cpm-bench-baseline-'));
await build({
  configFile: false,
  root: path.join(here, 'console-baseline'),
  logLevel: 'warn',
  plugins: [react(), precompress()],
  build: { outDir: baselineDist, emptyOutDir: true },
});

const baselineServer = Fastify();
await registerWeb(baselineServer, baselineDist);
await baselineServer.listen({ port: 0, host: '127.0.0.1' });
const baselineUrl = `http://127.0.0.1:${(baselineServer.server.address() as AddressInfo).port}`;

const built = await buildApp({
  config: loadConfig({
    DATABASE_URL: 'memory://',
    CAPTCHA: 'off',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    WEB_DIST: webDist,
  }),
});
await built.app.listen({ port: 0, host: '127.0.0.1' });
const consoleUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

try {
  const baseline = await measure('baseline (antd Button + Table)', async (page) => {
    await page.goto(baselineUrl);
    await page.getByTestId('baseline-table').waitFor();
  });
  const login = await measure('/login', async (page) => {
    await page.goto(`${consoleUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
  });

  // Sign in once, then load the dashboard cold with that session.
  const signIn = await browser.newContext();
  const signInPage = await signIn.newPage();
  await signInPage.goto(`${consoleUrl}/login`);
  await signInPage.getByTestId('login-captcha-image').locator('img').waitFor();
  await signInPage.getByTestId('login-username').fill('admin');
  await signInPage.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await signInPage.getByTestId('login-captcha').fill('abcd');
  await signInPage.getByTestId('login-submit').click();
  await signInPage.getByTestId('dashboard-page').waitFor();
  const session = await signIn.storageState();
  await signIn.close();

  // Every page a user reaches from the side menu, each loaded cold with that session.
  const pages: Load[] = [];
  for (const m of DEFAULT_MENU)
    for (const p of m.pages.filter((x) => !x.hidden)) {
      const route = `/${m.url}/${p.url}`;
      pages.push(
        await measure(
          route,
          async (page) => {
            await page.goto(`${consoleUrl}${route}`);
            await page.getByTestId('page-content').locator('[data-testid$="-page"]').first().waitFor();
          },
          session,
        ),
      );
    }

  const rows = [baseline, login, ...pages].map((load) => ({
    load: load.name,
    'JS over the wire': kb(load.bytes),
    requests: load.requests,
    encoding: load.encodings.join(', '),
    'x baseline': (load.bytes / baseline.bytes).toFixed(2),
  }));
  console.table(rows);
  if (process.env.BENCH_VERBOSE)
    for (const load of [login, ...pages])
      console.log(
        `${load.name}:\n${load.files.map((f) => `  ${kb(f.bytes).padStart(9)}  ${f.url}`).join('\n')}`,
      );
  const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const worst = Math.max(login.bytes, largest.bytes) / baseline.bytes;
  const over = pages.filter((p) => p.bytes / baseline.bytes > RATIO_TARGET).map((p) => p.name);
  console.log(
    `/login ${kb(login.bytes)} (target <= ${kb(LOGIN_TARGET_BYTES)}: ${login.bytes <= LOGIN_TARGET_BYTES ? 'met' : 'MISSED'}); ` +
      `largest route ${largest.name} ${worst.toFixed(2)}x baseline (target <= ${RATIO_TARGET}x: ${worst <= RATIO_TARGET ? 'met' : `MISSED by ${over.length} of ${pages.length}: ${over.join(', ')}`}); ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  await browser.close();
  await built.app.close();
  await baselineServer.close();
  rmSync(baselineDist, { recursive: true, force: true });
}
