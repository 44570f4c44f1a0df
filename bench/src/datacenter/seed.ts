// The data centre benchmark's fleet: its size from the environment, and the seeding of its terminals
// and their activity.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import { createDatacenterRepository } from '../../../apps/server/src/modules/datacenter/datacenter.repository';
import {
  type createDatacenterService,
  DEFAULT_ACTIVITY_WRITE_MS,
} from '../../../apps/server/src/modules/datacenter/datacenter.service';

export const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 1_000_000);
export const DAYS = Number(process.env.BENCH_DAYS ?? 90);
export const HOURLY_DAYS = Math.min(DAYS, Number(process.env.BENCH_HOURLY_DAYS ?? 7));
export const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 100);
export const RUNS = Number(process.env.BENCH_RUNS ?? 80);
/** A database a kept run seeded (BENCH_KEEP_DATABASE=1 prints its name): measured again without seeding, and kept. */
export const REUSE = process.env.BENCH_REUSE_DATABASE;
/** Which parts run: `reads` (seeds the activity, then the monitor and detail pages), `ingestion`. */
export const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,ingestion').split(','));
export const MONITOR_RUNS = Number(process.env.BENCH_MONITOR_RUNS ?? 10);
/** The monitor's ranges, days each; the page opens on the last seven. */
export const MONITOR_RANGES = (process.env.BENCH_MONITOR_RANGES ?? '7').split(',').map(Number);
/** Heartbeats per flush: the writer's own batch size. */
export const HB_BATCH = Number(process.env.BENCH_HB_BATCH ?? 2000);
export const HB_FLUSHES = Number(process.env.BENCH_HB_FLUSHES ?? 300);
/** Batches in rotation: HB_SLICES x HB_BATCH terminals heartbeat every 30 s. */
export const HB_SLICES = Number(process.env.BENCH_HB_SLICES ?? 15);
/** The deferred side writes its rollups this often, seconds of heartbeats (the server's default). */
export const ROLLUP_EVERY_SEC = Number(
  process.env.BENCH_ROLLUP_EVERY_SEC ?? DEFAULT_ACTIVITY_WRITE_MS / 1000,
);

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const HEARTBEAT_MS = 30_000;
export const rows = <T = Record<string, unknown>>(r: unknown) => (r as { rows: T[] }).rows;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

// Today (UTC) is the last of the DAYS days; `d` counts days from the first.
export const todayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS;
export const firstDay = todayStart - (DAYS - 1) * DAY_MS;
// A terminal (n from its SN) is silent one day in ten; the rest it works its shop's hours.
export const workedSql = (d: number) => sql`(t.n + ${d} * 7) % 10 <> 0`;

/** Terminals, their enterprises, groups and models; every terminal numbered by its SN. */
export const seedFleet = async (db: Db) => {
  const [admin] = rows<{ id: string }>(await db.execute(sql`select id from users where username = 'admin'`));
  await db.execute(sql`
    insert into users (username, password_hash, name, superior_id)
    select 'bench_ent' || lpad(e::text, 4, '0'), 'x', 'Enterprise ' || e, ${admin.id}::uuid
    from generate_series(0, ${ENTERPRISES - 1}) e`);
  await db.execute(
    sql`insert into terminal_models (name) select 'Model ' || m from generate_series(1, 50) m`,
  );
  // Ten groups per enterprise: group j belongs to enterprise j % ENTERPRISES.
  await db.execute(sql`
    with e as (select array_agg(id order by username) ids from users where username like 'bench_ent%')
    insert into terminal_groups (name, number, owner_id)
    select 'Group ' || j, 'G' || lpad(j::text, 6, '0'), e.ids[1 + j % ${ENTERPRISES}]
    from generate_series(0, ${ENTERPRISES * 10 - 1}) j, e`);
  await db.execute(sql`
    with e as (select array_agg(id order by username) ids from users where username like 'bench_ent%'),
         m as (select array_agg(id order by name) ids from terminal_models),
         gr as (select array_agg(id order by number) ids from terminal_groups)
    insert into terminals (sn, name, owner_id, model_id, group_id, store_name, status, online, last_seen_at,
      online_changed_at, activation_date, enrolled_at, os_version, agent_version, created_at)
    select 'T' || lpad(g::text, 9, '0'), 'Terminal ' || g, e.ids[1 + g % ${ENTERPRISES}], m.ids[1 + g % 50],
      gr.ids[1 + g % ${ENTERPRISES} + ${ENTERPRISES} * ((g / ${ENTERPRISES}) % 10)], 'Store ' || (g % 5000),
      'activated', (g / ${ENTERPRISES}) % 10 <> 0,
      case when (g / ${ENTERPRISES}) % 10 <> 0 then now() - (g % 30) * interval '1 second' else now() - (g % 2000) * interval '1 hour' end,
      now() - (g % 86400) * interval '1 second',
      now() - (g % ${DAYS + 60}) * interval '1 day' - (g % 86400) * interval '1 second',
      now() - (g % ${DAYS + 60}) * interval '1 day',
      (array['10', '11', '12', '13', '14'])[1 + g % 5], '3.' || (g % 12) || '.0',
      now() - (g % ${DAYS + 60}) * interval '1 day'
    from generate_series(1, ${TERMINALS}) g, e, m, gr`);
  await db.execute(sql`analyze terminals`);
};

