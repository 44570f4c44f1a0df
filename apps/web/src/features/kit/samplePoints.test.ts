import { describe, expect, it } from 'vitest';
import { generateSamplePoints, parsePointCount, SAMPLE_CITIES, seededRandom } from './samplePoints';

describe('seededRandom', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(c()).not.toBe(first[0]);
    expect(first.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});

describe('generateSamplePoints', () => {
  it('gives the same valid points for the same seed', () => {
    const points = generateSamplePoints(5000, 9);
    expect(points).toHaveLength(5000);
    expect(generateSamplePoints(5000, 9)).toEqual(points);
    expect(new Set(points.map((p) => p.id)).size).toBe(5000);
    for (const p of points) {
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(84);
      expect(p.lng).toBeGreaterThanOrEqual(-180);
      expect(p.lng).toBeLessThan(180);
    }
  });

  it('spreads the points over several continents', () => {
    const points = generateSamplePoints(10_000, 3);
    const byCity = new Map<string, number>();
    for (const p of points) {
      const city = p.label?.split(' · ')[0] ?? '';
      byCity.set(city, (byCity.get(city) ?? 0) + 1);
    }
    expect(byCity.size).toBe(SAMPLE_CITIES.length);
    const westOfAtlantic = points.filter((p) => p.lng < -30).length;
    const southern = points.filter((p) => p.lat < -10).length;
    expect(westOfAtlantic).toBeGreaterThan(1500);
    expect(southern).toBeGreaterThan(700);
  });
});

describe('parsePointCount', () => {
  it('reads whole counts and caps them', () => {
    expect(parsePointCount('100000')).toBe(100_000);
    expect(parsePointCount('999999')).toBe(200_000);
    expect(parsePointCount(null)).toBe(0);
    expect(parsePointCount('-5')).toBe(0);
    expect(parsePointCount('1e5')).toBe(0);
  });
});
