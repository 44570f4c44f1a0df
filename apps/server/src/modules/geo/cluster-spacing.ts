import { clusterDiameterPx, type MapCluster, mercatorPixel, worldPixels } from '@cpm/contracts';

type Placed = MapCluster & { x: number; y: number; r: number; alive: boolean };

/** Whether two discs overlap on screen (touching is fine). */
const overlap = (a: Placed, b: Placed) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (a.r + b.r) ** 2;

/**
 * Merges clusters whose discs would overlap on screen at `zoom` until none do. The grid's cells are
 * wider than the largest disc, but a cluster sits at the mean position of its terminals, so two
 * clumps either side of a cell border land a few pixels apart. The bigger cluster takes the smaller
 * one in; counts add up and the position is the mean of all their terminals. `crossesAntimeridian`:
 * the view runs east over 180°, so longitudes west of it are measured one world further on.
 */
export const separateClusters = (
  clusters: readonly MapCluster[],
  zoom: number,
  crossesAntimeridian = false,
): MapCluster[] => {
  const world = worldPixels(zoom);
  const place = (c: MapCluster): Placed => {
    const { x, y } = mercatorPixel(c.lat, c.lng, zoom);
    const east = crossesAntimeridian && c.lng < 0 ? world : 0;
    return {
      ...c,
      lng: c.lng + (east ? 360 : 0),
      x: x + east,
      y,
      r: clusterDiameterPx(c.count) / 2,
      alive: true,
    };
  };
  const placed = clusters.map(place).sort((a, b) => b.count - a.count);
  // Discs are at most this wide, so two that overlap sit in the same or neighbouring buckets.
  const bucketPx = clusterDiameterPx(Number.MAX_SAFE_INTEGER);
  let merged = true;
  while (merged) {
    merged = false;
    const buckets = new Map<string, Placed[]>();
    const key = (bx: number, by: number) => `${bx}:${by}`;
    for (const c of placed) {
      if (!c.alive) continue;
      const k = key(Math.floor(c.x / bucketPx), Math.floor(c.y / bucketPx));
      const list = buckets.get(k);
      if (list) list.push(c);
      else buckets.set(k, [c]);
    }
    for (const c of placed) {
      if (!c.alive) continue;
      const bx = Math.floor(c.x / bucketPx);
      const by = Math.floor(c.y / bucketPx);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const o of buckets.get(key(bx + dx, by + dy)) ?? []) {
            if (o === c || !o.alive || !overlap(c, o)) continue;
            const count = c.count + o.count;
            c.lat = (c.lat * c.count + o.lat * o.count) / count;
            c.lng = (c.lng * c.count + o.lng * o.count) / count;
            c.x = (c.x * c.count + o.x * o.count) / count;
            // Latitude does not map linearly to y: project the merged mean again.
            c.y = mercatorPixel(c.lat, c.lng, zoom).y;
            c.count = count;
            c.online += o.online;
            c.r = clusterDiameterPx(count) / 2;
            o.alive = false;
            merged = true;
          }
        }
      }
    }
  }
  return placed
    .filter((c) => c.alive)
    .map(({ lat, lng, count, online }) => ({ lat, lng: lng > 180 ? lng - 360 : lng, count, online }));
};
