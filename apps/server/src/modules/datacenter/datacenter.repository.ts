import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ActivityBatch, type HourFigures, sumDays } from './activity-recorder';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const figureJson = (f: HourFigures) => ({
  sn: f.sn,
  online: f.onlineSec,
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

const recordColumns = sql.raw(`sn text, online int, mobile bigint, wifi bigint, hb int, battery int, mem int,
  storage int, boots int, shutdowns int, first_boot timestamptz, last_shutdown timestamptz`);

const valueColumns = sql.raw(
  'v.online, v.mobile, v.wifi, v.hb, v.battery, v.mem, v.storage, v.boots, v.shutdowns, v.first_boot, v.last_shutdown',
);

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const partitionName = (d: Date) =>
  `terminal_events_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The data centre's storage: rollup upserts, the event partitions, retention. */
export const createDatacenterRepository = (db: Db) => ({
  /** Writes one flush of activity: hourly and daily upserts and the events, in one transaction. */
  writeActivity: async (batch: ActivityBatch) => {
    if (batch.hours.length === 0 && batch.events.length === 0) return;
    // Sorted so concurrent flushes from several instances lock rows in the same order.
    const hours = [...batch.hours].sort(
      (a, b) => a.sn.localeCompare(b.sn) || a.hour.getTime() - b.hour.getTime(),
    );
    const hourJson = JSON.stringify(hours.map((h) => ({ ...figureJson(h), hour: h.hour.toISOString() })));
    const dayJson = JSON.stringify(sumDays(hours).map((d) => ({ ...figureJson(d), day: d.day })));
    const eventJson = JSON.stringify(
      batch.events.map((e) => ({ sn: e.sn, kind: e.kind, detail: e.detail, at: e.at.toISOString() })),
    );
    await db.transaction(async (tx) => {
      if (hours.length) {
        await tx.execute(sql`
          insert into terminal_rollup_hourly as r (terminal_id, hour, online_sec, mobile_bytes, wifi_bytes, heartbeats,
            battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
          select t.id, v.hour, ${valueColumns}
          from jsonb_to_recordset(${hourJson}::jsonb) as v(${recordColumns}, hour timestamptz)
          join terminals t on t.sn = v.sn
          on conflict (terminal_id, hour) do update set ${upsertSet}`);
        await tx.execute(sql`
          insert into terminal_rollup_daily as r (terminal_id, day, online_sec, mobile_bytes, wifi_bytes, heartbeats,
            battery_min, memory_free_min_mb, storage_free_min_mb, boots, shutdowns, first_boot_at, last_shutdown_at)
          select t.id, v.day, ${valueColumns}
          from jsonb_to_recordset(${dayJson}::jsonb) as v(${recordColumns}, day date)
          join terminals t on t.sn = v.sn
          on conflict (terminal_id, day) do update set ${upsertSet}`);
      }
      if (batch.events.length) {
        await tx.execute(sql`
          insert into terminal_events (terminal_id, kind, detail, at)
          select t.id, v.kind, v.detail, v.at
          from jsonb_to_recordset(${eventJson}::jsonb) as v(sn text, kind text, detail text, at timestamptz)
          join terminals t on t.sn = v.sn`);
      }
    });
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

  /** Deletes hourly rollups before `hour` and daily rollups before `day`. */
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
    return { hourly: h?.n ?? 0, daily: d?.n ?? 0 };
  },
});

export type DatacenterRepository = ReturnType<typeof createDatacenterRepository>;
