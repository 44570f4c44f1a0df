import type { MonitorQuery, RunRecordFilter } from '@cpm/contracts';
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerActivityBreakdownDaily, ownerActivityDaily, ownerRollupHourly } from '../../db/schema';
import { inDataScope } from '../../shared/data-scope';
import { type ActivityBatch, type ActivityEvent, type HourFigures, sumDays } from './activity-recorder';
import { monitorFromAggregates, monitorLive } from './datacenter-monitor.repository';
import { ACTIVE_SEC, iso, rowsOf, type Scope, terminalWhere } from './datacenter-sql.repository';

const figureJson = (f: HourFigures) => ({
  sn: f.sn,
  online: f.onlineSec,
  runtime: f.runtimeSec,
  mobile: f.mobileBytes,
  wifi: f.wifiBytes,
  hb: f.heartbeats,
  battery: f.batteryMin,
  mem: f.memoryFreeMinMb,
  storage: f.storageFreeMinMb,
  boots: f.boots,
  shutdowns: f.shutdowns,
  first_boot: f.firstBootAt?.toISOString() ?? null,
  last_shutdown: f.lastShutdownAt?.toISOString() ?? null,
});

// The same additive upsert for both rollups: sums add, bounds take the lower or later value.
const upsertSet = sql.raw(`
  online_sec = r.online_sec + excluded.online_sec,
  runtime_sec = r.runtime_sec + excluded.runtime_sec,
  mobile_bytes = r.mobile_bytes + excluded.mobile_bytes,
  wifi_bytes = r.wifi_bytes + excluded.wifi_bytes,
  heartbeats = r.heartbeats + excluded.heartbeats,
  battery_min = least(r.battery_min, excluded.battery_min),
  memory_free_min_mb = least(r.memory_free_min_mb, excluded.memory_free_min_mb),
  storage_free_min_mb = least(r.storage_free_min_mb, excluded.storage_free_min_mb),
  boots = r.boots + excluded.boots,
  shutdowns = r.shutdowns + excluded.shutdowns,
  first_boot_at = least(r.first_boot_at, excluded.first_boot_at),
  last_shutdown_at = greatest(r.last_shutdown_at, excluded.last_shutdown_at)`);

const recordColumns =
  sql.raw(`sn text, online int, runtime int, mobile bigint, wifi bigint, hb int, battery int, mem int,
  storage int, boots int, shutdowns int, first_boot timestamptz, last_shutdown timestamptz`);

