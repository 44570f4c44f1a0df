import type { LatLngBoundsLiteral } from 'leaflet';
import type { MapCtx } from './fenceShape';

/** The part of the world in view as the server's map queries take it (WGS-84). */
export type ViewBox = { west: number; south: number; east: number; north: number; zoom: number };

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The map's view in WGS-84, clamped to one world. */
export const viewOf = (ctx: MapCtx): ViewBox => {
  const b = ctx.map.getBounds();
  const [west, south] = ctx.datum.fromDisplay([Math.max(-180, b.getWest()), Math.max(-90, b.getSouth())]);
  const [east, north] = ctx.datum.fromDisplay([Math.min(180, b.getEast()), Math.min(90, b.getNorth())]);
  return {
    west: round5(west),
    south: round5(south),
    east: round5(east),
    north: round5(north),
    zoom: Math.round(ctx.map.getZoom()),
  };
};

/**
 * The corners of the smallest box holding every place (clusters and terminals, WGS-84) in the
 * map's display datum, or null when there is none. A single place gets a box of about 2 km so the
 * map does not zoom in to its deepest level.
 */
export const fleetBounds = (
  ctx: Pick<MapCtx, 'datum'>,
  places: readonly { lat: number; lng: number }[],
): LatLngBoundsLiteral | null => {
  if (!places.length) return null;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const p of places) {
    const [x, y] = ctx.datum.toDisplay([p.lng, p.lat]);
    south = Math.min(south, y);
    north = Math.max(north, y);
    west = Math.min(west, x);
    east = Math.max(east, x);
  }
  const pad = 0.01;
  if (north - south < pad * 2 && east - west < pad * 2) {
    return [
      [south - pad, west - pad],
      [north + pad, east + pad],
    ];
  }
  return [
    [south, west],
    [north, east],
  ];
};
