import type { MonitorQuery } from '@cpm/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerActivityBreakdownDaily, ownerActivityDaily, ownerRollupHourly } from '../../db/schema';
import { inDataScope, visibleAccountsSql } from '../../shared/data-scope';
import type { ACTIVITY_DIMENSIONS } from './datacenter.table';
import { ACTIVE_SEC, filterWhere, iso, joinWhere, rowsOf, type Scope, terminalWhere } from './datacenter-sql';

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
export const monitorLive = async (db: Db, auth: Scope, q: MonitorQuery): Promise<MonitorRows> => {
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
export const monitorFromAggregates = async (db: Db, auth: Scope, q: MonitorQuery): Promise<MonitorRows> => {
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
