import type { MapConfig } from '@cpm/contracts';
import gcoord from 'gcoord';

/** Coordinate systems of base-map tiles: WGS-84 (OSM and most others) or China's GCJ-02 (AMap). */
export type TileDatum = MapConfig['datum'];

/** A longitude and latitude pair. */
export type LngLat = [lng: number, lat: number];

/**
 * Moves stored WGS-84 coordinates onto the tiles' grid and back. Data is always kept in WGS-84;
 * only what is drawn over GCJ-02 tiles is shifted (gcoord leaves places outside China unchanged).
 */
export type Datum = {
  kind: TileDatum;
  toDisplay: (point: LngLat) => LngLat;
  fromDisplay: (point: LngLat) => LngLat;
};

const same = (point: LngLat): LngLat => [point[0], point[1]];

/** The conversion pair for tiles in the given datum. */
export const datumFor = (kind: TileDatum): Datum =>
  kind === 'gcj02'
    ? {
        kind,
        toDisplay: (point) => gcoord.transform(point, gcoord.WGS84, gcoord.GCJ02) as LngLat,
        fromDisplay: (point) => gcoord.transform(point, gcoord.GCJ02, gcoord.WGS84) as LngLat,
      }
    : { kind, toDisplay: same, fromDisplay: same };

/** Maps every position of a GeoJSON geometry through `convert`, returning a new geometry. */
export const convertGeometry = <G extends GeoJSON.Geometry>(
  geometry: G,
  convert: (p: LngLat) => LngLat,
): G => {
  const position = (p: GeoJSON.Position): GeoJSON.Position => convert([p[0] as number, p[1] as number]);
  switch (geometry.type) {
    case 'Point':
      return { ...geometry, coordinates: position(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { ...geometry, coordinates: geometry.coordinates.map(position) };
    case 'MultiLineString':
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map((ring) => ring.map(position)) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((poly) => poly.map((ring) => ring.map(position))),
      };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map((g) => convertGeometry(g, convert)) };
  }
};
