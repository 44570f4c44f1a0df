import { clusterDiameterPx, type MapCluster, mercatorPixel, worldPixels } from '@cpm/contracts';

/** Pairs of clusters whose discs overlap on screen at `zoom` (x measured across 180° when asked). */
export const overlappingPairs = (
  clusters: readonly MapCluster[],
  zoom: number,
  acrossAntimeridian = false,
) => {
  const world = worldPixels(zoom);
  const placed = clusters.map((c) => {
    const p = mercatorPixel(c.lat, c.lng, zoom);
    return { ...p, r: clusterDiameterPx(c.count) / 2 };
  });
  const pairs: [number, number][] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i];
      const b = placed[j];
      let dx = Math.abs(a.x - b.x);
      if (acrossAntimeridian) dx = Math.min(dx, world - dx);
      if (dx ** 2 + (a.y - b.y) ** 2 < (a.r + b.r) ** 2) pairs.push([i, j]);
    }
  }
  return pairs;
};
