// The device map in Chromium: frame times while a user pans the map with the mouse, with
// BENCH_TERMINALS (100,000) located terminals, against the same page and the same pans over an empty
// fleet, in the same run. The real server (PGlite in memory, or a fresh PostgreSQL database with
// BENCH_DATABASE_URL=postgres://..., dropped afterwards) serves the built console; the benchmark signs
// in as the seeded administrator, opens /device/deviceMap and drags the map for BENCH_SECONDS (8) at
// the world zoom and again at zoom 5 over Europe, timing every frame with requestAnimationFrame.
// Target: p95 frame under 16.7 ms. `npm run bench:map-pan -w @cpm/bench`; the console is built into a
// temporary folder first (BENCH_WEB_DIST=apps/web/dist BENCH_SKIP_CONSOLE_BUILD=1 uses a build);
// BENCH_SCREENSHOTS=<folder> also saves the map with the fleet at zooms 1 to 3.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mercatorPixel } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { chromium, type Page, type Request } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import { percentile } from './load';
import { insertLocatedTerminals } from './map-fleet';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 19_231);
const FRAME_TARGET_MS = 16.7;
/**
 * `requestAnimationFrame` runs once per display refresh, so on a 60 Hz display every interval is
 * 16.7 ms give or take the timer's jitter (16.6 to 16.8), and a frame that missed its refresh shows as
 * two (33.3 ms) or more. "p95 frame under 16.7 ms" therefore reads: at p95 no refresh was missed, i.e.
 * the p95 interval is below one and a half refreshes.
 */
const DROPPED_MS = FRAME_TARGET_MS * 1.5;
const ADMIN_PASSWORD = 'Bench#Admin1';
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(here, '..', '..', 'apps', 'web');

const webDist = process.env.BENCH_WEB_DIST ?? mkdtempSync(path.join(tmpdir(), 'cpm-bench-web-'));
if (!process.env.BENCH_SKIP_CONSOLE_BUILD) {
  process.stdout.write('building the console...\n');
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: webDist, emptyOutDir: true } });
}

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;
const database = await openTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cpm-bench-data-'));
const url = `http://127.0.0.1:${PORT}`;
const built = await buildApp({
  config: loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    PORT: String(PORT),
    PUBLIC_URL: url,
    CAPTCHA: 'off',
    MQTT_PORT: '0',
    REMOTE_PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    WEB_DIST: webDist,
  }),
  database,
});
await built.app.listen({ port: PORT, host: '127.0.0.1' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    // Frames of a page in the background would be throttled; this one is the only page.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ],
});

type Scene = { name: string; zoom: number };
/** What the page records while it is panned. */
type Recorder = { __frames: number[]; __longTasks: number[]; __recording: boolean };
type Measured = {
  frames: number[];
  longTasks: number[];
  drawn: { clusters: number; terminals: number }[];
  answers: number[];
};

/** Signs in through the login page and opens the device map at its world view. */
const openMap = async (page: Page) => {
  await page.goto(`${url}/login`);
  await page.getByTestId('login-captcha-image').locator('img').waitFor();
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  // The server runs with CAPTCHA=off: any answer passes.
  await page.getByTestId('login-captcha').fill('abcd');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-page').waitFor();
  await page.goto(`${url}/device/deviceMap`);
  await page.locator('[data-testid="map-canvas"][data-map-clusters][data-base-layer]').waitFor();
  await page.waitForLoadState('networkidle');
};

