import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { atlasScaleFor, unwrapLongitudes, worldShapes } from './worldAtlas';

const require = createRequire(import.meta.url);
const topology = (scale: string) =>
  JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${scale}.json`), 'utf8')) as Topology;

describe('worldShapes', () => {
  it('turns the Natural Earth countries into land areas and inner borders', () => {
    const { land, borders } = worldShapes(topology('110m'));
    expect(land.type).toBe('FeatureCollection');
    const features = (land as GeoJSON.FeatureCollection).features;
    expect(features.length).toBeGreaterThan(170);
    expect(features.some((f) => f.properties?.name === 'China')).toBe(true);
    expect(borders.type).toBe('MultiLineString');
    expect(borders.coordinates.length).toBeGreaterThan(100);
  });

  it('leaves no edge that crosses the world the long way (Fiji, Chukotka)', () => {
    const { land, borders } = worldShapes(topology('110m'));
    const lines: GeoJSON.Position[][] = [...borders.coordinates];
    for (const f of land.features) {
      const g = f.geometry;
      if (g.type === 'Polygon') lines.push(...g.coordinates);
      if (g.type === 'MultiPolygon') for (const poly of g.coordinates) lines.push(...poly);
    }
    const longest = Math.max(
      ...lines.flatMap((line) =>
        line.slice(1).map((p, i) => Math.abs((p[0] as number) - (line[i][0] as number))),
      ),
    );
    expect(longest).toBeLessThan(180);
  });
});

describe('unwrapLongitudes', () => {
  it('continues across the antimeridian instead of jumping back', () => {
    expect(
      unwrapLongitudes([
        [179, -16],
        [-179.5, -16.5],
        [-178, -17],
        [179, -17],
      ]),
    ).toEqual([
      [179, -16],
      [180.5, -16.5],
      [182, -17],
      [179, -17],
    ]);
  });
});

describe('atlasScaleFor', () => {
  it('uses the finer outlines from zoom 4', () => {
    expect(atlasScaleFor(2)).toBe('110m');
    expect(atlasScaleFor(3.5)).toBe('110m');
    expect(atlasScaleFor(4)).toBe('50m');
  });
});
