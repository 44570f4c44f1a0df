import { describe, expect, it } from 'vitest';
import { labelsFor, type PlaceLabelData, withoutOverlaps } from './placeLabels';

const data: PlaceLabelData = {
  countries: [
    ['Russia', '俄罗斯', 60, 100, 17_098_242],
    ['China', '中国', 35, 105, 9_706_961],
    ['Fiji', '斐济', -18, 175, 18_272],
  ],
  cities: [
    ['Shanghai', 31.22, 121.46, 22_315_474, 0],
    ['Beijing', 39.91, 116.4, 18_960_744, 1],
    ['Hangzhou', 30.29, 120.16, 6_241_971, 0],
    ['Suva', -18.14, 178.44, 77_366, 1],
  ],
};
const world = { west: -180, south: -85, east: 180, north: 85 };
const texts = (...args: Parameters<typeof labelsFor>) => labelsFor(...args).map((l) => l.text);

describe('labelsFor', () => {
  it('names only the largest countries when the whole world is in view, in the reader language', () => {
    expect(texts(data, world, 2, 'en')).toEqual(['Russia', 'China']);
    expect(texts(data, world, 2, 'zh')).toEqual(['俄罗斯', '中国']);
  });

  it('adds cities by population as the map zooms in, capitals from zoom 4', () => {
    const china = { west: 100, south: 20, east: 130, north: 45 };
    expect(texts(data, china, 3, 'en')).toEqual(['China', 'Shanghai', 'Beijing']);
    expect(texts(data, china, 6, 'en')).toEqual(['China', 'Shanghai', 'Beijing', 'Hangzhou']);
    // Deep in, the city names stay and the country's is left out.
    expect(texts(data, { west: 120, south: 30, east: 122, north: 32 }, 9, 'en')).toEqual([
      'Shanghai',
      'Hangzhou',
    ]);
  });

  it('finds places past the antimeridian and moves them into the view', () => {
    const pacific = { west: 170, south: -25, east: 190, north: -10 };
    const labels = labelsFor(data, pacific, 6, 'en');
    expect(labels.map((l) => l.text)).toEqual(['Fiji', 'Suva']);
    expect(labels.every((l) => l.lng >= 170 && l.lng <= 190)).toBe(true);
  });

  it('keeps at most the number asked for, larger places first', () => {
    expect(texts(data, world, 6, 'en', 2)).toEqual(['Russia', 'China']);
  });
});

describe('withoutOverlaps', () => {
  it('leaves out a label that would cover a more prominent one, keeps those apart', () => {
    const labels = labelsFor(data, { west: 100, south: 20, east: 130, north: 45 }, 6, 'en');
    // 10 px a degree: Shanghai and Hangzhou are 13 px apart vertically, too close; Beijing is far.
    const kept = withoutOverlaps(labels, (lat, lng) => ({ x: lng * 10, y: -lat * 10 }));
    expect(kept.map((l) => l.text)).toEqual(['China', 'Shanghai', 'Beijing']);
    const spread = withoutOverlaps(labels, (lat, lng) => ({ x: lng * 100, y: -lat * 100 }));
    expect(spread.map((l) => l.text)).toEqual(['China', 'Shanghai', 'Beijing', 'Hangzhou']);
  });
});
