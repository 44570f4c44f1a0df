/** A country's name where the offline map writes it: English, Chinese, label point, area (km²). */
export type CountryLabel = [en: string, zh: string, lat: number, lng: number, areaKm2: number];
/** A major city: name, position, population, whether it is a capital (1). */
export type CityLabel = [name: string, lat: number, lng: number, population: number, capital: 0 | 1];
export type PlaceLabelData = { countries: CountryLabel[]; cities: CityLabel[] };

/** A name to write on the map at a place, and how prominent it is. */
export type PlaceLabel = { text: string; lat: number; lng: number; kind: 'country' | 'capital' | 'city' };

type Box = { west: number; south: number; east: number; north: number };

/** The smallest country named at a zoom: only the largest when the whole world is in view. */
export const minCountryArea = (zoom: number) =>
  zoom < 2 ? 3_000_000 : zoom < 3 ? 600_000 : zoom < 4 ? 100_000 : zoom < 5 ? 10_000 : 0;

/** The smallest city named at a zoom (capitals from zoom 4); none below zoom 3. */
export const minCityPopulation = (zoom: number) =>
  zoom < 3
    ? Number.POSITIVE_INFINITY
    : zoom < 4
      ? 10_000_000
      : zoom < 5
        ? 5_000_000
        : zoom < 6
          ? 1_500_000
          : 0;

const inBox = (box: Box, lat: number, lng: number) => {
  if (lat < box.south || lat > box.north) return false;
  // The view may run past ±180°: compare in the view's own range.
  const shifted = lng + 360 * Math.round((box.west + box.east) / 2 / 360 - lng / 360);
  return shifted >= box.west && shifted <= box.east;
};

/**
 * The names the offline map writes for a view: countries by size and cities by population, fewer
 * the further out it is, and at most `max` (larger first) so a zoomed-out view stays readable.
 * Positions are shifted into the view's range of longitudes (a view past the antimeridian).
 */
export const labelsFor = (
  data: PlaceLabelData,
  box: Box,
  zoom: number,
  language: 'en' | 'zh',
  max = 120,
): PlaceLabel[] => {
  const labels: PlaceLabel[] = [];
  const centre = (box.west + box.east) / 2;
  const shift = (lng: number) => lng + 360 * Math.round((centre - lng) / 360);
  const minArea = minCountryArea(zoom);
  // Zoomed in far, a country's name is left to the cities: its label point may be hundreds of km off.
  if (zoom < 7) {
    for (const [en, zh, lat, lng, area] of data.countries) {
      if (area < minArea) break;
      if (inBox(box, lat, lng))
        labels.push({ text: language === 'zh' ? zh : en, lat, lng: shift(lng), kind: 'country' });
    }
  }
  const minPopulation = minCityPopulation(zoom);
  for (const [name, lat, lng, population, capital] of data.cities) {
    const shown = population >= minPopulation || (capital === 1 && zoom >= 4);
    if (shown && inBox(box, lat, lng)) {
      labels.push({ text: name, lat, lng: shift(lng), kind: capital ? 'capital' : 'city' });
    }
  }
  return labels.slice(0, max);
};

/** Screen position of a place, in pixels. */
type Project = (lat: number, lng: number) => { x: number; y: number };

/**
 * The labels that can be written without covering one another, the more prominent first (the order
 * of `labels`). A label's box is estimated from its text: about 7 px a Latin letter, 12 px a Chinese one.
 */
export const withoutOverlaps = (labels: readonly PlaceLabel[], project: Project): PlaceLabel[] => {
  const taken: { left: number; top: number; right: number; bottom: number }[] = [];
  const kept: PlaceLabel[] = [];
  for (const label of labels) {
    const { x, y } = project(label.lat, label.lng);
    const width = [...label.text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 7), 0) + 10;
    const centred = label.kind === 'country';
    const box = {
      left: centred ? x - width / 2 : x - 5,
      right: centred ? x + width / 2 : x - 5 + width,
      top: y - 9,
      bottom: y + 9,
    };
    if (
      taken.some((b) => box.left < b.right && box.right > b.left && box.top < b.bottom && box.bottom > b.top)
    )
      continue;
    taken.push(box);
    kept.push(label);
  }
  return kept;
};