export const numbered = sql`(select id, substr(sn, 2)::int as n from terminals)`;

/**
 * The rollups and events as the writes over DAYS days leave them (physically in time order), written
 * set-based with the tables' indexes dropped and then built again, as the migrations define them.
 */
export const seedActivity = async (db: Db, service: ReturnType<typeof createDatacenterService>) => {
  const tables = ['terminal_rollup_daily', 'terminal_rollup_hourly'];
  const indexes = rows<{ table: string; name: string; def: string; constraint: boolean }>(
    await db.execute(sql`
      select i.tablename as table, i.indexname as name, i.indexdef as def,
        exists (select 1 from pg_constraint c where c.conname = i.indexname) as constraint
      from pg_indexes i where i.tablename in ('terminal_rollup_daily', 'terminal_rollup_hourly')`),
  );
  const constraints = rows<{ table: string; name: string; def: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c where c.conrelid::regclass::text in ('terminal_rollup_daily', 'terminal_rollup_hourly')
        and c.contype = 'p'`),
  );
  for (const c of constraints) await db.execute(sql.raw(`alter table ${c.table} drop constraint ${c.name}`));
  for (const i of indexes.filter((x) => !x.constraint)) await db.execute(sql.raw(`drop index ${i.name}`));

  let t0 = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const day = dayOf(firstDay + d * DAY_MS);
    await db.execute(sql`
      insert into terminal_rollup_daily as r (terminal_id, day, online_sec, runtime_sec, mobile_bytes, wifi_bytes,
        heartbeats, battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
      select t.id, ${day}::date, s.online, s.online + 300, (t.n % 1000) * 10000, (t.n % 700) * 50000, s.online / 30,
        10 + (t.n + ${d}) % 80, 300 + t.n % 500, 4000 + t.n % 4000, 1, 1,
        ${day}::date + (6 + t.n % 4) * interval '1 hour', ${day}::date + (18 + t.n % 4) * interval '1 hour'
      from ${numbered} t,
        lateral (select case when (t.n + ${d}) % 8 = 0 then 600 + t.n % 2400
                        else 3600 * (6 + (t.n + ${d}) % 8) + t.n % 3600 end as online) s
      where ${workedSql(d)}`);
  }
  console.log(`  daily rollups: ${DAYS} days in ${seconds(t0)}`);

  t0 = performance.now();
  const now = Date.now();
  for (let d = DAYS - HOURLY_DAYS; d < DAYS; d++) {
    // Each terminal works twelve hours from 06:00, 07:00, 08:00 or 09:00 (UTC).
    for (let h = 6; h < 21; h++) {
      const hour = firstDay + d * DAY_MS + h * HOUR_MS;
      if (hour > now) break;
      await db.execute(sql`
        insert into terminal_rollup_hourly (terminal_id, hour, online_sec, runtime_sec, mobile_bytes, wifi_bytes,
          heartbeats, battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns)
        select t.id, ${new Date(hour).toISOString()}::timestamptz, 3600 - t.n % 120, 3600, (t.n % 1000) * 800,
          (t.n % 700) * 4000, 120, 10 + (t.n + ${h}) % 80, 300 + t.n % 500, 4000 + t.n % 4000, 0, 0
        from ${numbered} t
        where ${workedSql(d)} and ${h} - 6 - t.n % 4 between 0 and 11`);
    }
  }
  console.log(`  hourly rollups: ${HOURLY_DAYS} days in ${seconds(t0)}`);

  t0 = performance.now();
  const eventsFrom = firstDay + (DAYS - HOURLY_DAYS) * DAY_MS;
  const months =
    (new Date(now).getUTCFullYear() - new Date(eventsFrom).getUTCFullYear()) * 12 +
    new Date(now).getUTCMonth() -
    new Date(eventsFrom).getUTCMonth() +
    4;
  await createDatacenterRepository(db).ensureEventPartitions(new Date(eventsFrom), months);
  await service.ensurePartitions();
  for (let d = DAYS - HOURLY_DAYS; d < DAYS; d++) {
    const day = dayOf(firstDay + d * DAY_MS);
    await db.execute(sql`
      insert into terminal_events (terminal_id, kind, detail, at)
      select t.id, e.kind, e.detail, ${day}::date + (e.at + t.n % 4) * interval '1 hour'
      from ${numbered} t, (values ('boot', null, 6), ('shutdown', 'power key', 18)) as e(kind, detail, at)
      where ${workedSql(d)}`);
  }
  console.log(`  events: ${HOURLY_DAYS} days in ${seconds(t0)}`);

  t0 = performance.now();
  for (const c of constraints)
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(`alter table ${c.table} add constraint ${c.name} ${c.def}`));
    });
  for (const i of indexes.filter((x) => !x.constraint))
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(i.def));
    });
  console.log(`  indexes built again in ${seconds(t0)}`);

  // The per-account aggregates the batch writer keeps, computed from the rollups as migration 0024
  // backfills them; the days one at a time, each day's terminals read once for both tables.
  t0 = performance.now();
  await db.execute(sql`
    insert into owner_rollup_hourly (owner_id, hour, online_sec, terminals)
    select t.owner_id, h.hour, sum(h.online_sec), count(*) filter (where h.online_sec > 0)
    from terminal_rollup_hourly h join terminals t on t.id = h.terminal_id
    group by 1, 2`);
  for (let d = 0; d < DAYS; d++) {
    const day = dayOf(firstDay + d * DAY_MS);
    await db.execute(sql`
      with online as materialized (
        select t.owner_id, d.day, d.online_sec, t.model_id, t.group_id, t.os_version, t.agent_version
        from terminal_rollup_daily d join terminals t on t.id = d.terminal_id
        where d.day = ${day}::date and d.online_sec > 0
      ), per_day as (
        insert into owner_activity_daily (owner_id, day, online, active)
        select owner_id, day, count(*), count(*) filter (where online_sec >= 3600) from online group by 1, 2
      )
      insert into owner_activity_breakdown_daily (owner_id, day, dimension, key, terminals)
      select o.owner_id, o.day, k.dimension, k.key, count(*)
      from online o
      cross join lateral (values ('model', o.model_id::text), ('group', o.group_id::text), ('osVersion', o.os_version),
        ('appVersion', o.agent_version)) as k(dimension, key)
      group by 1, 2, 3, 4`);
  }
  console.log(`  per-account aggregates in ${seconds(t0)}`);
  t0 = performance.now();
  for (const table of [
    ...tables,
    'owner_rollup_hourly',
    'owner_activity_daily',
    'owner_activity_breakdown_daily',
    'terminal_events',
    'terminals',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`  vacuum analyze in ${seconds(t0)}`);
};
