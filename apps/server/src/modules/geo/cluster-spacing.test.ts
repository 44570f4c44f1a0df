import { clusterDiameterPx, GEO_LIMITS, gridCellDegrees, type MapCluster } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { overlappingPairs } from '../../test-support/map-overlap';
import { separateClusters } from './cluster-spacing';

/** Clusters the way the database does: the mean position of each occupied grid cell. */
const gridCells = (points: { lat: number; lng: number; online: boolean }[], zoom: number): MapCluster[] => {
  const cell = gridCellDegrees(zoom, GEO_LIMITS.cellPx);
  const cells = new Map<string, MapCluster>();
  for (const p of points) {
    const key = `${Math.floor(p.lng / cell)}:${Math.floor(p.lat / cell)}`;
    const c = cells.get(key) ?? { lat: 0, lng: 0, count: 0, online: 0 };
    c.lat = (c.lat * c.count + p.lat) / (c.count + 1);
    c.lng = (c.lng * c.count + p.lng) / (c.count + 1);
    c.count += 1;
    c.online += p.online ? 1 : 0;
    cells.set(key, c);
  }
  return [...cells.values()];
};

/** A small deterministic random sequence, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

describe('cluster spacing', () => {
  it('lays the grid wider than the largest disc', () => {
    expect(GEO_LIMITS.cellPx).toBeGreaterThanOrEqual(clusterDiameterPx(Number.MAX_SAFE_INTEGER));
  });

  it('merges two clumps either side of a cell border into one cluster with the mean of all', () => {
    const zoom = 2;
    const border = gridCellDegrees(zoom, GEO_LIMITS.cellPx); // 22.5°
    const points = [
      ...Array.from({ length: 300 }, () => ({ lat: 48, lng: border - 0.3, online: true })),
      ...Array.from({ length: 100 }, () => ({ lat: 48.2, lng: border + 0.3, online: false })),
    ];
    const cells = gridCells(points, zoom);
    expect(cells).toHaveLength(2);
    expect(overlappingPairs(cells, zoom)).toHaveLength(1);
    const [one, ...rest] = separateClusters(cells, zoom);
    expect(rest).toEqual([]);
    expect(one.count).toBe(400);
    expect(one.online).toBe(300);
    expect(one.lat).toBeCloseTo(48.05, 6);
    expect(one.lng).toBeCloseTo(border - 0.15, 6);
  });

  it('leaves no overlapping discs at any zoom, whatever the fleet, and loses no terminal', () => {
    const next = random(7);
    for (let zoom = 0; zoom <= 12; zoom++) {
      // Clumps around a few cities plus terminals spread over a continent, seen at this zoom.
      const spread = 360 / 2 ** zoom;
      const points = Array.from({ length: 4000 }, (_, i) => {
        const city = i % 13;
        const clumped = i % 4 !== 0;
        return {
          lat: Math.max(
            -80,
            Math.min(
              80,
              30 + (clumped ? city * 0.05 * spread + next() * 0.02 * spread : (next() - 0.5) * spread),
            ),
          ),
          lng: Math.max(
            -180,
            Math.min(
              179.999,
              10 + (clumped ? city * 0.07 * spread + next() * 0.03 * spread : (next() - 0.5) * spread),
            ),
          ),
          online: next() < 0.5,
        };
      });
      const cells = gridCells(points, zoom);
      const spaced = separateClusters(cells, zoom);
      expect(overlappingPairs(spaced, zoom), `zoom ${zoom}`).toEqual([]);
      expect(spaced.reduce((n, c) => n + c.count, 0)).toBe(points.length);
      expect(spaced.reduce((n, c) => n + c.online, 0)).toBe(points.filter((p) => p.online).length);
    }
  });

  it('merges across the antimeridian when the view crosses it, keeping longitudes in range', () => {
    const zoom = 3;
    const cells: MapCluster[] = [
      { lat: -17, lng: 179.8, count: 50, online: 10 },
      { lat: -17, lng: -179.6, count: 50, online: 20 },
    ];
    expect(separateClusters(cells, zoom)).toHaveLength(2);
    const [one, ...rest] = separateClusters(cells, zoom, true);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({ count: 100, online: 30 });
    expect(one.lng).toBeCloseTo(-179.9, 6);
  });
});
