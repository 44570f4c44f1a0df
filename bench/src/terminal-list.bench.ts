// The terminal list over a large fleet: p95 of filtered, paged list queries against a primary-key
// page of the same table, in the same run. Needs PostgreSQL: BENCH_DATABASE_URL=postgres://... .
// Seeds BENCH_ROWS terminals (default 1,000,000) into a fresh database, dropped afterwards.
import { performance } from 'node:perf_hooks';
import type { TerminalFilter } from '@cpm/contracts';
import { asc, gt, sql } from 'drizzle-orm';
import { terminals } from '../../apps/server/src/db/schema';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import {
  createTerminalsRepository,
  terminalFilterSql,
} from '../../apps/server/src/modules/devices/terminals.repository';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import { percentile } from './load';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
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
  // Ten enterprises under the administrator, each with groups and a spread of states.
  await db.execute(sql`
    insert into users (username, password_hash, name, superior_id)
    select 'ent' || g, 'x', 'Enterprise ' || g, ${admin.id}::uuid from generate_series(1, 10) g`);
  await db.execute(sql`
    insert into terminal_models (name) select 'M' || g from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into terminal_groups (name, number, owner_id)
    select 'Group ' || g, 'G' || g, (select id from users where username = 'ent' || (1 + g % 10)) from generate_series(1, 200) g`);
  const t0 = performance.now();
  await db.execute(sql`
    with e as (select array_agg(id order by username) ids from users where username like 'ent%'),
         m as (select array_agg(id) ids from terminal_models),
         gr as (select array_agg(id) ids from terminal_groups)
    insert into terminals (sn, name, owner_id, model_id, group_id, store_name, status, online, last_seen_at, created_at)
    select 'T' || lpad(g::text, 9, '0'), 'Terminal ' || g, e.ids[1 + g % 10], m.ids[1 + g % 20], gr.ids[1 + g % 200],
      'Store ' || (g % 5000),
      (array['warehoused','shipped','activated','activated','activated','loggedOff'])[1 + g % 6],
      g % 3 = 0, now() - (g % 500000) * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${ROWS}) g, e, m, gr`);
  // A table that has lived a minute: autovacuum (its insert threshold) would have visited a million
  // fresh rows by then, so index-only scans read the index alone, as they do in service.
  await db.execute(sql`vacuum analyze terminals`);
  console.log(`seeded ${ROWS} terminals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const repo = createTerminalsRepository(db);
  const [ent] = rows(await db.execute(sql`select id from users where username = 'ent3'`));
  const [group] = rows(await db.execute(sql`select id from terminal_groups limit 1`));
  const platform = { userId: admin.id as string, dataScope: 'all' as const };
  const tenant = { userId: ent.id as string, dataScope: 'tree' as const };
  const now = new Date();
  const cases: {
    name: string;
    scope: typeof platform | typeof tenant;
    filter: TerminalFilter;
    page: number;
  }[] = [
    { name: 'no filter, page 1', scope: platform, filter: {}, page: 1 },
    { name: 'status=activated', scope: platform, filter: { status: 'activated' }, page: 1 },
    { name: 'online=true, page 5', scope: platform, filter: { online: true }, page: 5 },
    { name: 'sn prefix T00012', scope: platform, filter: { sn: 'T00012' }, page: 1 },
    { name: 'group', scope: platform, filter: { groupId: group.id as string }, page: 1 },
    {
      name: 'tenant scope, status+online',
      scope: tenant,
      filter: { status: 'activated', online: false },
      page: 1,
    },
  ];
  const timings: number[] = [];
  const perCase = new Map<string, number[]>();
  const keyTimings: number[] = [];
  const randomKey = () => `T${String(1 + Math.floor(Math.random() * ROWS)).padStart(9, '0')}`;
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so both sides see the same machine load.
    const c = cases[i % cases.length];
    let start = performance.now();
    // As the list endpoint does: resolve the data scope, then the page and its (capped) total.
    const owners = await repo.visibleOwnerIds(c.scope);
    await repo.findPage(terminalFilterSql(c.scope, c.filter, now, owners), (c.page - 1) * 14, 14);
    const ms = performance.now() - start;
    timings.push(ms);
    perCase.set(c.name, [...(perCase.get(c.name) ?? []), ms]);
    start = performance.now();
    await db
      .select()
      .from(terminals)
      .where(gt(terminals.sn, randomKey()))
      .orderBy(asc(terminals.sn))
      .limit(14);
    keyTimings.push(performance.now() - start);
  }
  // BENCH_EXPLAIN=1: each case's two statements as PostgreSQL ran them, after the timed runs.
  if (process.env.BENCH_EXPLAIN)
    for (const c of cases) {
      const owners = await repo.visibleOwnerIds(c.scope);
      const statements = repo.pageStatements(
        terminalFilterSql(c.scope, c.filter, now, owners),
        (c.page - 1) * 14,
        14,
      );
      for (const [part, statement] of Object.entries(statements)) {
        const plan = rows(await db.execute(sql`explain (analyze, buffers) ${statement}`));
        console.log(`--- ${c.name}: ${part}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  const p95 = percentile(timings, 95);
  const keyP95 = percentile(keyTimings, 95);
  for (const [name, list] of perCase)
    console.log(`  ${name.padEnd(32)} p95 ${percentile(list, 95).toFixed(1)} ms`);
  console.log(`filtered list (page + total)  p95 ${p95.toFixed(1)} ms over ${RUNS} runs`);
  console.log(`key page (unique index)       p95 ${keyP95.toFixed(1)} ms`);
  console.log(`ratio                         ${(p95 / keyP95).toFixed(1)}x (targets: <= 5x and < 100 ms)`);
} finally {
  await database.close();
}
