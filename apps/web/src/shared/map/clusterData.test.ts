import { describe, expect, it } from 'vitest';
import { generateSamplePoints } from '../../features/kit/samplePoints';
import {
  buildClusterIndex,
  clustersInView,
  countLabel,
  dotRadius,
  type MapPoint,
  pointsBounds,
  toClusterFeatures,
} from './clusterData';
import { datumFor } from './datum';

const wgs = datumFor('wgs84');
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

describe('toClusterFeatures', () => {
  it('keeps each point’s index and drops impossible coordinates', () => {
    const points: MapPoint[] = [
      { id: 'a', lng: 10, lat: 20 },
      { id: 'b', lng: Number.NaN, lat: 0 },
      { id: 'c', lng: 200, lat: 0 },
      { id: 'd', lng: -30, lat: -95 },
      { id: 'e', lng: -30, lat: 45 },
    ];
    const features = toClusterFeatures(points, wgs);
    expect(features.map((f) => f.properties.index)).toEqual([0, 4]);
    expect(features[1].geometry.coordinates).toEqual([-30, 45]);
  });

  it('places points on GCJ-02 tiles where those tiles draw them', () => {
    const [f] = toClusterFeatures([{ id: 'bj', lng: 116.391349, lat: 39.907375 }], datumFor('gcj02'));
    expect(f.geometry.coordinates[0]).toBeGreaterThan(116.396);
  });
});

describe('clustersInView', () => {
  const points = generateSamplePoints(20_000, 1);
  const index = buildClusterIndex(points, wgs);

  it('accounts for every point at every zoom', () => {
    for (const zoom of [0, 3, 8]) {
      const dots = clustersInView(index, WORLD, zoom);
      expect(dots.reduce((sum, d) => sum + d.count, 0)).toBe(points.length);
    }
  });

  it('keeps the number of dots small when zoomed out, whatever the number of points', () => {
    expect(clustersInView(index, WORLD, 2).length).toBeLessThan(200);
  });

  it('gives single points back with their index once zoomed in far enough', () => {
    const target = points[123];
    const d = 0.0005;
    const dots = clustersInView(
      index,
      { west: target.lng - d, south: target.lat - d, east: target.lng + d, north: target.lat + d },
      17,
    );
    expect(dots.some((dot) => dot.pointIndex === 123 && dot.count === 1)).toBe(true);
  });

  it('draws dots on the world copy the view is looking at', () => {
    const auckland = buildClusterIndex([{ id: 'akl', lng: 174.76, lat: -36.85 }], wgs);
    const dots = clustersInView(auckland, { west: -220, south: -60, east: -170, north: -10 }, 4);
    expect(dots).toHaveLength(1);
    expect(dots[0].lng).toBeCloseTo(174.76 - 360);
  });
});

describe('pointsBounds', () => {
  it('frames the valid points', () => {
    expect(
      pointsBounds(
        [
          { id: 'a', lng: 10, lat: -5 },
          { id: 'b', lng: -20, lat: 30 },
          { id: 'x', lng: Number.NaN, lat: 0 },
        ],
        wgs,
      ),
    ).toEqual([
      [-5, -20],
      [30, 10],
    ]);
    expect(pointsBounds([], wgs)).toBeUndefined();
  });
});

describe('dot labels and sizes', () => {
  it('abbreviates large counts', () => {
    expect(countLabel(7)).toBe('7');
    expect(countLabel(1234)).toBe('1.2k');
    expect(countLabel(35_400)).toBe('35k');
    expect(countLabel(1_100_000)).toBe('1.1M');
  });

  it('grows with the count up to a cap', () => {
    expect(dotRadius(1)).toBeLessThan(dotRadius(2));
    expect(dotRadius(100)).toBeLessThan(dotRadius(10_000));
    expect(dotRadius(10_000_000)).toBe(30);
  });
});
