import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Natural Earth countries as land areas and the borders between them, ready for Leaflet. */
export type WorldShapes = {
  land: GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
};

/**
 * The same line with continuous longitudes: Natural Earth cuts shapes at ±180°, and an edge from
 * 179.9° to -179.9° would otherwise be drawn the long way, right across the world.
 */
export const unwrapLongitudes = (line: GeoJSON.Position[]): GeoJSON.Position[] => {
  let shift = 0;
  return line.map((p, i) => {
    if (i > 0) {
      const step = (p[0] as number) + shift - ((line[i - 1][0] as number) + shift);
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return shift ? [(p[0] as number) + shift, p[1] as number] : p;
  });
};

const unwrapGeometry = (geometry: GeoJSON.Geometry | null): GeoJSON.Geometry | null => {
  if (!geometry) return geometry;
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLongitudes) } as GeoJSON.Geometry;
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((poly) => poly.map(unwrapLongitudes)) };
    case 'LineString':
      return { ...geometry, coordinates: unwrapLongitudes(geometry.coordinates) };
    default:
      return geometry;
  }
};

/** Land and inner borders from a world-atlas countries topology. */
export const worldShapes = (topology: Topology): WorldShapes => {
  const countries = topology.objects.countries as GeometryCollection;
  const land = feature(topology, countries) as GeoJSON.FeatureCollection;
  // Shared arcs only: coastlines are drawn by the land's outline, not twice.
  const borders = mesh(topology, countries, (a, b) => a !== b);
  return {
    land: {
      ...land,
      features: land.features.map((f) => ({
        ...f,
        geometry: unwrapGeometry(f.geometry) as GeoJSON.Geometry,
      })),
    },
    borders: { ...borders, coordinates: borders.coordinates.map(unwrapLongitudes) },
  };
};

/** The zoom from which the finer (1:50m) outlines replace the coarse (1:110m) ones. */
export const FINE_OUTLINE_ZOOM = 4;

/** Which Natural Earth scale suits a zoom level. */
export const atlasScaleFor = (zoom: number): '110m' | '50m' => (zoom >= FINE_OUTLINE_ZOOM ? '50m' : '110m');
