import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PageQuerySchema, pageSchema } from '../pagination';

const TAG = 'device';
const base = '/device/v1/device';
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blank, s.optional());
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Limits of the map: the server never answers more single terminals than `maxPoints`. */
export const GEO_LIMITS = {
  /** A viewport with at most this many terminals gets them one by one instead of clusters. */
  maxPoints: 300,
  /** Cluster cell size on screen, in pixels: wider than the largest cluster disc (`clusterDiameterPx`). */
  cellPx: 64,
  /**
   * A viewport more pixels than this across or high at its zoom (no screen is) is clustered as if
   * zoomed out until it fits, so no request asks for millions of cells.
   */
  maxViewPx: 4096,
  maxZoom: 22,
  /** History keeps a fix only when the terminal moved this far since the last kept one... */
  historyMinMetres: 50,
  /** ...or this long has passed. */
  historyMinMinutes: 15,
  /** A track answers at most this many points. */
  trackMax: 5000,
  /** Fixes less accurate than this (metres) are ignored and counted. */
  maxAccuracyMetres: 5000,
  /** A fix implying a faster move than this since the last one (m/s, ~1,260 km/h) is ignored and counted. */
  maxSpeedMps: 350,
} as const;

/** Viewport and filters of the device map. */
export const MapViewportSchema = z
  .object({
    west: z.coerce.number().min(-180).max(180),
    south: z.coerce.number().min(-90).max(90),
    east: z.coerce.number().min(-180).max(180),
    north: z.coerce.number().min(-90).max(90),
    zoom: z.coerce.number().int().min(0).max(GEO_LIMITS.maxZoom),
    status: opt(z.enum(['warehoused', 'shipped', 'activated', 'loggedOff'])),
    online: opt(boolQuery),
    groupId: opt(z.uuid()),
    modelId: opt(z.uuid()),
    ownerId: opt(z.uuid()),
  })
  .refine((v) => v.south <= v.north, { path: ['south'], message: 'south must not exceed north' });
export type MapViewport = z.infer<typeof MapViewportSchema>;

/** A cluster of terminals: where their mean position is and how many are online. */
export const MapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  online: z.number().int(),
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

/** One terminal on the map. */
export const MapTerminalSchema = z.object({
  id: z.string(),
  sn: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  online: z.boolean(),
  status: z.string(),
  lastSeenAt: z.string().nullable(),
  locatedAt: z.string().nullable(),
});
export type MapTerminal = z.infer<typeof MapTerminalSchema>;

/** Clusters when many terminals are in view, single terminals when few. */
export const MapClustersResultSchema = z.object({
  total: z.number().int(),
  clusters: z.array(MapClusterSchema),
  terminals: z.array(MapTerminalSchema),
});

/** A place found by name or position (offline: the nearest city with 1,000+ people, GeoNames). */
export const PlaceSchema = z.object({
  name: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Street address from the configured geocoder, when there is one. */
  address: z.string().nullable(),
  /** Distance from the asked position in kilometres (reverse geocoding). */
  distanceKm: z.number().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** One kept fix of a terminal's track. */
export const TrackPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.string(),
});
export type TrackPoint = z.infer<typeof TrackPointSchema>;

export const geoEndpoints = {
  mapClusters: defineEndpoint({
    method: 'GET',
    path: `${base}/map/clusters`,
    summary: 'Terminals in a viewport: clusters on a zoom-dependent grid, or single terminals when few',
    tag: TAG,
    query: MapViewportSchema,
    result: MapClustersResultSchema,
    permission: 'device:map:view',
  }),
  mapList: defineEndpoint({
    method: 'GET',
    path: `${base}/map/getPage`,
    summary: 'Terminals in a viewport, paged (the side list of the map)',
    tag: TAG,
    query: PageQuerySchema.extend({
      west: z.coerce.number().min(-180).max(180),
      south: z.coerce.number().min(-90).max(90),
      east: z.coerce.number().min(-180).max(180),
      north: z.coerce.number().min(-90).max(90),
      status: opt(z.enum(['warehoused', 'shipped', 'activated', 'loggedOff'])),
      online: opt(boolQuery),
      groupId: opt(z.uuid()),
      modelId: opt(z.uuid()),
      ownerId: opt(z.uuid()),
    }),
    result: pageSchema(MapTerminalSchema),
    permission: 'device:map:view',
  }),
  mapSearch: defineEndpoint({
    method: 'GET',
    path: `${base}/map/search`,
    summary: 'Find located terminals by SN prefix and places by name',
    tag: TAG,
    query: z.object({ q: z.string().trim().min(1).max(100) }),
    result: z.object({ terminals: z.array(MapTerminalSchema), places: z.array(PlaceSchema) }),
    permission: 'device:map:view',
  }),
  reverseGeocode: defineEndpoint({
    method: 'GET',
    path: `${base}/map/reverse`,
    summary: 'The nearest city to a position (offline), with a street address when a geocoder is configured',
    tag: TAG,
    query: z.object({
      lat: z.coerce.number().min(-90).max(90),
      lng: z.coerce.number().min(-180).max(180),
    }),
    result: PlaceSchema.nullable(),
    permission: 'device:map:view',
  }),
  track: defineEndpoint({
    method: 'GET',
    path: `${base}/map/track`,
    summary: "A terminal's kept positions over a time range, oldest first",
    tag: TAG,
    query: z.object({
      sn: z.string().trim().min(1).max(64),
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }),
    }),
    result: z.object({ points: z.array(TrackPointSchema), truncated: z.boolean() }),
    permission: 'device:terminal:view',
  }),
};
