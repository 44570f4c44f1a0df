// The device map over a large fleet: p50/p95 of the viewport answer at five zooms (clusters from the
// kept counts for zoomed-out views, grid clusters grouped in SQL otherwise, or the single terminals
// when few), of the live grouping alone, and of a plain count of the terminals in the same box as the
// baseline, interleaved in the same run. Needs PostgreSQL: BENCH_DATABASE_URL=postgres://... . Seeds
// BENCH_ROWS located terminals (default 100,000) into a fresh database, dropped afterwards.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { createCityIndex } from '../../apps/server/src/modules/geo/city-index';
import { createGeoRepository, inBoxSql } from '../../apps/server/src/modules/geo/geo.repository';
import { createGeoService } from '../../apps/server/src/modules/geo/geo.service';
import { createMapGrid, type MapGrid } from '../../apps/server/src/modules/geo/map-grid';
import type { AuthContext } from '../../apps/server/src/plugins/auth-context';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import { percentile } from './load';
import { insertLocatedTerminals, MAP_VIEWS } from './map-fleet';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
if (!process.env.BENCH_DATABASE_URL)
  throw new Error('set BENCH_DATABASE_URL=postgres://... (this benchmark is for PostgreSQL)');
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const database = await openTestDatabase();
const { db } = database;
try {
  await seedDatabase(db, { adminPassword: 'Bench#Pass1' });
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const [admin] = rows(await db.execute(sql`select id from users where username = 'admin'`));
  const t0 = performance.now();
  await insertLocatedTerminals(db, admin.id as string, ROWS);
  console.log(`seeded ${ROWS} located terminals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const auth = { userId: admin.id as string, dataScope: 'all' } as AuthContext;
  const repo = createGeoRepository(db);
  const clock = { now: () => new Date() };
  const service = (grid?: MapGrid) =>
    createGeoService({
      repo,
      clock,
      cities: createCityIndex(() => []),
      street: { reverse: async () => null },
      grid,
    });
  // The product's answer (kept counts for zoomed-out views of a large fleet), and the live grouping
  // alone (what a group or model filter still costs, and what the kept counts replace).
  const grid = createMapGrid({ load: repo.gridRows, clock });
  const geo = service(grid);
  const live = service(createMapGrid({ load: repo.gridRows, clock, options: { minTerminals: Infinity } }));
  const views = MAP_VIEWS;
  const time = async (fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    return performance.now() - s;
  };
  const subject = views.map(() => [] as number[]);
  const grouped = views.map(() => [] as number[]);
  const baseline = views.map(() => [] as number[]);
  const items = views.map(() => 0);
  // One untimed pass warms the plans and starts the kept counts of the zooms that need them.
  const warm = performance.now();
  for (const v of views) await geo.clusters(auth, v);
  await grid.idle();
  console.log(
    `kept counts built in ${((performance.now() - warm) / 1000).toFixed(1)} s (first pass included)`,
  );
  for (let i = 0; i < RUNS; i++) {
    const at = i % views.length;
    const v = views[at];
    subject[at].push(
      await time(async () => {
        const r = await geo.clusters(auth, v);
        items[at] = r.clusters.length + r.terminals.length;
      }),
    );
    grouped[at].push(await time(() => live.clusters(auth, v)));
    baseline[at].push(await time(() => db.execute(sql`select count(*) from terminals where ${inBoxSql(v)}`)));
  }
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const ratio = (a: number[], b: number[]) => (percentile(a, 95) / percentile(b, 95)).toFixed(2).padStart(6);
  console.log(
    'zoom    answer p50    p95    live p50    p95   count p50    p95   answer/count  live/count  items',
  );
  const line = (label: string, s: number[], g: number[], b: number[], n: number) =>
    console.log(
      `${label.padEnd(5)}  ${ms(percentile(s, 50))} ${ms(percentile(s, 95))}  ${ms(percentile(g, 50))} ${ms(percentile(g, 95))}` +
        `  ${ms(percentile(b, 50))} ${ms(percentile(b, 95))}        ${ratio(s, b)}      ${ratio(g, b)}  ${String(n).padStart(5)}`,
    );
  for (const [at, v] of views.entries())
    line(String(v.zoom), subject[at], grouped[at], baseline[at], items[at]);
  line('all', subject.flat(), grouped.flat(), baseline.flat(), Math.max(...items));
  console.log(`${ROWS} terminals, ${RUNS / views.length} runs per zoom, p95 ratios`);
} finally {
  await database.close();
}
