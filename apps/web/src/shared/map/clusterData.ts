import Supercluster, { type PointFeature } from 'supercluster';
import type { Datum } from './datum';

/** One thing to show on the map, in WGS-84. */
export type MapPoint = {
  id: string;
  lng: number;
  lat: number;
  /** Shown in search results and the point's tooltip. */
  label?: string;
};

/** What a point keeps inside the cluster index: its position in the caller's list. */
export type PointProps = { index: number };

export type ClusterIndex = Supercluster<PointProps, Record<string, never>>;

/** One dot to draw: a cluster of `count` points or a single point (`count` 1, `pointIndex` set). */
export type ClusterDot = {
  lng: number;
  lat: number;
  count: number;
  /** Supercluster's id for expanding a cluster; undefined for a single point. */
  clusterId?: number;
  /** Index into the points list for a single point. */
  pointIndex?: number;
};

const isValid = (p: MapPoint) =>
  Number.isFinite(p.lng) && Number.isFinite(p.lat) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** Point features for the index, shifted onto the tiles' datum; invalid coordinates are left out. */
export const toClusterFeatures = (points: readonly MapPoint[], datum: Datum): PointFeature<PointProps>[] => {
  const features: PointFeature<PointProps>[] = [];
  points.forEach((p, index) => {
    if (!isValid(p)) return;
    features.push({
      type: 'Feature',
      properties: { index },
      geometry: { type: 'Point', coordinates: datum.toDisplay([p.lng, p.lat]) },
    });
  });
  return features;
};

/** A built cluster index over the points (radius in screen pixels). */
export const buildClusterIndex = (points: readonly MapPoint[], datum: Datum, radius = 60): ClusterIndex =>
  new Supercluster<PointProps, Record<string, never>>({ radius, maxZoom: 17, minPoints: 2 }).load(
    toClusterFeatures(points, datum),
  );

/**
 * The dots inside a view. `west`/`east` may run past ±180 when the view wraps around the world;
 * such a view is asked for in whole-world longitudes.
 */
export const clustersInView = (
  index: ClusterIndex,
  view: { west: number; south: number; east: number; north: number },
  zoom: number,
): ClusterDot[] => {
  const south = Math.max(-85, view.south);
  const north = Math.min(85, view.north);
  const west = view.east - view.west >= 360 ? -180 : view.west;
  const east = view.east - view.west >= 360 ? 180 : view.east;
  return index.getClusters([west, south, east, north], Math.round(zoom)).map((f) => {
    const [rawLng, lat] = f.geometry.coordinates as [number, number];
    // Draw on the world copy the view is looking at.
    const lng = rawLng < view.west ? rawLng + 360 : rawLng > view.east ? rawLng - 360 : rawLng;
    const props = f.properties;
    return 'cluster' in props && props.cluster
      ? { lng, lat, count: props.point_count, clusterId: props.cluster_id }
      : { lng, lat, count: 1, pointIndex: (props as PointProps).index };
  });
};

/** The drawn radius of a dot in CSS pixels: single points small, clusters growing with the log of their size. */
export const dotRadius = (count: number): number =>
  count <= 1 ? 5 : Math.min(30, Math.round(10 + 4 * Math.log10(count) ** 1.3));

/** The label inside a cluster dot: 1.2k, 35k, 1.1M. */
export const countLabel = (count: number): string => {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${Number((count / 1000).toFixed(count < 10_000 ? 1 : 0))}k`;
  return `${Number((count / 1_000_000).toFixed(1))}M`;
};

/** South-west and north-east corners around the valid points, or undefined when there are none. */
export const pointsBounds = (
  points: readonly MapPoint[],
  datum: Datum,
): [[number, number], [number, number]] | undefined => {
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    if (!isValid(p)) continue;
    const [lng, lat] = datum.toDisplay([p.lng, p.lat]);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return south > north
    ? undefined
    : [
        [south, west],
        [north, east],
      ];
};
