import { GEO_LIMITS, gridCellDegrees, type MapCluster, type MapViewport } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { Box } from './geo.repository';

/** The located terminals of one owner, status and connection state in one cell of a grid level. */
export type GridRow = {
  cx: number;
  cy: number;
  ownerId: string;
  status: string;
  online: boolean;
  count: number;
  latSum: number;
  lngSum: number;
};

export type MapGridOptions = {
  /** A view with fewer terminals than this is answered live: grouping them costs little. */
  minTerminals: number;
  /** Counts older than this are still answered, and built again in the background. */
  freshMs: number;
  /** Counts older than this are not answered at all. */
  maxAgeMs: number;
  /** The deepest grid zoom answered from kept counts; deeper views hold few terminals. */
  maxZoom: number;
};

const DEFAULTS: MapGridOptions = { minTerminals: 20_000, freshMs: 60_000, maxAgeMs: 300_000, maxZoom: 8 };

/**
 * Counts are kept this many zoom levels finer than the clusters they answer, so a cell cut by the
 * edge of the view is a quarter of a cluster cell across (16 pixels) and adds little from outside.
 */
const FINER = 2;

/** One grid level as columns, sorted by `cx`: a few bytes a row, and a view's columns found by bisection. */
type Level = {
  size: number;
  cx: Int32Array;
  cy: Int32Array;
  owner: Uint32Array;
  status: Uint8Array;
  online: Uint8Array;
  count: Float64Array;
  latSum: Float64Array;
  lngSum: Float64Array;
};

type Kept = {
  builtAt: number;
  total: number;
  owners: string[];
  statuses: string[];
  /** Level number to its cells: the finest as loaded, each coarser one summed from the next finer. */
  levels: Map<number, Level>;
};

type Filters = Pick<MapViewport, 'status' | 'online' | 'ownerId'>;

/** Rows sorted by `cx` as columns, owners and statuses as indexes into the kept lists. */
const toLevel = (
  rows: {
    cx: number;
    cy: number;
    owner: number;
    status: number;
    online: number;
    count: number;
    latSum: number;
    lngSum: number;
  }[],
): Level => {
  const size = rows.length;
  const level: Level = {
    size,
    cx: new Int32Array(size),
    cy: new Int32Array(size),
    owner: new Uint32Array(size),
    status: new Uint8Array(size),
    online: new Uint8Array(size),
    count: new Float64Array(size),
    latSum: new Float64Array(size),
    lngSum: new Float64Array(size),
  };
  rows.forEach((r, i) => {
    level.cx[i] = r.cx;
    level.cy[i] = r.cy;
    level.owner[i] = r.owner;
    level.status[i] = r.status;
    level.online[i] = r.online;
    level.count[i] = r.count;
    level.latSum[i] = r.latSum;
    level.lngSum[i] = r.lngSum;
  });
  return level;
};

/**
 * The cells of `fine` summed into cells twice as wide. Rows are sorted by `cx`, so each coarse
 * column is one run of rows; within it rows are summed by cell row, owner, status and connection.
 */
const coarsen = (fine: Level, ownerCount: number): Level => {
  type Sum = Parameters<typeof toLevel>[0][number];
  const out: Sum[] = [];
  let i = 0;
  while (i < fine.size) {
    const cx = Math.floor(fine.cx[i] / 2);
    const column = new Map<number, Sum>();
    for (; i < fine.size && Math.floor(fine.cx[i] / 2) === cx; i++) {
      const cy = Math.floor(fine.cy[i] / 2);
      const key = ((cy * ownerCount + fine.owner[i]) * 256 + fine.status[i]) * 2 + fine.online[i];
      let s = column.get(key);
      if (!s) {
        s = {
          cx,
          cy,
          owner: fine.owner[i],
          status: fine.status[i],
          online: fine.online[i],
          count: 0,
          latSum: 0,
          lngSum: 0,
        };
        column.set(key, s);
        out.push(s);
      }
      s.count += fine.count[i];
      s.latSum += fine.latSum[i];
      s.lngSum += fine.lngSum[i];
    }
  }
  return toLevel(out);
};

