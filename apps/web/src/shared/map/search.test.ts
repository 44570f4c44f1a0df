import { describe, expect, it } from 'vitest';
import type { MapPoint } from './clusterData';
import { parseCoordinates, searchPoints } from './search';

const points: MapPoint[] = [
  { id: 'SN000001', lng: 121.47, lat: 31.23, label: 'Shanghai · SN000001' },
  { id: 'SN000002', lng: -0.13, lat: 51.51, label: 'London · SN000002' },
  { id: 'SN000003', lng: 2.35, lat: 48.86, label: 'Paris shop near London Road' },
];

describe('parseCoordinates', () => {
  it('reads lat, lng with a comma, a Chinese comma or a space', () => {
    expect(parseCoordinates('31.23, 121.47')).toEqual({ lat: 31.23, lng: 121.47 });
    expect(parseCoordinates('31.23，121.47')).toEqual({ lat: 31.23, lng: 121.47 });
    expect(parseCoordinates('-33.9 151.2')).toEqual({ lat: -33.9, lng: 151.2 });
  });

  it('refuses what is not a position', () => {
    expect(parseCoordinates('London')).toBeUndefined();
    expect(parseCoordinates('95, 10')).toBeUndefined();
    expect(parseCoordinates('10, 190')).toBeUndefined();
  });
});

describe('searchPoints', () => {
  it('finds points by label or id, those starting with the text first', () => {
    const hits = searchPoints(points, 'london');
    expect(hits.map((h) => h.key)).toEqual(['SN000002', 'SN000003']);
    expect(searchPoints(points, 'sn000001')[0]).toMatchObject({ pointIndex: 0, lat: 31.23 });
  });

  it('offers typed coordinates first and respects the limit', () => {
    expect(searchPoints(points, '48.86, 2.35')[0]).toMatchObject({ lat: 48.86, lng: 2.35 });
    expect(searchPoints(points, 'SN', 2)).toHaveLength(2);
    expect(searchPoints(points, '   ')).toEqual([]);
  });
});
