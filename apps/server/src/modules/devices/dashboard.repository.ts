import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scope, visibleAccountsSql } from '../../shared/data-scope';
import { terminalModels, terminals, terminalTallies } from './devices.table';

/** The caller's terminals of one status and one model (`-` for none), counted. */
export type FleetCountRow = {
  status: (typeof terminals.status.enumValues)[number];
  model: string;
  total: number;
  online: number;
};

/** The dashboard's fleet figures: counts by status and model, and the two counts that depend on the time. */
export type FleetCounts = { rows: FleetCountRow[]; longOffline: number; activatedThisMonth: number };

/** The figures behind the dashboard, all within the caller's data scope. */
export const createDashboardRepository = (db: Db) => ({
  /**
   * Every figure of the fleet in one round trip. Totals and online counts by status and model are sums
   * of `terminal_tallies` (a few rows per account and key, whatever the fleet's size). The long-offline
   * and this month's activations depend on the time, so they are counted from the terminals, each from
   * an index that holds only what it counts: the offline enrolled terminals by last contact
   * (`terminals_offline_seen_idx`, `terminals_owner_offline_seen_idx`; only an enrolled terminal has
   * a last contact) and a range of `terminals_activation_idx`.
   * `longOfflineBefore` and `monthStart` come from the caller's clock.
   */
  async fleetCounts(scope: Scope, longOfflineBefore: Date, monthStart: Date): Promise<FleetCounts> {
    const visible = visibleAccountsSql(scope);
    // The scope's accounts collected once (an init plan) and used by all three counts.
    const mine = (owner: SQL) => (visible ? sql`${owner} = any((select ids from scope)::uuid[])` : sql`true`);
    const result = (await db.execute(sql`
      with scope as (select ${visible ? sql`array${visible}` : sql`null::uuid[]`} as ids),
      counts as (
        select ${terminalTallies.status} as status, ${terminalTallies.modelId} as model_id,
          sum(${terminalTallies.n})::int as total,
          coalesce(sum(${terminalTallies.n}) filter (where ${terminalTallies.online}), 0)::int as online
        from ${terminalTallies}
        where ${mine(sql`${terminalTallies.ownerId}`)}
        group by 1, 2
        having sum(${terminalTallies.n}) <> 0
      )
      select
        (select coalesce(json_agg(json_build_object(
            'status', c.status, 'model', coalesce(m.name, '-'), 'total', c.total, 'online', c.online)), '[]')
          from counts c left join ${terminalModels} m on m.id = c.model_id) as rows,
        (select count(*)::int from ${terminals}
          where not ${terminals.online} and ${terminals.enrolledAt} is not null
            and ${terminals.lastSeenAt} < ${longOfflineBefore} and ${mine(sql`${terminals.ownerId}`)}) as long_offline,
        (select count(*)::int from ${terminals}
          where ${terminals.activationDate} >= ${monthStart} and ${mine(sql`${terminals.ownerId}`)}) as activated
    `)) as unknown as {
      rows: { rows: FleetCountRow[] | string; long_offline: number; activated: number }[];
    };
    const [row] = result.rows;
    return {
      rows: typeof row.rows === 'string' ? (JSON.parse(row.rows) as FleetCountRow[]) : row.rows,
      longOffline: Number(row.long_offline),
      activatedThisMonth: Number(row.activated),
    };
  },

  /**
   * Folds the tallies' +1 and -1 rows into one row per key, in one statement: the rows it deletes are
   * exactly the ones it sums, so a change written meanwhile stays as it is for the next fold. Safe to
   * run on every instance at once.
   */
  async foldTallies() {
    await db.execute(sql`
      with gone as (delete from ${terminalTallies} returning *)
      insert into ${terminalTallies} (owner_id, status, model_id, online, n)
      select owner_id, status, model_id, online, sum(n)::int from gone
      group by owner_id, status, model_id, online
      having sum(n) <> 0`);
  },
});

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