/** Where the map container's centre is on the page. */
const centreOf = async (page: Page) => {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('no map on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Drags Europe to the middle of the map (from the page's world view, 25°N 20°E at zoom 2), then zooms in. */
const zoomToEurope = async (page: Page, zoom: number) => {
  const centre = await centreOf(page);
  const from = mercatorPixel(25, 20, 2);
  const to = mercatorPixel(48, 10, 2);
  await page.mouse.move(centre.x + to.x - from.x, centre.y + to.y - from.y);
  await page.mouse.down();
  await page.mouse.move(centre.x, centre.y, { steps: 10 });
  // A pause before letting go: no inertia carries the map further.
  await page.waitForTimeout(200);
  await page.mouse.up();
  for (let z = 2; z < zoom; z++) {
    await page.getByTestId('map-zoom-in').click();
    await page.waitForTimeout(600);
  }
  await page.mouse.move(centre.x, centre.y);
  await page.waitForLoadState('networkidle');
};

/** Drags the map to and fro for SECONDS while every frame and every map answer is timed. */
const pan = async (page: Page): Promise<Measured> => {
  const answers: number[] = [];
  const onAnswer = (request: Request) => {
    if (request.url().includes('/device/map/clusters')) answers.push(request.timing().responseEnd);
  };
  page.on('requestfinished', onAnswer);
  // A script, not a function: the TypeScript loader would wrap a function's inner arrows in a
  // naming helper the page does not have.
  await page.evaluate(`(() => {
    const w = globalThis;
    w.__frames = [];
    w.__longTasks = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  })()`);
  const { x, y } = await centreOf(page);
  const drags = [
    [-320, 0],
    [0, -200],
    [320, 0],
    [0, 200],
    [-240, 150],
    [240, -150],
  ];
  const drawn: Measured['drawn'] = [];
  const until = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < until; i++) {
    const [dx, dy] = drags[i % drags.length];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // About half a second per drag, in small steps as a hand moves.
    for (let step = 1; step <= 24; step++) {
      await page.mouse.move(x + (dx * step) / 24, y + (dy * step) / 24);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    // The pause between two drags, while the map asks for the new view and draws it.
    await page.waitForTimeout(300);
    drawn.push(
      await page.getByTestId('map-canvas').evaluate((el) => ({
        clusters: el.querySelectorAll('.cpm-geo-cluster').length,
        terminals: Number(el.dataset.mapTerminals ?? 0),
      })),
    );
  }
  const result = await page.evaluate(() => {
    const w = globalThis as unknown as Recorder;
    w.__recording = false;
    return { frames: w.__frames.slice(1), longTasks: w.__longTasks };
  });
  page.off('requestfinished', onAnswer);
  return { ...result, drawn, answers };
};

const scenes: Scene[] = [
  { name: 'world (zoom 2)', zoom: 2 },
  { name: 'Europe (zoom 5)', zoom: 5 },
];

/** Every scene on a freshly opened map. */
const measureFleet = async () => {
  const out: Measured[] = [];
  for (const scene of scenes) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openMap(page);
    if (scene.zoom > 2) await zoomToEurope(page, scene.zoom);
    out.push(await pan(page));
    await context.close();
  }
  return out;
};

/** The map with the fleet at the lowest zooms, as PNG files in `dir` (world-zoom-1.png ...). */
const screenshots = async (dir: string) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openMap(page);
  const shoot = async (zoom: number) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.getByTestId('device-map').screenshot({ path: path.join(dir, `world-zoom-${zoom}.png`) });
  };
  await shoot(2);
  await page.getByTestId('map-zoom-out').click();
  await shoot(1);
  await page.getByTestId('map-zoom-in').click();
  await page.getByTestId('map-zoom-in').click();
  await shoot(3);
  await context.close();
};

const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (m: Measured) => {
  const p95 = percentile(m.frames, 95);
  return {
    frames: m.frames.length,
    p50: ms(percentile(m.frames, 50)),
    p95: ms(p95),
    max: ms(Math.max(...m.frames)),
    'missed a refresh': `${((100 * m.frames.filter((f) => f > DROPPED_MS).length) / m.frames.length).toFixed(1)}%`,
    'long tasks': m.longTasks.length,
    'clusters drawn (max)': Math.max(0, ...m.drawn.map((d) => d.clusters)),
    'terminals drawn (max)': Math.max(0, ...m.drawn.map((d) => d.terminals)),
    'answers (p95)': m.answers.length ? `${m.answers.length} (${ms(percentile(m.answers, 95))})` : '0',
  };
};

try {
  const empty = await measureFleet();
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const [admin] = rows(await database.db.execute(sql`select id from users where username = 'admin'`));
  const seededAt = performance.now();
  await insertLocatedTerminals(database.db, admin.id as string, TERMINALS);
  process.stdout.write(
    `seeded ${TERMINALS} located terminals in ${((performance.now() - seededAt) / 1000).toFixed(0)} s\n`,
  );
  const full = await measureFleet();
  if (process.env.BENCH_SCREENSHOTS) await screenshots(process.env.BENCH_SCREENSHOTS);
  const table: Record<string, unknown>[] = [];
  for (const [i, scene] of scenes.entries()) {
    table.push({ scene: scene.name, fleet: 'empty', ...summary(empty[i]) });
    table.push({ scene: scene.name, fleet: `${TERMINALS}`, ...summary(full[i]) });
  }
  console.table(table);
  for (const [i, scene] of scenes.entries()) {
    const p95 = percentile(full[i].frames, 95);
    const ratio = p95 / percentile(empty[i].frames, 95);
    console.log(
      `${scene.name}: p95 frame ${ms(p95)} with ${TERMINALS} terminals, ${ratio.toFixed(2)}x the empty map ` +
        `(target: no refresh of ${FRAME_TARGET_MS} ms missed at p95: ${p95 < DROPPED_MS ? 'met' : 'MISSED'})`,
    );
  }
} finally {
  await browser.close();
  await built.app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_WEB_DIST) rmSync(webDist, { recursive: true, force: true });
}