/** The first index whose `cx` is at least `value`. */
const lowerBound = (cx: Int32Array, size: number, value: number) => {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cx[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Terminal counts per grid cell, owner, status and connection state, kept in memory for the zoom
 * levels where a view holds most of a large fleet (the world, a continent, a country). Grouping a
 * million rows for every pan costs a full scan each time; these counts answer the same clusters
 * from kept cells instead. One grouped scan loads the finest level (`maxZoom` + 2, cells of 16
 * pixels at `maxZoom`); every coarser level is summed from it in memory. The counts are at most
 * `freshMs` behind (a background rebuild starts once they are older) and never answered past
 * `maxAgeMs`. They are loaded only after a live answer found at least `minTerminals` terminals in
 * a view zoomed out enough, so a small fleet never builds them.
 */
export const createMapGrid = (deps: {
  /** Every located terminal grouped on a grid of `cellDegrees` (no data scope: the grid filters). */
  load(cellDegrees: number): Promise<GridRow[]>;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
  options?: Partial<MapGridOptions>;
}) => {
  const options = { ...DEFAULTS, ...deps.options };
  const finest = options.maxZoom + FINER;
  let kept: Kept | undefined;
  let building: Promise<void> | undefined;

  /** The loaded rows as the kept counts: the finest level as columns, every coarser one summed. */
  const keep = async (rows: GridRow[], builtAt: number): Promise<Kept> => {
    const owners = new Map<string, number>();
    const statuses = new Map<string, number>();
    const index = (m: Map<string, number>, v: string) => {
      let i = m.get(v);
      if (i === undefined) {
        i = m.size;
        m.set(v, i);
      }
      return i;
    };
    let total = 0;
    const cells = rows.map((r) => {
      total += r.count;
      return {
        cx: r.cx,
        cy: r.cy,
        owner: index(owners, r.ownerId),
        status: index(statuses, r.status),
        online: r.online ? 1 : 0,
        count: r.count,
        latSum: r.latSum,
        lngSum: r.lngSum,
      };
    });
    // Loaded in column order already; the sort only makes sure of it.
    cells.sort((a, b) => a.cx - b.cx);
    const levels = new Map([[finest, toLevel(cells)]]);
    // One level per turn of the event loop, so requests in between are not held up.
    for (let level = finest - 1; level >= FINER; level--) {
      await new Promise((resolve) => setImmediate(resolve));
      levels.set(level, coarsen(levels.get(level + 1) as Level, owners.size));
    }
    return { builtAt, total, owners: [...owners.keys()], statuses: [...statuses.keys()], levels };
  };

  const build = () => {
    if (building) return;
    const startedAt = deps.clock.now().getTime();
    building = deps
      .load(gridCellDegrees(finest, GEO_LIMITS.cellPx))
      .then((rows) => keep(rows, startedAt))
      .then((next) => {
        kept = next;
      })
      .catch((err: unknown) => deps.log?.warn({ err }, 'map grid build failed; views are answered live'))
      .finally(() => {
        building = undefined;
      });
  };

  const age = () => (kept ? deps.clock.now().getTime() - kept.builtAt : Infinity);

  return {
    /**
     * Clusters of the box at grid zoom `zoom` (cells of `GEO_LIMITS.cellPx` at that zoom, each at
     * the mean position of its terminals), or null when the kept counts cannot answer: too deep a
     * zoom, none kept, too old, or fewer than `minTerminals` terminals in view. `owners` is called
     * only when they can: the caller's visible accounts, null for all.
     */
    async clusters(q: {
      box: Box;
      zoom: number;
      filters: Filters;
      owners: () => Promise<ReadonlySet<string> | null>;
    }): Promise<{ total: number; clusters: MapCluster[] } | null> {
      if (q.zoom > options.maxZoom) return null;
      const k = kept;
      const old = age();
      if (k && old > options.freshMs && k.total >= options.minTerminals) build();
      if (!k || old > options.maxAgeMs || k.total < options.minTerminals) return null;

      const level = q.zoom + FINER;
      const cells = k.levels.get(level) as Level;
      const cell = gridCellDegrees(level, GEO_LIMITS.cellPx);
      const { box, filters } = q;
      const south = Math.floor(box.south / cell);
      const north = Math.floor(box.north / cell);
      const west = Math.floor(box.west / cell);
      const east = Math.floor(box.east / cell);
      // Column ranges as index ranges; a box across the antimeridian (west > east) is two.
      const columns =
        box.west <= box.east
          ? [[west, east]]
          : [
              [west, Number.MAX_SAFE_INTEGER],
              [Number.MIN_SAFE_INTEGER, east],
            ];
      const visible = await q.owners();
      const ownerOk = k.owners.map(
        (id) => (!visible || visible.has(id)) && (!filters.ownerId || filters.ownerId === id),
      );
      const statusOk = k.statuses.map((s) => !filters.status || filters.status === s);
      const online = filters.online === undefined ? -1 : filters.online ? 1 : 0;
      const per = 2 ** FINER;
      const sums = new Map<number, MapCluster & { latSum: number; lngSum: number }>();
      let total = 0;
      for (const [from, to] of columns) {
        for (let i = lowerBound(cells.cx, cells.size, from); i < cells.size && cells.cx[i] <= to; i++) {
          const cy = cells.cy[i];
          if (cy < south || cy > north || !ownerOk[cells.owner[i]] || !statusOk[cells.status[i]]) continue;
          if (online !== -1 && cells.online[i] !== online) continue;
          // Cluster cells are at most a few thousand across (`GEO_LIMITS.maxViewPx`): one number each.
          const key = Math.floor(cells.cx[i] / per) * 1_048_576 + Math.floor(cy / per);
          let s = sums.get(key);
          if (!s) {
            s = { lat: 0, lng: 0, count: 0, online: 0, latSum: 0, lngSum: 0 };
            sums.set(key, s);
          }
          const n = cells.count[i];
          s.count += n;
          if (cells.online[i]) s.online += n;
          s.latSum += cells.latSum[i];
          s.lngSum += cells.lngSum[i];
          total += n;
        }
      }
      if (total < options.minTerminals) return null;
      const clusters = [...sums.values()].map((s) => ({
        lat: s.latSum / s.count,
        lng: s.lngSum / s.count,
        count: s.count,
        online: s.online,
      }));
      return { total, clusters };
    },

    /** A live answer found `total` terminals in view at grid zoom `zoom`: time to keep counts? */
    noteLive(zoom: number, total: number) {
      if (zoom <= options.maxZoom && total >= options.minTerminals && age() > options.freshMs) build();
    },

    /** Resolves once no build is running. */
    async idle() {
      while (building) await building;
    },
  };
};
export type MapGrid = ReturnType<typeof createMapGrid>;
