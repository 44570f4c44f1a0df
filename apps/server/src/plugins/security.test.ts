import { describe, expect, it } from 'vitest';
import { tileImageSource } from './security';

describe('tileImageSource', () => {
  it('names nothing without a tile server', () => {
    expect(tileImageSource(null)).toEqual([]);
  });

  it('turns the subdomain placeholder into a leftmost wildcard', () => {
    expect(tileImageSource('http://{s}.tile.example.com/{z}/{x}/{y}.png')).toEqual([
      'http://*.tile.example.com',
    ]);
    expect(tileImageSource('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}')).toEqual([
      'https://*.is.autonavi.com',
    ]);
    expect(tileImageSource('http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png')).toEqual(['http://10.0.0.5:8081']);
  });

  it('falls back to the scheme when the placeholder is not in the first label', () => {
    expect(tileImageSource('http://tiles.{s}.example.com/{z}/{x}/{y}.png')).toEqual(['http:']);
  });
});
