import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Per dependency: database, broker. */
  checks: z.record(z.string(), z.enum(['ok', 'down', 'off'])),
  version: z.string(),
});

/** Where the console's maps take their base layer from. */
export const MapConfigSchema = z.object({
  /** Leaflet tile URL template (`{s}`, `{z}`, `{x}`, `{y}`); null for the built-in offline world map. */
  tileUrl: z.string().nullable(),
  /** Coordinate system of the tiles: `gcj02` for AMap and other Chinese providers, else `wgs84`. */
  datum: z.enum(['wgs84', 'gcj02']),
  /** Letters or digits that replace `{s}` in the template. */
  subdomains: z.string(),
  /** Credit line shown in the map's corner. */
  attribution: z.string(),
  /** Deepest zoom level the tile server has. */
  maxZoom: z.number().int(),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

/** Tile hosts known to serve GCJ-02 tiles (AMap); any other host is taken as WGS-84. */
const GCJ02_TILE_HOSTS = /(^|\.)(autonavi\.com|amap\.com|gaode\.com)$/i;

/** The datum of a tile URL template when the configuration does not name one. */
export const guessTileDatum = (tileUrl: string): MapConfig['datum'] => {
  const host = tileUrl.match(/^[a-z]+:\/\/([^/:]+)/i)?.[1]?.replace(/\{s\}/g, 'x') ?? '';
  return GCJ02_TILE_HOSTS.test(host) ? 'gcj02' : 'wgs84';
};

export const systemEndpoints = {
  healthz: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    tag: 'system',
    public: true,
    result: HealthSchema,
  }),
  readyz: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: database and broker reachable (HTTP 503 when not)',
    tag: 'system',
    public: true,
    result: HealthSchema,
  }),
  mapConfig: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/system/getMapConfig',
    summary: "The console maps' base layer: the configured tile server or the offline world map",
    tag: 'upms',
    permission: SIGNED_IN,
    result: MapConfigSchema,
  }),
};
