import type { MapPoint } from '../../shared/map/clusterData';

/** Small deterministic generator (mulberry32): the same seed gives the same sequence everywhere. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Cities the sample fleet is spread around, on every inhabited continent, with a share of the points. */
export const SAMPLE_CITIES = [
  { name: 'Shanghai', lng: 121.47, lat: 31.23, weight: 14 },
  { name: 'Beijing', lng: 116.4, lat: 39.9, weight: 10 },
  { name: 'Shenzhen', lng: 114.06, lat: 22.54, weight: 9 },
  { name: 'Chengdu', lng: 104.07, lat: 30.67, weight: 5 },
  { name: 'Singapore', lng: 103.82, lat: 1.35, weight: 4 },
  { name: 'Mumbai', lng: 72.88, lat: 19.08, weight: 5 },
  { name: 'Dubai', lng: 55.27, lat: 25.2, weight: 3 },
  { name: 'London', lng: -0.13, lat: 51.51, weight: 6 },
  { name: 'Berlin', lng: 13.4, lat: 52.52, weight: 4 },
  { name: 'Madrid', lng: -3.7, lat: 40.42, weight: 3 },
  { name: 'Lagos', lng: 3.38, lat: 6.52, weight: 3 },
  { name: 'Nairobi', lng: 36.82, lat: -1.29, weight: 2 },
  { name: 'Johannesburg', lng: 28.05, lat: -26.2, weight: 2 },
  { name: 'New York', lng: -74.01, lat: 40.71, weight: 7 },
  { name: 'Chicago', lng: -87.63, lat: 41.88, weight: 3 },
  { name: 'Los Angeles', lng: -118.24, lat: 34.05, weight: 5 },
  { name: 'Mexico City', lng: -99.13, lat: 19.43, weight: 3 },
  { name: 'São Paulo', lng: -46.63, lat: -23.55, weight: 5 },
  { name: 'Buenos Aires', lng: -58.38, lat: -34.6, weight: 2 },
  { name: 'Sydney', lng: 151.21, lat: -33.87, weight: 3 },
  { name: 'Auckland', lng: 174.76, lat: -36.85, weight: 1 },
] as const;

/** A normally distributed value (Box-Muller) from two uniform draws. */
const gaussian = (random: () => number) =>
  Math.sqrt(-2 * Math.log(random() || Number.MIN_VALUE)) * Math.cos(2 * Math.PI * random());

/**
 * `count` made-up terminals around the sample cities (most within ~50 km of a centre, a tail
 * further out), the same for the same seed. Ids are `SN` plus a zero-padded number.
 */
export const generateSamplePoints = (count: number, seed = 20_260_601): MapPoint[] => {
  const random = seededRandom(seed);
  const total = SAMPLE_CITIES.reduce((sum, c) => sum + c.weight, 0);
  const points: MapPoint[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const pick = random() * total;
    let city: (typeof SAMPLE_CITIES)[number] = SAMPLE_CITIES[0];
    for (let c = 0, below = 0; c < SAMPLE_CITIES.length; c += 1) {
      below += SAMPLE_CITIES[c].weight;
      if (pick < below) {
        city = SAMPLE_CITIES[c];
        break;
      }
    }
    const spread = random() < 0.85 ? 0.35 : 2.5;
    const lat = Math.max(-84, Math.min(84, city.lat + gaussian(random) * spread));
    const lng = city.lng + (gaussian(random) * spread) / Math.max(0.2, Math.cos((city.lat * Math.PI) / 180));
    const sn = `SN${String(i + 1).padStart(6, '0')}`;
    points[i] = {
      id: sn,
      lng: ((((lng + 180) % 360) + 360) % 360) - 180,
      lat,
      label: `${city.name} · ${sn}`,
    };
  }
  return points;
};

/** The `points` query value as a count: whole, 0 to 200,000; anything else is 0. */
export const parsePointCount = (value: string | null): number => {
  if (!value || !/^\d{1,6}$/.test(value)) return 0;
  return Math.min(200_000, Number(value));
};
