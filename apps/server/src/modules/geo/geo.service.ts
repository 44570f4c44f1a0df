import {
  GEO_LIMITS,
  gridCellDegrees,
  type MapViewport,
  mercatorPixel,
  type Place,
  worldPixels,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { CityIndex } from './city-index';
import { separateClusters } from './cluster-spacing';
import type { Box, GeoRepository } from './geo.repository';
import { createMapGrid, type MapGrid } from './map-grid';

type MapFilters = Omit<MapViewport, 'zoom'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const present = <T extends { lastSeenAt: Date | null; locatedAt: Date | null }>(r: T) => ({
  ...r,
  lastSeenAt: iso(r.lastSeenAt),
  locatedAt: iso(r.locatedAt),
});
const boxOf = (q: Box): Box => ({ west: q.west, south: q.south, east: q.east, north: q.north });
const TRACK_MAX_DAYS = 31;

/** The zoom the grid is laid at: the view's, or lower when the box would be wider or higher than any screen. */
export const gridZoom = (box: Box, zoom: number) => {
  const degrees = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  const wide = (degrees / 360) * worldPixels(zoom);
  const high = mercatorPixel(box.south, 0, zoom).y - mercatorPixel(box.north, 0, zoom).y;
  const span = Math.max(wide, high);
  return span <= GEO_LIMITS.maxViewPx
    ? zoom
    : Math.max(0, zoom - Math.ceil(Math.log2(span / GEO_LIMITS.maxViewPx)));
};

/** The device map: clusters and terminals in a viewport, search, reverse geocoding, tracks. */
export const createGeoService = (deps: {
  repo: GeoRepository;
  clock: Clock;
  cities: CityIndex;
  street: { reverse(lat: number, lng: number, language: string): Promise<string | null> };
  /** Kept counts for zoomed-out views of a large fleet; by default built from `repo`. */
  grid?: MapGrid;
  log?: { warn(obj: object, msg: string): void };
}) => {
  const { repo, clock, cities } = deps;
  const grid = deps.grid ?? createMapGrid({ load: repo.gridRows, clock, log: deps.log });
  return {
    /**
     * Single terminals when at most `GEO_LIMITS.maxPoints` are in view; otherwise clusters on a
     * grid of `cellPx` screen pixels at this zoom, so the answer stays small at any fleet size,
     * merged where their discs would overlap on screen. A zoomed-out view of a large fleet is
     * answered from the grid's kept counts instead of grouping every terminal again.
     */
    async clusters(auth: AuthContext, q: MapViewport) {
      const now = clock.now();
      const box = boxOf(q);
      const zoom = gridZoom(box, q.zoom);
      const crossing = box.west > box.east;
      // The kept counts know owners, status and connection, not groups or models.
      const gridded = !q.groupId && !q.modelId;
      const kept = gridded
        ? await grid.clusters({ box, zoom, filters: q, owners: () => repo.visibleOwnerIds(auth) })
        : null;
      if (kept)
        return {
          total: kept.total,
          clusters: separateClusters(kept.clusters, zoom, crossing),
          terminals: [],
        };
      // One grouped pass answers both the clusters and the total (the sum of their counts).
      const cells = await repo.clustersInBox(auth, q, box, now, gridCellDegrees(zoom, GEO_LIMITS.cellPx));
      let total = 0;
      for (const c of cells) total += c.count;
      if (gridded) grid.noteLive(zoom, total);
      if (total <= GEO_LIMITS.maxPoints) {
        const rows = await repo.terminalsInBox(auth, q, box, now, 0, GEO_LIMITS.maxPoints);
        return { total, clusters: [], terminals: rows.map(present) };
      }
      return { total, clusters: separateClusters(cells, zoom, crossing), terminals: [] };
    },

    /** The side list: terminals in view, a page at a time. */
    async list(auth: AuthContext, q: MapFilters & { current: number; size: number }) {
      const now = clock.now();
      const box = boxOf(q);
      const [rows, total] = await Promise.all([
        repo.terminalsInBox(auth, q, box, now, pageOffset(q), q.size),
        repo.countInBox(auth, q, box, now),
      ]);
      return toPage(rows.map(present), total, q);
    },

    /** Terminals by SN prefix and cities by name. */
    async search(auth: AuthContext, text: string) {
      const rows = await repo.findBySnPrefix(auth, text.toUpperCase(), clock.now(), 10);
      const places: Place[] = cities.search(text, 10).map((c) => ({
        name: c.name,
        country: c.country,
        lat: c.lat,
        lng: c.lng,
        address: null,
        distanceKm: null,
      }));
      return { terminals: rows.map(present), places };
    },

    /** The nearest city (offline) and, when a geocoder is configured, the street address. */
    async reverse(lat: number, lng: number, language: string): Promise<Place | null> {
      const city = cities.nearest(lat, lng);
      const address = await deps.street.reverse(lat, lng, language);
      if (!city && !address) return null;
      return {
        name: city?.name ?? '',
        country: city?.country ?? '',
        lat: city?.lat ?? lat,
        lng: city?.lng ?? lng,
        address,
        distanceKm: city?.distanceKm ?? null,
      };
    },

    /** A terminal's kept fixes between two times (at most 31 days, `GEO_LIMITS.trackMax` points). */
    async track(auth: AuthContext, q: { sn: string; from: string; to: string }) {
      const from = new Date(q.from);
      const to = new Date(q.to);
      if (!(from < to) || to.getTime() - from.getTime() > TRACK_MAX_DAYS * 86_400_000) {
        throw new AppError('geoRangeTooLong');
      }
      const id = await repo.findVisibleId(auth, q.sn.toUpperCase(), clock.now());
      if (!id) throw new AppError('terminalNotFound');
      const rows = await repo.track(id, from, to, GEO_LIMITS.trackMax + 1);
      return {
        points: rows.slice(0, GEO_LIMITS.trackMax).map((r) => ({ ...r, at: r.at.toISOString() })),
        truncated: rows.length > GEO_LIMITS.trackMax,
      };
    },
  };
};
export type GeoService = ReturnType<typeof createGeoService>;
