import type { MonitorQuery, RunRecordFilter } from '@cpm/contracts';
import { type AnyColumn, and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ownerActivityBreakdownDaily,
  ownerActivityDaily,
  ownerRollupHourly,
  terminals,
} from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { accountSubtreeSql, inDataScope, visibleAccountsSql } from '../../shared/data-scope';
import { likePrefix } from '../../shared/sql';
import { type ActivityBatch, type ActivityEvent, type HourFigures, sumDays } from './activity-recorder';
import type { ACTIVITY_DIMENSIONS } from './datacenter.table';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;

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

type TerminalFilter = { sn?: string; groupId?: string; modelId?: string; ownerId?: string };

/** The filters' conditions on the terminals, without the data scope. */
const filterWhere = (f: TerminalFilter): SQL[] => {
  const parts: SQL[] = [];
  if (f.sn) parts.push(sql`terminals.sn like ${likePrefix(f.sn.toUpperCase())}`);
  if (f.groupId) parts.push(sql`terminals.group_id = ${f.groupId}`);
  if (f.modelId) parts.push(sql`terminals.model_id = ${f.modelId}`);
  if (f.ownerId) parts.push(sql`terminals.owner_id in ${accountSubtreeSql(f.ownerId)}`);
  return parts;
};

const joinWhere = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The terminal conditions every data-centre read shares: the caller's data scope, then the filters. */
const terminalWhere = (auth: Scope, f: TerminalFilter): SQL => {
  const scope = inDataScope(auth, terminals.ownerId);
  return joinWhere([...(scope ? [scope] : []), ...filterWhere(f)]);
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

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

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

/** Online seconds in a day from which a terminal counts as active that day. */
const ACTIVE_SEC = 3600;
/** Entries in each of the monitor's breakdowns. */
const BREAKDOWN_TOP = 20;

type CountRow = { key: string | null; label: string | null; count: number };
type MonitorRows = {
  days: { day: string; online: number; active: number }[];
  activated: { day: string; n: number }[];
  byModel: CountRow[];
  byGroup: CountRow[];
  byOsVersion: CountRow[];
  byAppVersion: CountRow[];
  heatmap: { weekday: number; hour: number; count: number }[];
  offlineLongest: { sn: string; name: string; lastSeenAt: string | null; ownerName: string | null }[];
};

/** The monitor's hours: `[start, end + 1 day)`. */
const hourRange = (column: SQL, q: MonitorQuery) =>
  sql`${column} >= ${q.startDate}::date and ${column} < ${q.endDate}::date + 1`;

const OFFLINE_LIMIT = 10;

/**
 * The terminals offline longest (never seen first). The platform's view reads the offline terminals
 * in order of last sign of life and stops at the tenth; an account's view takes the ten oldest of
 * each account in its tree (one short ordered read each, by owner) and then the ten oldest of those,
 * since an ordered read of the whole fleet filtered by owner could pass most of it first.
 */
const offlineLongestSql = (auth: Scope, q: MonitorQuery) => {
  const offline = sql`not terminals.online and terminals.enrolled_at is not null`;
  const columns = sql`terminals.sn, terminals.name, terminals.last_seen_at, terminals.owner_id`;
  const order = sql`last_seen_at asc nulls first limit ${OFFLINE_LIMIT}`;
  const filters = joinWhere(filterWhere(q));
  const accounts = visibleAccountsSql(auth);
  const picked = accounts
    ? sql`
      select t.* from ${accounts} as o(id)
      cross join lateral (
        select ${columns} from terminals
        where terminals.owner_id = o.id and ${offline} and ${filters}
        order by terminals.${order}
      ) t`
    : sql`select ${columns} from terminals where ${offline} and ${filters}`;
  return sql`
    select p.sn, p.name, p.last_seen_at, u.username as owner_name
    from (${picked} order by ${order}) p left join users u on u.id = p.owner_id
    order by p.${order}`;
};

/** What the monitor reads from the terminals themselves, filtered or not: activations per day and the longest offline. */
const monitorTerminals = async (db: Db, auth: Scope, q: MonitorQuery) => {
  const where = terminalWhere(auth, q);
  const [activated, offline] = await Promise.all([
    db.execute(sql`
      select (terminals.activation_date at time zone 'UTC')::date::text as day, count(*)::int as n from terminals
      where ${hourRange(sql`terminals.activation_date`, q)} and ${where} group by 1`),
    db.execute(offlineLongestSql(auth, q)),
  ]);
  return {
    activated: rowsOf<{ day: string; n: number }>(activated),
    offlineLongest: rowsOf<{
      sn: string;
      name: string;
      last_seen_at: string | Date | null;
      owner_name: string | null;
    }>(offline).map((r) => ({
      sn: r.sn,
      name: r.name,
      lastSeenAt: iso(r.last_seen_at),
      ownerName: r.owner_name,
    })),
  };
};

/**
 * The monitor from the terminals and their rollups, scanned now: what the terminals in the range did,
 * under the group, model and versions they have now. The cost grows with the terminals in the filter.
 */
const monitorLive = async (db: Db, auth: Scope, q: MonitorQuery): Promise<MonitorRows> => {
  const where = terminalWhere(auth, q);
  const range = sql`d.day between ${q.startDate}::date and ${q.endDate}::date`;
  // Terminal-days online per value: a terminal counts once for each day of the range it was online.
  const breakdown = async (key: SQL, label: SQL, join: SQL = sql``) =>
    rowsOf<CountRow>(
      await db.execute(sql`
        select ${key} as key, ${label} as label, count(*)::int as count
        from terminal_rollup_daily d join terminals on terminals.id = d.terminal_id ${join}
        where ${range} and d.online_sec > 0 and ${where}
        group by 1, 2 order by 3 desc, 2, 1 limit ${BREAKDOWN_TOP}`),
    );
  // One statement at a time: each may scan many rows, and the pool serves the heartbeat writes too.
  const days = rowsOf<MonitorRows['days'][number]>(
    await db.execute(sql`
      select d.day::text as day, count(*) filter (where d.online_sec > 0)::int as online,
        count(*) filter (where d.online_sec >= ${ACTIVE_SEC})::int as active
      from terminal_rollup_daily d join terminals on terminals.id = d.terminal_id
      where ${range} and ${where} group by d.day`),
  );
  const byModel = await breakdown(
    sql`terminals.model_id::text`,
    sql`m.name`,
    sql`left join terminal_models m on m.id = terminals.model_id`,
  );
  const byGroup = await breakdown(
    sql`terminals.group_id::text`,
    sql`g.name`,
    sql`left join terminal_groups g on g.id = terminals.group_id`,
  );
  const byOsVersion = await breakdown(sql`terminals.os_version`, sql`terminals.os_version`);
  const byAppVersion = await breakdown(sql`terminals.agent_version`, sql`terminals.agent_version`);
  const heatmap = rowsOf<MonitorRows['heatmap'][number]>(
    await db.execute(sql`
      select extract(dow from h.hour at time zone 'UTC')::int as weekday, extract(hour from h.hour at time zone 'UTC')::int as hour,
        count(*)::int as count
      from terminal_rollup_hourly h join terminals on terminals.id = h.terminal_id
      where ${hourRange(sql`h.hour`, q)} and h.online_sec > 0 and ${where}
      group by 1, 2`),
  );
  return {
    days,
    byModel,
    byGroup,
    byOsVersion,
    byAppVersion,
    heatmap,
    ...(await monitorTerminals(db, auth, q)),
  };
};

/**
 * The monitor from the per-account aggregates the batch writer keeps beside the rollups: a row per
 * account and day (or hour), whatever the number of terminals, summed over the accounts in the
 * caller's scope. Each terminal counts under the account, group, model and versions it had when it
 * came online that day (or hour). Unfiltered only: the aggregates are not kept per group or model.
 */
const monitorFromAggregates = async (db: Db, auth: Scope, q: MonitorQuery): Promise<MonitorRows> => {
  const inScope = (owner: AnyColumn) => inDataScope(auth, owner) ?? sql`true`;
  const days = sql`between ${q.startDate}::date and ${q.endDate}::date`;
  // A few short reads of small tables, side by side.
  const [dayRows, breakdownRows, heatmap, terminalRows] = await Promise.all([
    db.execute(sql`
      select day::text as day, sum(online)::int as online, sum(active)::int as active
      from owner_activity_daily
      where day ${days} and ${inScope(ownerActivityDaily.ownerId)} group by day`),
    // Per attribute the values with the most terminal-days, ranked as the live breakdowns are.
    db.execute(sql`
      with counted as (
        select dimension, key, sum(terminals)::int as count from owner_activity_breakdown_daily
        where day ${days} and ${inScope(ownerActivityBreakdownDaily.ownerId)}
        group by dimension, key
      ), named as (
        select c.dimension, c.key, case c.dimension when 'model' then m.name when 'group' then g.name else c.key end as label,
          c.count
        from counted c
        left join terminal_models m on c.dimension = 'model' and m.id::text = c.key
        left join terminal_groups g on c.dimension = 'group' and g.id::text = c.key
        where c.count > 0
      ), ranked as (
        select *, row_number() over (partition by dimension order by count desc, label, key) as place from named
      )
      select dimension, key, label, count from ranked where place <= ${BREAKDOWN_TOP} order by dimension, place`),
    db.execute(sql`
      select extract(dow from hour at time zone 'UTC')::int as weekday, extract(hour from hour at time zone 'UTC')::int as hour,
        sum(terminals)::int as count
      from owner_rollup_hourly
      where ${hourRange(sql`hour`, q)} and ${inScope(ownerRollupHourly.ownerId)}
      group by 1, 2 having sum(terminals) > 0`),
    monitorTerminals(db, auth, q),
  ]);
  const counts = rowsOf<CountRow & { dimension: (typeof ACTIVITY_DIMENSIONS)[number] }>(breakdownRows);
  const of = (dimension: (typeof ACTIVITY_DIMENSIONS)[number]) =>
    counts.filter((c) => c.dimension === dimension).map(({ key, label, count }) => ({ key, label, count }));
  return {
    days: rowsOf<MonitorRows['days'][number]>(dayRows),
    byModel: of('model'),
    byGroup: of('group'),
    byOsVersion: of('osVersion'),
    byAppVersion: of('appVersion'),
    heatmap: rowsOf<MonitorRows['heatmap'][number]>(heatmap),
    ...terminalRows,
  };
};

/** Terminal-hours per rollup transaction: a flush of a large fleet is written in slices. */
const WRITE_SLICE = 5_000;

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
      with v as (
        select v.*, t.id as terminal_id, t.owner_id
        from jsonb_to_recordset(${hourJson}::jsonb) as v(${recordColumns}, hour timestamptz)
        join terminals t on t.sn = v.sn
      ), up as (
        insert into terminal_rollup_hourly as r (terminal_id, hour, online_sec, runtime_sec, mobile_bytes, wifi_bytes, heartbeats,
          battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
        select v.terminal_id, v.hour, ${valueColumns} from v
        on conflict (terminal_id, hour) do update set ${upsertSet}
        returning r.terminal_id, r.hour, r.online_sec
      )
      insert into owner_rollup_hourly as r (owner_id, hour, online_sec, terminals)
      select v.owner_id, v.hour, sum(v.online), count(*) filter (where up.online_sec > 0 and up.online_sec - v.online = 0)
      from v join up on up.terminal_id = v.terminal_id and up.hour = v.hour
      group by v.owner_id, v.hour
      order by v.owner_id, v.hour
      on conflict (owner_id, hour) do update
        set online_sec = r.online_sec + excluded.online_sec, terminals = r.terminals + excluded.terminals`);
    await tx.execute(sql`
      with v as (
        select v.*, t.id as terminal_id, t.owner_id, t.model_id, t.group_id, t.os_version, t.agent_version
        from jsonb_to_recordset(${dayJson}::jsonb) as v(${recordColumns}, day date)
        join terminals t on t.sn = v.sn
      ), up as (
        insert into terminal_rollup_daily as r (terminal_id, day, online_sec, runtime_sec, mobile_bytes, wifi_bytes, heartbeats,
          battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
        select v.terminal_id, v.day, ${valueColumns} from v
        on conflict (terminal_id, day) do update set ${upsertSet}
        returning r.terminal_id, r.day, r.online_sec
      ), crossed as (
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
