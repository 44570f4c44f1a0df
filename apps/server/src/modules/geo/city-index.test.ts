import { describe, expect, it } from 'vitest';
import { createCityIndex } from './city-index';

const city = (name: string, country: string, lat: number, lng: number, population = 5000) => ({
  name,
  country,
  population,
  loc: { coordinates: [lng, lat] as [number, number] },
});

describe('city index', () => {
  const small = createCityIndex(() => [
    city('Paris', 'FR', 48.8566, 2.3522, 2_000_000),
    city('Versailles', 'FR', 48.8049, 2.1204),
    city('Suva', 'FJ', -18.1416, 178.4419),
    city('Paray', 'FR', 46.45, 4.12),
  ]);

  it('answers the nearest city, also across cell borders', () => {
    expect(small.nearest(48.86, 2.35)?.name).toBe('Paris');
    expect(small.nearest(48.81, 2.12)?.name).toBe('Versailles');
  });

  it('finds a city on the other side of the antimeridian', () => {
    expect(small.nearest(-18.1, -179.9)?.name).toBe('Suva');
  });

  it('answers null far from any city', () => {
    expect(small.nearest(-60, -120)).toBeNull();
  });

  it('searches by name prefix, most populous first, ignoring case and accents', () => {
    expect(small.search('PAR').map((c) => c.name)).toEqual(['Paris', 'Paray']);
  });

  it('loads the real GeoNames cities offline', () => {
    const real = createCityIndex();
    expect(real.nearest(31.2304, 121.4737)?.name).toBe('Shanghai');
    expect(real.nearest(52.52, 13.405)?.country).toBe('DE');
  });
});
