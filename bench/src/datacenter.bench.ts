// The data centre over a large fleet on PostgreSQL. Part one: the monitor page's overview (read from
// the per-account aggregates) and the run-record detail page (the real service calls), as the
// administrator and as an enterprise, each against a plain indexed count of the same rollup rows,
// interleaved run by run. Part two: heartbeat ingestion through the real batch writer with the
// activity rollups and their aggregates against the same heartbeat batches without them, interleaved
// flush by flush.
// BENCH_DATABASE_URL=postgres://... ; seeds BENCH_TERMINALS (1,000,000) terminals with BENCH_DAYS (90)
// days of daily rollups and BENCH_HOURLY_DAYS (7) days of hourly rollups and events into a fresh
// database, dropped afterwards (BENCH_KEEP_DATABASE=1 keeps it for EXPLAIN and prints its name).
// BENCH_PARTS=ingestion seeds the terminals only and measures part two. BENCH_REUSE_DATABASE=name
// measures a kept database again without seeding it (BENCH_TERMINALS and BENCH_DAYS as it was seeded).
import { performance } from 'node:perf_hooks';
import type { Heartbeat } from '@cpm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, openDatabase } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { createHeartbeatWriter } from '../../apps/server/src/modules/agent/heartbeat-writer';
import { createDatacenterRepository } from '../../apps/server/src/modules/datacenter/datacenter.repository';
import {
  type ActivitySink,
  createDatacenterService,
} from '../../apps/server/src/modules/datacenter/datacenter.service';
import type { AuthContext } from '../../apps/server/src/plugins/auth-context';
import { openTestDatabase } from '../../apps/server/src/test-support/test-app';
import {
  DAY_MS,
  DAYS,
  dayOf,
  ENTERPRISES,
  HB_BATCH,
  HB_FLUSHES,
  HB_SLICES,
  HEARTBEAT_MS,
  HOUR_MS,
  MONITOR_RANGES,
  MONITOR_RUNS,
  ms,
  PARTS,
  REUSE,
  ROLLUP_EVERY_SEC,
  RUNS,
  rows,
  seconds,
  seedActivity,
  seedFleet,
  TERMINALS,
  time,
  todayStart,
} from './datacenter/seed';
import { percentile } from './load';

if (!process.env.BENCH_DATABASE_URL)
  throw new Error('set BENCH_DATABASE_URL=postgres://... (this benchmark is for PostgreSQL)');
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

type Case = { name: string; subject: () => Promise<unknown>; baseline: () => Promise<unknown> };

/** Runs the cases in turn, each subject then its baseline, `runs` times in all; prints p50/p95 and ratios. */
const measure = async (title: string, cases: Case[], runs: number, targetMs: number) => {
  const got = new Map(cases.map((c) => [c.name, { subject: [] as number[], baseline: [] as number[] }]));
  // One untimed pass, so the first timed run pays no planning or cold-cache cost the others do not.
  for (const c of cases) {
    await c.subject();
    await c.baseline();
  }
  for (let i = 0; i < runs; i++) {
    const c = cases[i % cases.length];
    const g = got.get(c.name);
    g?.subject.push(await time(c.subject));
    g?.baseline.push(await time(c.baseline));
  }
  const line = (name: string, subject: number[], baseline: number[], verdict: string) => {
    const p95 = percentile(subject, 95);
    console.log(
      `  ${name.padEnd(30)} ${ms(percentile(subject, 50)).padStart(10)} ${ms(p95).padStart(10)}   ${ms(percentile(baseline, 50)).padStart(10)} ${ms(percentile(baseline, 95)).padStart(10)}   ${(p95 / percentile(baseline, 95)).toFixed(2).padStart(6)}x ${verdict}`,
    );
  };
  console.log(`\n${title} (${runs} runs, target p95 < ${targetMs} ms)`);
  console.log(
    `  ${'case'.padEnd(30)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}   ${'count p50'.padStart(10)} ${'count p95'.padStart(10)}   ratio p95`,
  );
  const all = { subject: [] as number[], baseline: [] as number[] };
  for (const [name, g] of got) {
    all.subject.push(...g.subject);
    all.baseline.push(...g.baseline);
    line(name, g.subject, g.baseline, percentile(g.subject, 95) < targetMs ? '' : '(over target)');
  }
  const met = percentile(all.subject, 95) < targetMs;
  line('all cases', all.subject, all.baseline, `target ${met ? 'met' : 'not met'}`);
};

