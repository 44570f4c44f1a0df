import { describe, expect, it } from 'vitest';
import { convertGeometry, datumFor, type LngLat } from './datum';

const TIANANMEN: LngLat = [116.391349, 39.907375];

describe('datumFor', () => {
  it('leaves WGS-84 tiles alone', () => {
    const wgs = datumFor('wgs84');
    expect(wgs.toDisplay(TIANANMEN)).toEqual(TIANANMEN);
    expect(wgs.fromDisplay(TIANANMEN)).toEqual(TIANANMEN);
  });

  it('shifts points in China by a few hundred metres for GCJ-02 tiles and back', () => {
    const gcj = datumFor('gcj02');
    const [lng, lat] = gcj.toDisplay(TIANANMEN);
    // The GCJ-02 offset in Beijing is about +0.0062° east and +0.0014° north.
    expect(lng - TIANANMEN[0]).toBeCloseTo(0.0062, 3);
    expect(lat - TIANANMEN[1]).toBeCloseTo(0.0014, 3);
    const [backLng, backLat] = gcj.fromDisplay([lng, lat]);
    expect(Math.abs(backLng - TIANANMEN[0])).toBeLessThan(1e-5);
    expect(Math.abs(backLat - TIANANMEN[1])).toBeLessThan(1e-5);
  });

  it('leaves places outside China where they are', () => {
    const london: LngLat = [-0.1276, 51.5072];
    expect(datumFor('gcj02').toDisplay(london)).toEqual(london);
  });
});

describe('convertGeometry', () => {
  it('maps every corner of a polygon and returns a new geometry', () => {
    const polygon: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [1, 2],
          [3, 4],
          [1, 2],
        ],
      ],
    };
    const moved = convertGeometry(polygon, ([x, y]) => [x + 10, y - 1]);
    expect(moved.coordinates).toEqual([
      [
        [11, 1],
        [13, 3],
        [11, 1],
      ],
    ]);
    expect(polygon.coordinates[0][0]).toEqual([1, 2]);
  });
});