const valueColumns = sql.raw(
  'v.online, v.runtime, v.mobile, v.wifi, v.hb, v.battery, v.mem, v.storage, v.boots, v.shutdowns, v.first_boot, v.last_shutdown',
);

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const partitionName = (d: Date) =>
  `terminal_events_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

const SORT_SQL: Record<NonNullable<RunRecordFilter['sortField']>, string> = {
  day: 'd.day',
  sn: 'terminals.sn',
  onlineSec: 'd.online_sec',
  runtimeSec: 'd.runtime_sec',
  boots: 'd.boots',
  shutdowns: 'd.shutdowns',
  mobileBytes: 'd.mobile_bytes',
  wifiBytes: 'd.wifi_bytes',
  batteryMin: 'd.battery_min',
};

type RunRecordDbRow = {
  terminal_id: string;
  sn: string;
  name: string;
  group_name: string | null;
  model_name: string | null;
  owner_name: string | null;
  day: string;
  first_boot_at: string | Date | null;
  last_shutdown_at: string | Date | null;
  boots: number;
  shutdowns: number;
  runtime_sec: number;
  online_sec: number;
  mobile_bytes: string | number;
  wifi_bytes: string | number;
  battery_min: number | null;
};

const presentRunRecord = (r: RunRecordDbRow) => ({
  terminalId: r.terminal_id,
  sn: r.sn,
  name: r.name,
  groupName: r.group_name,
  modelName: r.model_name,
  ownerName: r.owner_name,
  day: String(r.day).slice(0, 10),
  firstBootAt: iso(r.first_boot_at),
  lastShutdownAt: iso(r.last_shutdown_at),
  boots: r.boots,
  shutdowns: r.shutdowns,
  runtimeSec: r.runtime_sec,
  onlineSec: r.online_sec,
  mobileBytes: Number(r.mobile_bytes),
  wifiBytes: Number(r.wifi_bytes),
  batteryMin: r.battery_min,
});
export type RunRecord = ReturnType<typeof presentRunRecord>;

const runRecordFrom = (auth: Scope, f: RunRecordFilter) => sql`
  from terminal_rollup_daily d
  join terminals on terminals.id = d.terminal_id
  left join terminal_groups g on g.id = terminals.group_id
  left join terminal_models m on m.id = terminals.model_id
  left join users u on u.id = terminals.owner_id
  where d.day between ${f.startDate}::date and ${f.endDate}::date and ${terminalWhere(auth, f)}`;

/** Terminal-hours per rollup transaction: a flush of a large fleet is written in slices. */
const WRITE_SLICE = 5_000;

/**
 * The first two steps of a rollup write: `v`, the figures of a period with their terminals (the
 * columns `terminal` names), and `up`, the hourly or daily rollup rows upserted from them, each with
 * its new online time.
 */
const upsertRollup = (json: string, period: 'hour' | 'day', terminal: SQL) => {
  const p = sql.raw(period);
  const type = sql.raw(period === 'hour' ? 'timestamptz' : 'date');
  const table = sql.raw(period === 'hour' ? 'terminal_rollup_hourly' : 'terminal_rollup_daily');
  return sql`v as (
        select v.*, ${terminal}
        from jsonb_to_recordset(${json}::jsonb) as v(${recordColumns}, ${p} ${type})
        join terminals t on t.sn = v.sn
      ), up as (
        insert into ${table} as r (terminal_id, ${p}, online_sec, runtime_sec, mobile_bytes, wifi_bytes, heartbeats,
          battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
        select v.terminal_id, v.${p}, ${valueColumns} from v
        on conflict (terminal_id, ${p}) do update set ${upsertSet}
        returning r.terminal_id, r.${p}, r.online_sec
      )`;
};

/**
 * One slice of hour figures (whole terminals) into the hourly and daily rollups and, from the online
 * time each upsert answers, the per-account aggregates, in one transaction.
 */
const writeRollups = async (db: Db, hours: HourFigures[]) => {
  const hourJson = JSON.stringify(hours.map((h) => ({ ...figureJson(h), hour: h.hour.toISOString() })));
  const dayJson = JSON.stringify(sumDays(hours).map((d) => ({ ...figureJson(d), day: d.day })));
  await db.transaction(async (tx) => {
    // Each upsert answers the rollup's new online time; less what this batch added, it was before.
    // A terminal counts once in the hour's and the day's aggregates: when its rollup first gets online
    // time, and (for the day) again as active when it first reaches an hour.
    await tx.execute(sql`
      with ${upsertRollup(hourJson, 'hour', sql`t.id as terminal_id, t.owner_id`)}
      insert into owner_rollup_hourly as r (owner_id, hour, online_sec, terminals)
      select v.owner_id, v.hour, sum(v.online), count(*) filter (where up.online_sec > 0 and up.online_sec - v.online = 0)
      from v join up on up.terminal_id = v.terminal_id and up.hour = v.hour
      group by v.owner_id, v.hour
      order by v.owner_id, v.hour
      on conflict (owner_id, hour) do update
        set online_sec = r.online_sec + excluded.online_sec, terminals = r.terminals + excluded.terminals`);
    await tx.execute(sql`
      with ${upsertRollup(
        dayJson,
        'day',
        sql`t.id as terminal_id, t.owner_id, t.model_id, t.group_id, t.os_version, t.agent_version`,
      )}, crossed as (
        select v.owner_id, v.day, v.model_id, v.group_id, v.os_version, v.agent_version,
          up.online_sec > 0 and up.online_sec - v.online = 0 as came_online,
          up.online_sec >= ${ACTIVE_SEC} and up.online_sec - v.online < ${ACTIVE_SEC} as became_active
        from v join up on up.terminal_id = v.terminal_id and up.day = v.day
      ), owner_days as (
        insert into owner_activity_daily as r (owner_id, day, online, active)
        select owner_id, day, count(*) filter (where came_online), count(*) filter (where became_active)
        from crossed where came_online or became_active
        group by owner_id, day
        order by owner_id, day
        on conflict (owner_id, day) do update set online = r.online + excluded.online, active = r.active + excluded.active
      )
      insert into owner_activity_breakdown_daily as r (owner_id, day, dimension, key, terminals)
      select c.owner_id, c.day, k.dimension, k.key, count(*)
      from crossed c
      cross join lateral (values ('model', c.model_id::text), ('group', c.group_id::text), ('osVersion', c.os_version),
        ('appVersion', c.agent_version)) as k(dimension, key)
      where c.came_online
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (owner_id, day, dimension, key) do update set terminals = r.terminals + excluded.terminals`);
  });
};

/** Events into their monthly partitions. */
const writeEvents = async (db: Db, events: ActivityEvent[]) => {
  const eventJson = JSON.stringify(
    events.map((e) => ({ sn: e.sn, kind: e.kind, detail: e.detail, at: e.at.toISOString() })),
  );
  await db.execute(sql`
    insert into terminal_events (terminal_id, kind, detail, at)
    select t.id, v.kind, v.detail, v.at
    from jsonb_to_recordset(${eventJson}::jsonb) as v(sn text, kind text, detail text, at timestamptz)
    join terminals t on t.sn = v.sn`);
};

/** The data centre's storage: rollup upserts, the event partitions, retention, and its reads. */
export const createDatacenterRepository = (db: Db) => ({
  /** Run records matching the filter, in the caller's scope: a page and the exact total. */
  runRecords: async (auth: Scope, f: RunRecordFilter, offset: number, limit: number) => {
    const order = SORT_SQL[f.sortField ?? 'day'];
    const dir = f.sortOrder === 'ascend' ? 'asc' : 'desc';
    const rows = rowsOf<RunRecordDbRow>(
      await db.execute(sql`
        select d.terminal_id, terminals.sn, terminals.name, g.name as group_name, m.name as model_name,
          u.username as owner_name, d.day::text as day, d.first_boot_at, d.last_shutdown_at, d.boots, d.shutdowns,
          d.runtime_sec, d.online_sec, d.mobile_bytes, d.wifi_bytes, d.battery_min
        ${runRecordFrom(auth, f)}
        order by ${sql.raw(`${order} ${dir} nulls last`)}, terminals.sn, d.day desc
        limit ${limit} offset ${offset}`),
    );
    return rows.map(presentRunRecord);
  },
  countRunRecords: async (auth: Scope, f: RunRecordFilter) =>
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${runRecordFrom(auth, f)}`))[0]?.n ??
    0,

  /** A terminal by SN, only inside the caller's scope. */
  findTerminal: async (auth: Scope, sn: string) =>
    rowsOf<{
      id: string;
      sn: string;
      name: string;
      online: boolean;
      last_seen_at: string | Date | null;
      model_name: string | null;
      group_name: string | null;
    }>(
      await db.execute(sql`
        select terminals.id, terminals.sn, terminals.name, terminals.online, terminals.last_seen_at,
          m.name as model_name, g.name as group_name
        from terminals
        left join terminal_models m on m.id = terminals.model_id
        left join terminal_groups g on g.id = terminals.group_id
        where terminals.sn = ${sn.toUpperCase()} and ${terminalWhere(auth, {})}`),
    ).map((r) => ({ ...r, last_seen_at: iso(r.last_seen_at) }))[0] ?? null,

  /** A terminal's hourly or daily figures over a range. */
  series: async (terminalId: string, from: string, to: string, granularity: 'hour' | 'day') => {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(
        granularity === 'hour'
          ? sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as at, * from terminal_rollup_hourly
              where terminal_id = ${terminalId} and hour >= ${from}::date and hour < ${to}::date + 1 order by hour`
          : sql`select day::text as at, * from terminal_rollup_daily
              where terminal_id = ${terminalId} and day between ${from}::date and ${to}::date order by day`,
      ),
    );
    return rows.map((r) => ({
      at: String(r.at),
      onlineSec: Number(r.online_sec),
      runtimeSec: Number(r.runtime_sec),
      mobileBytes: Number(r.mobile_bytes),
      wifiBytes: Number(r.wifi_bytes),
      batteryMin: r.battery_min === null ? null : Number(r.battery_min),
      memoryFreeMinMb: r.memory_free_min_mb === null ? null : Number(r.memory_free_min_mb),
      storageFreeMinMb: r.storage_free_min_mb === null ? null : Number(r.storage_free_min_mb),
      boots: Number(r.boots),
      shutdowns: Number(r.shutdowns),
    }));
  },

  /** A terminal's events in a range, newest first. */
  events: async (terminalId: string, from: string, to: string, limit: number) =>
    rowsOf<{ kind: string; detail: string | null; at: string | Date }>(
      await db.execute(sql`
        select kind, detail, at from terminal_events
        where terminal_id = ${terminalId} and at >= ${from}::date and at < ${to}::date + 1
        order by at desc limit ${limit}`),
    ).map((e) => ({ kind: e.kind, detail: e.detail, at: new Date(e.at).toISOString() })),

  /**
   * Online seconds summed per hour over `[from, to)`, in the caller's scope; hours with no rows are
   * absent. Read from the per-account hourly rollup: a row per account and hour, whatever the number
   * of terminals, so the platform's view costs what an enterprise's does.
   */
  onlineSecondsByHour: async (auth: Scope, from: Date, to: Date) => {
    const scope = inDataScope(auth, ownerRollupHourly.ownerId);
    const rows = await db
      .select({ hour: ownerRollupHourly.hour, onlineSec: sql<string>`sum(${ownerRollupHourly.onlineSec})` })
      .from(ownerRollupHourly)
      .where(and(gte(ownerRollupHourly.hour, from), lt(ownerRollupHourly.hour, to), scope))
      .groupBy(ownerRollupHourly.hour);
    return rows.map((r) => ({ hour: new Date(r.hour), onlineSec: Number(r.onlineSec) }));
  },

  /**
   * The fleet's activity over a range, in the caller's scope. Without a group or model filter it reads the
   * per-account aggregates, so the platform's view of a million terminals costs a few thousand rows; the
   * aggregates are not kept per group or model, so with such a filter it scans that group's or model's
   * terminals and their rollups.
   */
  monitor: (auth: Scope, q: MonitorQuery) =>
    q.groupId || q.modelId ? monitorLive(db, auth, q) : monitorFromAggregates(db, auth, q),
  /** The monitor scanned from the terminals and their rollups whatever the filter: what the aggregates must equal. */
  monitorLive: (auth: Scope, q: MonitorQuery) => monitorLive(db, auth, q),

  /**
   * Writes what was gathered: the rollups with the per-account aggregates, a transaction per slice of
   * terminals, then the events. On a failure the error carries `unwritten`, what was not stored.
   */
  writeActivity: async (batch: ActivityBatch) => {
    // Sorted so concurrent writes from several instances lock rows in the same order.
    const hours = [...batch.hours].sort(
      (a, b) => (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0) || a.hour.getTime() - b.hour.getTime(),
    );
    let from = 0;
    try {
      while (from < hours.length) {
        // A terminal's hours stay in one slice.
        let to = Math.min(hours.length, from + WRITE_SLICE);
        while (to < hours.length && hours[to].sn === hours[to - 1].sn) to++;
        await writeRollups(db, hours.slice(from, to));
        from = to;
      }
      if (batch.events.length) await writeEvents(db, batch.events);
    } catch (err) {
      throw Object.assign(err instanceof Error ? err : new Error(String(err)), {
        unwritten: { hours: hours.slice(from), events: batch.events },
      });
    }
  },
  /**
   * Creates the monthly event partitions from `from`'s month for `months` months, skipping those
   * that exist. A month whose rows already sit in the default partition is moved into its own.
   */
  ensureEventPartitions: async (from: Date, months: number): Promise<string[]> => {
    const existing = new Set(
      rowsOf<{ name: string }>(
        await db.execute(sql`
          select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'terminal_events'::regclass`),
      ).map((r) => r.name),
    );
    const created: string[] = [];
    for (let i = 0; i < months; i++) {
      const start = monthStart(from, i);
      const name = partitionName(start);
      if (existing.has(name)) continue;
      const lo = start.toISOString();
      const hi = monthStart(from, i + 1).toISOString();
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`create table ${name} (like terminal_events including defaults)`));
        await tx.execute(sql`
          with moved as (delete from terminal_events_default where at >= ${lo}::timestamptz and at < ${hi}::timestamptz returning *)
          insert into ${sql.raw(name)} select * from moved`);
        await tx.execute(
          sql.raw(
            `alter table terminal_events attach partition ${name} for values from ('${lo}') to ('${hi}')`,
          ),
        );
      });
      created.push(name);
    }
    return created;
  },

  /** Drops whole monthly partitions that end before `before` (the raw-event retention). */
  dropEventPartitionsBefore: async (before: Date): Promise<string[]> => {
    const parts = rowsOf<{ name: string }>(
      await db.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'terminal_events'::regclass and c.relname ~ '^terminal_events_[0-9]{6}$'`),
    ).map((r) => r.name);
    const dropped: string[] = [];
    for (const name of parts) {
      const y = Number(name.slice(-6, -2));
      const m = Number(name.slice(-2));
      const end = new Date(Date.UTC(y, m, 1));
      if (end <= before) {
        await db.execute(sql.raw(`drop table ${name}`));
        dropped.push(name);
      }
    }
    await db.execute(
      sql`delete from terminal_events_default where at < ${before.toISOString()}::timestamptz`,
    );
    return dropped;
  },

  /** Deletes hourly rollups and aggregates before `hour`, daily ones before `day`. */
  pruneRollups: async (hour: Date, day: string) => {
    const h = rowsOf<{ n: number }>(
      await db.execute(
        sql`with d as (delete from terminal_rollup_hourly where hour < ${hour.toISOString()}::timestamptz returning 1) select count(*)::int as n from d`,
      ),
    )[0];
    const d = rowsOf<{ n: number }>(
      await db.execute(
        sql`with d as (delete from terminal_rollup_daily where day < ${day}::date returning 1) select count(*)::int as n from d`,
      ),
    )[0];
    await db.delete(ownerRollupHourly).where(lt(ownerRollupHourly.hour, hour));
    await db.delete(ownerActivityDaily).where(lt(ownerActivityDaily.day, day));
    await db.delete(ownerActivityBreakdownDaily).where(lt(ownerActivityBreakdownDaily.day, day));
    return { hourly: h?.n ?? 0, daily: d?.n ?? 0 };
  },
});

export type DatacenterRepository = ReturnType<typeof createDatacenterRepository>;
