import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { atlasScaleFor, worldShapes } from './worldAtlas';

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
});

describe('atlasScaleFor', () => {
  it('uses the finer outlines from zoom 4', () => {
    expect(atlasScaleFor(2)).toBe('110m');
    expect(atlasScaleFor(3.5)).toBe('110m');
    expect(atlasScaleFor(4)).toBe('50m');
  });
});
