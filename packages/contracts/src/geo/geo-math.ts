/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres between two WGS-84 positions (haversine). */
export const distanceMetres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** Side of the whole world in pixels at a web-map zoom (256-pixel tiles at zoom 0). */
export const worldPixels = (zoom: number) => 256 * 2 ** zoom;

/**
 * Side of a square grid cell in degrees for clusters of `cellPx` screen pixels at a web-map zoom.
 * Exact across; up and down a degree of latitude is at least as long on a Mercator map as a degree
 * of longitude, so a cell is never less than `cellPx` high on screen either.
 */
export const gridCellDegrees = (zoom: number, cellPx: number) => (360 / worldPixels(zoom)) * cellPx;

/** The latitude where a square Web Mercator world ends. */
const MERCATOR_MAX_LAT = 85.0511287798;

/** Web Mercator pixel position of a WGS-84 position at a zoom: x east from 180°W, y south from the top. */
export const mercatorPixel = (lat: number, lng: number, zoom: number) => {
  const size = worldPixels(zoom);
  const s = Math.sin(rad(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat))));
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
};

/** Width of the ring drawn around a cluster's disc on the device map, in CSS pixels on each side. */
export const CLUSTER_RING_PX = 4;

/** Diameter in CSS pixels of the device map's disc for a cluster of `count` terminals (ring excluded). */
export const clusterDiscPx = (count: number) => Math.min(44, 24 + Math.log10(Math.max(1, count)) * 6);

/** Outer diameter in CSS pixels of a cluster on the device map, ring included: what must not overlap. */
export const clusterDiameterPx = (count: number) => clusterDiscPx(count) + 2 * CLUSTER_RING_PX;

const METRES_PER_DEGREE = 111_320;

/** A circle as a polygon of `sides` corners, `[lng, lat]`, on a local flat approximation. */
export const circleRing = (lat: number, lng: number, radiusM: number, sides = 64): [number, number][] => {
  const out: [number, number][] = [];
  const kx = METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  for (let i = 0; i < sides; i++) {
    const a = (2 * Math.PI * i) / sides;
    out.push([lng + (radiusM * Math.sin(a)) / kx, lat + (radiusM * Math.cos(a)) / METRES_PER_DEGREE]);
  }
  return out;
};