/** What one service call spends in each of its statements: a database handle that times them. */
const timedDb = (db: Db, label: (text: string) => string) => {
  const dialect = new PgDialect({ casing: 'snake_case' });
  const spent = new Map<string, number[]>();
  const handle = new Proxy(db, {
    get(target, prop) {
      if (prop === 'execute')
        return async (q: SQL) => {
          const start = performance.now();
          const result = await target.execute(q);
          const name = label(dialect.sqlToQuery(q).sql);
          spent.set(name, [...(spent.get(name) ?? []), performance.now() - start]);
          return result;
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: handle,
    print: (title: string) => {
      console.log(`  ${title}`);
      for (const [name, list] of spent)
        console.log(
          `    ${name.padEnd(28)} p50 ${ms(percentile(list, 50)).padStart(10)}  p95 ${ms(percentile(list, 95)).padStart(10)}`,
        );
    },
  };
};

/** The monitor's statements by what they read. */
const monitorPart = (text: string) =>
  text.includes('owner_rollup_hourly')
    ? 'heat map (account hours)'
    : text.includes('owner_activity_breakdown_daily')
      ? 'breakdowns (account days)'
      : text.includes('owner_activity_daily')
        ? 'per day (account days)'
        : liveMonitorPart(text);

/** The statements of the monitor's live scans (with a group or model filter). */
const liveMonitorPart = (text: string) =>
  text.includes('terminal_rollup_hourly')
    ? 'heat map (hourly rollups)'
    : text.includes('activation_date')
      ? 'activations'
      : text.includes('last_seen_at asc')
        ? 'longest offline'
        : text.includes('terminal_models m on')
          ? 'by model'
          : text.includes('terminal_groups g on')
            ? 'by group'
            : text.includes('os_version as key')
              ? 'by OS version'
              : text.includes('agent_version as key')
                ? 'by app version'
                : text.includes('group by d.day')
                  ? 'per day (daily rollups)'
                  : 'other';

/**
 * The same heartbeat batches through real batch writers, alternately: one without the data centre,
 * one whose rollups are written after every batch, and one whose rollups are written every
 * ROLLUP_EVERY_SEC of the bench's clock (the figures gather in memory meanwhile). Each side's time is
 * its batches plus its own rollup writes: the background write a batch starts is waited for before
 * the next side's batch, so it never overlaps another side, and the last write (what a shutdown
 * writes) is counted too. Every terminal of the rotation heartbeats once per 30 s of the clock.
 */
const measureIngestion = async (db: Db) => {
  const slices = Math.max(1, Math.min(HB_SLICES, Math.floor(TERMINALS / HB_BATCH)));
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const errors: unknown[] = [];
  const rollupWrites = { each: [] as number[], every: [] as number[] };
  // The data centre's own sink, its repository's writes timed on the way through.
  const sinkFor = (side: 'each' | 'every'): ActivitySink => {
    const repo = createDatacenterRepository(db);
    const timedRepo = {
      ...repo,
      writeActivity: async (batch: Parameters<typeof repo.writeActivity>[0]) => {
        const start = performance.now();
        await repo.writeActivity(batch);
        rollupWrites[side].push(performance.now() - start);
      },
    };
    return createDatacenterService({
      repo: timedRepo,
      clock,
      writeEveryMs: side === 'each' ? 0 : ROLLUP_EVERY_SEC * 1000,
    }).activity;
  };
  const writerWith = (activity?: ActivitySink) =>
    createHeartbeatWriter({
      db,
      clock,
      flushMs: HOUR_MS,
      maxBatch: HB_BATCH,
      onOnlineChanges: () => undefined,
      onError: (err) => errors.push(err),
      activity,
    });
  const sides = ['off', 'each', 'every'] as const;
  const sinks = { off: undefined, each: sinkFor('each'), every: sinkFor('every') };
  const writers = { off: writerWith(), each: writerWith(sinks.each), every: writerWith(sinks.every) };
  const sns = (slice: number) =>
    Array.from({ length: HB_BATCH }, (_, i) => `T${String(1 + slice * HB_BATCH + i).padStart(9, '0')}`);
  const beat = (i: number, round: number): Heartbeat => ({
    battery: 20 + ((i + round) % 80),
    network: 'wifi',
    ip: '10.0.0.1',
    storageFreeMb: 9000 - round,
    memoryFreeMb: 700 - (i % 50),
    uptimeSec: 3600 + round * 30,
    mobileBytes: 1000 * round + i,
    wifiBytes: 20_000 * round + i,
  });
  const flushOne = (side: (typeof sides)[number], slice: number, round: number) =>
    time(async () => {
      const writer = writers[side];
      for (const [i, sn] of sns(slice).entries()) writer.add(sn, beat(i, round));
      await writer.flush();
      await sinks[side]?.idle();
    });
  const got = { off: [] as number[], each: [] as number[], every: [] as number[] };
  for (let f = 0; f < slices + HB_FLUSHES; f++) {
    const slice = f % slices;
    const round = Math.floor(f / slices);
    // Each side goes first, second and last in turn.
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(f + k) % sides.length];
      const took = await flushOne(side, slice, round);
      // The first pass over the rotation only starts each terminal's clock and counters.
      if (f >= slices) got[side].push(took);
    }
    now += HEARTBEAT_MS / slices;
    // The warm-up pass's figures are written before the measured window opens.
    if (f === slices - 1)
      for (const side of sides) {
        await sinks[side]?.writeAll();
        rollupWrites.each.length = 0;
        rollupWrites.every.length = 0;
      }
  }
  // What a shutdown writes: the figures gathered since the last write.
  const last = { off: 0, each: 0, every: 0 };
  for (const side of sides) last[side] = await time(async () => sinks[side]?.writeAll());
  if (errors.length) throw errors[0];
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const total = (side: (typeof sides)[number]) => sum(got[side]) + last[side];
  const heard = slices * HB_BATCH;
  console.log(
    `\nheartbeat ingestion: ${HB_FLUSHES} flushes of ${HB_BATCH} heartbeats per side, ${heard.toLocaleString('en')} terminals heartbeating every 30 s (${((HB_FLUSHES * HEARTBEAT_MS) / slices / 1000).toFixed(0)} s of heartbeats)`,
  );
  const label = {
    off: 'rollups off',
    each: 'rollups written after every batch',
    every: `rollups written every ${ROLLUP_EVERY_SEC} s`,
  };
  for (const side of sides) {
    const writes = side === 'off' ? [] : rollupWrites[side];
    console.log(
      `  ${label[side].padEnd(36)} per flush p50 ${ms(percentile(got[side], 50)).padStart(9)}, p95 ${ms(percentile(got[side], 95)).padStart(9)}; ${Math.round(
        (HB_FLUSHES * HB_BATCH) / (total(side) / 1000),
      )
        .toLocaleString('en')
        .padStart(6)} heartbeats/s${
        writes.length
          ? `; ${writes.length} rollup writes, p50 ${ms(percentile(writes, 50))}, max ${ms(Math.max(...writes))}, total ${ms(sum(writes))}`
          : ''
      }`,
    );
  }
  const cost = (side: 'each' | 'every') =>
    `${(((total(side) - total('off')) / total('off')) * 100).toFixed(1)} %`;
  const [load] = (await import('node:os')).loadavg();
  console.log(
    `  rollup cost (total time against rollups off, last write included): ${cost('each')} written after every batch, ${cost('every')} written every ${ROLLUP_EVERY_SEC} s; target at most 10 % (load average ${load.toFixed(2)})`,
  );
};

/** Part one: seeds the activity, then times the monitor and the run-record detail. */
const measureReads = async (
  db: Db,
  service: ReturnType<typeof createDatacenterService>,
  clock: { now: () => Date },
) => {
  const t0 = performance.now();
  if (!REUSE) await seedActivity(db, service);
  const [size] = rows<{ daily: number; hourly: number; events: number; bytes: string }>(
    await db.execute(sql`
      select (select count(*) from terminal_rollup_daily)::int as daily, (select count(*) from terminal_rollup_hourly)::int as hourly,
        (select count(*) from terminal_events)::int as events,
        pg_size_pretty(pg_total_relation_size('terminal_rollup_daily') + pg_total_relation_size('terminal_rollup_hourly')) as bytes`),
  );
  console.log(
    `seeded ${size.daily.toLocaleString('en')} daily and ${size.hourly.toLocaleString('en')} hourly rollups (${size.bytes} with indexes), ${size.events.toLocaleString('en')} events in ${seconds(t0)}`,
  );

  const [admin] = rows<{ id: string }>(await db.execute(sql`select id from users where username = 'admin'`));
  const [ent] = rows<{ id: string }>(
    await db.execute(sql`select id from users where username = 'bench_ent0007'`),
  );
  const scopes = {
    admin: { userId: admin.id, dataScope: 'all' } as AuthContext,
    enterprise: { userId: ent.id, dataScope: 'tree' } as AuthContext,
  };
  const range = (days: number) => ({
    name: `${days} days`,
    startDate: dayOf(todayStart - (days - 1) * DAY_MS),
    endDate: dayOf(todayStart),
  });

  // The monitor through a handle that times its statements, so the answer says where the time goes.
  const timed = timedDb(db, monitorPart);
  const monitorService = createDatacenterService({ repo: createDatacenterRepository(timed.db), clock });
  const monitorCases: Case[] = MONITOR_RANGES.map(range).flatMap((r) =>
    (['admin', 'enterprise'] as const).map((scope) => ({
      name: `${scope}, ${r.name}`,
      subject: () => monitorService.monitor(scopes[scope], { startDate: r.startDate, endDate: r.endDate }),
      baseline: () =>
        db.execute(
          sql`select count(*) from terminal_rollup_daily where day between ${r.startDate}::date and ${r.endDate}::date`,
        ),
    })),
  );
  await measure(
    "monitor overview (/dataCenter/monitor) against a count of the range's daily rollups",
    monitorCases,
    MONITOR_RUNS,
    200,
  );
  timed.print('the monitor statements, every case:');

  // A random terminal each run: the administrator's anywhere, the enterprise's among its own.
  let sn = '';
  const pick = (scope: 'admin' | 'enterprise') => {
    const n =
      scope === 'admin'
        ? 1 + Math.floor(Math.random() * TERMINALS)
        : 7 + ENTERPRISES * Math.floor(Math.random() * Math.floor((TERMINALS - 7) / ENTERPRISES + 1));
    sn = `T${String(n).padStart(9, '0')}`;
    return sn;
  };
  const countOne = (r: { startDate: string; endDate: string }, hourly: boolean): SQL =>
    hourly
      ? sql`select count(*) from terminal_rollup_hourly h join terminals t on t.id = h.terminal_id
          where t.sn = ${sn} and h.hour >= ${r.startDate}::date and h.hour < ${r.endDate}::date + 1`
      : sql`select count(*) from terminal_rollup_daily d join terminals t on t.id = d.terminal_id
          where t.sn = ${sn} and d.day between ${r.startDate}::date and ${r.endDate}::date`;
  const detailCases: Case[] = [range(7), range(Math.min(DAYS, 90))].flatMap((r, i) =>
    (['admin', 'enterprise'] as const).map((scope) => ({
      name: `${scope}, ${r.name} (${i === 0 ? 'hourly' : 'daily'})`,
      subject: () => service.runDetail(scopes[scope], { sn: pick(scope), ...r }),
      baseline: () => db.execute(countOne(r, i === 0)),
    })),
  );
  await measure(
    "run-record detail (/dataCenter/deviceRunInfo/:sn) against a count of the terminal's rollups",
    detailCases,
    RUNS,
    50,
  );
};

const database = REUSE
  ? await openDatabase({
      databaseUrl: Object.assign(new URL(process.env.BENCH_DATABASE_URL), {
        pathname: `/${REUSE}`,
      }).toString(),
      dataDir: '.',
    })
  : await openTestDatabase();
const { db } = database;
const keep = process.env.BENCH_KEEP_DATABASE === '1' || REUSE !== undefined;
try {
  const clock = { now: () => new Date() };
  const service = createDatacenterService({ repo: createDatacenterRepository(db), clock });
  if (!REUSE) {
    await seedDatabase(db, { adminPassword: 'Bench#Pass1' });
    const t0 = performance.now();
    await seedFleet(db);
    console.log(`seeded ${TERMINALS.toLocaleString('en')} terminals in ${seconds(t0)}`);
  }
  if (PARTS.has('reads')) await measureReads(db, service, clock);
  if (PARTS.has('ingestion')) await measureIngestion(db);
} finally {
  if (keep) {
    const [{ name }] = rows<{ name: string }>(await db.execute(sql`select current_database() as name`));
    console.log(`kept database ${name}`);
    process.exit(0);
  }
  await database.close();
}
