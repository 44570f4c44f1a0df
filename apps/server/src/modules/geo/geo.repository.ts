import type { MapViewport, TerminalFilter } from '@cpm/contracts';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scope, visibleAccountsSql } from '../../shared/data-scope';
import { terminalLocations, terminals } from '../devices/devices.table';
import { terminalFilterSql } from '../devices/terminals.repository';
import type { GridRow } from './map-grid';

export type Box = Pick<MapViewport, 'west' | 'south' | 'east' | 'north'>;
type Filters = Pick<TerminalFilter, 'status' | 'online' | 'groupId' | 'modelId' | 'ownerId'>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Terminals inside a box, through the GiST index on `point(lng, lat)`. A box crossing the
 * antimeridian (west > east) is two boxes.
 */
export const inBoxSql = (b: Box): SQL => {
  const box = (w: number, e: number) =>
    sql`point(${terminals.lng}, ${terminals.lat}) <@ box(point(${w}, ${b.south}), point(${e}, ${b.north}))`;
  const located = sql`${terminals.lat} is not null`;
  return b.west <= b.east
    ? sql`(${located} and ${box(b.west, b.east)})`
    : sql`(${located} and (${box(b.west, 180)} or ${box(-180, b.east)}))`;
};

const mapColumns = {
  id: terminals.id,
  sn: terminals.sn,
  name: terminals.name,
  lat: sql<number>`${terminals.lat}`,
  lng: sql<number>`${terminals.lng}`,
  online: terminals.online,
  status: terminals.status,
  lastSeenAt: terminals.lastSeenAt,
  locatedAt: terminals.locatedAt,
};

/** Reads of terminal positions for the device map and tracks. */
export const createGeoRepository = (db: Db) => {
  const where = (scope: Scope, f: Filters, b: Box, now: Date) =>
    and(terminalFilterSql(scope, f, now), inBoxSql(b));
  return {
    countInBox: async (scope: Scope, f: Filters, b: Box, now: Date) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(terminals)
          .where(where(scope, f, b, now))
      )[0].n,

    /** Terminals in the box, by SN (a page of them). */
    terminalsInBox: (scope: Scope, f: Filters, b: Box, now: Date, offset: number, limit: number) =>
      db
        .select(mapColumns)
        .from(terminals)
        .where(where(scope, f, b, now))
        .orderBy(asc(terminals.sn))
        .offset(offset)
        .limit(limit),

    /**
     * Clusters on a square grid of `cell` degrees: one row per occupied cell with its count, online
     * count and mean position, grouped in the database so only cells leave it.
     */
    clustersInBox: async (scope: Scope, f: Filters, b: Box, now: Date, cell: number) =>
      rowsOf<{ lat: number; lng: number; count: number; online: number }>(
        await db.execute(sql`
          select avg(${terminals.lat})::float8 as lat, avg(${terminals.lng})::float8 as lng,
                 count(*)::int as count, (count(*) filter (where ${terminals.online}))::int as online
          from ${terminals}
          where ${where(scope, f, b, now)}
          group by floor(${terminals.lng} / ${cell}), floor(${terminals.lat} / ${cell})`),
      ),

    /**
     * Every located terminal grouped per grid cell of `cell` degrees, owner, status and connection
     * state, by cell column, for the map grid's kept counts (which apply the data scope themselves).
     */
    gridRows: async (cell: number): Promise<GridRow[]> =>
      rowsOf<GridRow>(
        await db.execute(sql`
          select floor(${terminals.lng} / ${cell})::int as cx, floor(${terminals.lat} / ${cell})::int as cy,
                 ${terminals.ownerId} as "ownerId", ${terminals.status} as status, ${terminals.online} as online,
                 count(*)::int as count, sum(${terminals.lat})::float8 as "latSum",
                 sum(${terminals.lng})::float8 as "lngSum"
          from ${terminals}
          where ${terminals.lat} is not null
          group by 1, 2, 3, 4, 5
          order by 1`),
      ),

    /** The accounts whose terminals the caller may see; null for all. */
    visibleOwnerIds: async (scope: Scope): Promise<ReadonlySet<string> | null> => {
      const visible = visibleAccountsSql(scope);
      if (!visible) return null;
      const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from ${visible} as visible`));
      return new Set(rows.map((r) => r.id));
    },

    /** Located terminals whose SN starts with the given text. */
    findBySnPrefix: (scope: Scope, prefix: string, now: Date, limit: number) =>
      db
        .select(mapColumns)
        .from(terminals)
        .where(and(terminalFilterSql(scope, { sn: prefix }, now), sql`${terminals.lat} is not null`))
        .orderBy(asc(terminals.sn))
        .limit(limit),

    /** The id of a terminal the caller may see. */
    findVisibleId: async (scope: Scope, sn: string, now: Date) =>
      (
        await db
          .select({ id: terminals.id })
          .from(terminals)
          .where(and(terminalFilterSql(scope, {}, now), eq(terminals.sn, sn)))
      )[0]?.id ?? null,

    /** Kept fixes of a terminal between two times, oldest first. */
    track: (terminalId: string, from: Date, to: Date, limit: number) =>
      db
        .select({
          lat: terminalLocations.lat,
          lng: terminalLocations.lng,
          accuracy: terminalLocations.accuracy,
          at: terminalLocations.at,
        })
        .from(terminalLocations)
        .where(
          and(
            eq(terminalLocations.terminalId, terminalId),
            gte(terminalLocations.at, from),
            lte(terminalLocations.at, to),
          ),
        )
        .orderBy(asc(terminalLocations.at))
        .limit(limit),
  };
};
export type GeoRepository = ReturnType<typeof createGeoRepository>;
