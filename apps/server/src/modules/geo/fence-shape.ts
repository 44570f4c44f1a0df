import { circleRing, FENCE_LIMITS, type FenceSave } from '@cpm/contracts';

export { circleRing };

import { AppError } from '../../shared/app-error';

type Pt = [number, number];

const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Pt, q: Pt, r: Pt) =>
  Math.min(p[0], r[0]) <= q[0] &&
  q[0] <= Math.max(p[0], r[0]) &&
  Math.min(p[1], r[1]) <= q[1] &&
  q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd touch or cross. */
const segmentsMeet = (a: Pt, b: Pt, c: Pt, d: Pt) => {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(c, a, d)) ||
    (d2 === 0 && onSegment(c, b, d)) ||
    (d3 === 0 && onSegment(a, c, b)) ||
    (d4 === 0 && onSegment(a, d, b))
  );
};

/** True when two edges of the closed ring cross or touch anywhere but at their shared corner. */
export const selfIntersects = (ring: Pt[]) => {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      if (j === i || (j + 1) % n === i || j === (i + 1) % n) continue;
      if (segmentsMeet(a, b, ring[j], ring[(j + 1) % n])) return true;
    }
  }
  return false;
};

/** PostgreSQL's text form of a polygon. */
export const polygonText = (ring: Pt[]) => `(${ring.map(([x, y]) => `(${x},${y})`).join(',')})`;

/**
 * Checks a fence's shape and answers the ring to store: polygons need 3+ distinct corners and no
 * crossing edges; circles a centre and a radius within the limits. Bad shapes throw with field errors.
 */
export const fenceRing = (f: Pick<FenceSave, 'shape' | 'points' | 'center' | 'radiusM'>): Pt[] => {
  if (f.shape === 'circle') {
    const r = f.radiusM;
    if (!f.center || r === null || !(r >= FENCE_LIMITS.minRadiusM && r <= FENCE_LIMITS.maxRadiusM))
      throw new AppError('fenceRadiusOutOfRange');
    return circleRing(f.center.lat, f.center.lng, r);
  }
  const ring: Pt[] = [];
  for (const p of f.points) {
    const last = ring[ring.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) ring.push(p);
  }
  if (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1])
    ring.pop();
  if (new Set(ring.map((p) => `${p[0]},${p[1]}`)).size < 3) throw new AppError('fenceTooFewPoints');
  if (selfIntersects(ring)) throw new AppError('fenceSelfIntersecting');
  return ring;
};
