import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Natural Earth countries as land areas and the borders between them, ready for Leaflet. */
export type WorldShapes = {
  land: GeoJSON.FeatureCollection | GeoJSON.Feature;
  borders: GeoJSON.MultiLineString;
};

/** Land and inner borders from a world-atlas countries topology. */
export const worldShapes = (topology: Topology): WorldShapes => {
  const countries = topology.objects.countries as GeometryCollection;
  return {
    land: feature(topology, countries),
    // Shared arcs only: coastlines are drawn by the land's outline, not twice.
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
};

/** The zoom from which the finer (1:50m) outlines replace the coarse (1:110m) ones. */
export const FINE_OUTLINE_ZOOM = 4;

/** Which Natural Earth scale suits a zoom level. */
export const atlasScaleFor = (zoom: number): '110m' | '50m' => (zoom >= FINE_OUTLINE_ZOOM ? '50m' : '110m');
