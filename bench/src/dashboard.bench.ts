// The dashboard overview over a large fleet: p95 of the overview's fleet figures (the real service,
// with the online trend and the latest warnings left out: they read other tables) as the administrator
// and as an enterprise, each against a bare count(*) over the same rows, interleaved run by run.
// Needs PostgreSQL: BENCH_DATABASE_URL=postgres://... . Seeds BENCH_ROWS terminals (default
// 1,000,000) across BENCH_ENTERPRISES enterprises (default 300) into a fresh database, dropped afterwards.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { createDashboardRepository } from '../../apps/server/src/modules/devices/dashboard.repository';
import { createDashboardService } from '../../apps/server/src/modules/devices/dashboard.service';
import type { AuthContext } from '../../apps/server/src/plugins/auth-context';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import { percentile } from './load';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
if (!process.env.BENCH_DATABASE_URL)
  throw new Error('set BENCH_DATABASE_URL=postgres://... (this benchmark is for PostgreSQL)');
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const rows = <T = Record<string, unknown>>(r: unknown) => (r as { rows: T[] }).rows;
const time = async (list: number[], fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  list.push(performance.now() - start);
};

const database = await openTestDatabase();
const { db } = database;
try {
  await seedDatabase(db, { adminPassword: 'Bench#Pass1' });
  const [admin] = rows<{ id: string }>(await db.execute(sql`select id from users where username = 'admin'`));
  await db.execute(sql`
    insert into users (username, password_hash, name, superior_id)
    select 'ent' || g, 'x', 'Enterprise ' || g, ${admin.id}::uuid from generate_series(1, ${ENTERPRISES}) g`);
  await db.execute(sql`insert into terminal_models (name) select 'M' || g from generate_series(1, 20) g`);
  const t0 = performance.now();
  // Enterprises of uneven size (the square spreads them from a few hundred terminals to many thousands),
  // every status, a third online, all enrolled and last seen over the past ten days, some activated
  // this month.
  await db.execute(sql`
    with e as (select array_agg(id order by username) ids from users where username like 'ent%'),
         m as (select array_agg(id) ids from terminal_models)
    insert into terminals (sn, name, owner_id, model_id, status, online, last_seen_at, enrolled_at, activation_date, created_at)
    select 'T' || lpad(g::text, 9, '0'), 'Terminal ' || g,
      e.ids[1 + floor(${ENTERPRISES} * power(random(), 2))::int], m.ids[1 + g % 20],
      (array['warehoused','shipped','activated','activated','activated','loggedOff'])[1 + g % 6],
      g % 3 = 0, now() - (g % 864000) * interval '1 second', now() - interval '400 days',
      case when g % 6 in (2, 3, 4) then now() - (g % 90) * interval '1 day' end,
      now() - g * interval '1 second'
    from generate_series(1, ${ROWS}) g, e, m`);
  // As autovacuum leaves a table that has settled: statistics and the visibility map up to date.
  await db.execute(sql`vacuum analyze terminals`);
  console.log(`seeded ${ROWS} terminals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // The enterprise with the median number of terminals.
  const [ent] = rows<{ id: string; n: number }>(
    await db.execute(sql`
      select owner_id id, count(*)::int n from terminals group by owner_id
      order by count(*) offset ${Math.floor(ENTERPRISES / 2)} limit 1`),
  );
  console.log(`enterprise measured: ${ent.n} terminals`);
  const service = createDashboardService({
    repo: createDashboardRepository(db),
    alerts: { warningPage: async () => ({ records: [], total: 0, current: 1, size: 5 }) },
    rollups: { onlineSecondsByHour: async () => [] },
    clock: { now: () => new Date() },
  } as unknown as Parameters<typeof createDashboardService>[0]);
  const platform = { userId: admin.id, dataScope: 'all' } as AuthContext;
  const tenant = { userId: ent.id, dataScope: 'tree' } as AuthContext;

  const t = {
    admin: [] as number[],
    adminCount: [] as number[],
    ent: [] as number[],
    entCount: [] as number[],
  };
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so both sides see the same machine load.
    await time(t.admin, () => service.dashboard(platform));
    await time(t.adminCount, () => db.execute(sql`select count(*) from terminals`));
    await time(t.ent, () => service.dashboard(tenant));
    await time(t.entCount, () =>
      db.execute(sql`select count(*) from terminals where owner_id = ${ent.id}::uuid`),
    );
  }
  const p = (list: number[], q: number) => percentile(list, q).toFixed(1).padStart(7);
  const line = (name: string, list: number[], base: number[]) =>
    console.log(
      `${name.padEnd(24)} p50 ${p(list, 50)} ms  p95 ${p(list, 95)} ms  bare count(*) p95 ${p(base, 95)} ms  ratio ${(
        percentile(list, 95) / percentile(base, 95)
      ).toFixed(2)}x`,
    );
  console.log(`${RUNS} interleaved runs (targets: p95 <= 1.5x bare count(*) or < 20 ms)`);
  line('overview, administrator', t.admin, t.adminCount);
  line('overview, enterprise', t.ent, t.entCount);
} finally {
  await database.close();
}
