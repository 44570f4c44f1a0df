import type { MapPoint } from './clusterData';

/** One search hit: a place to go to and what to call it. */
export type SearchHit = { key: string; label: string; lng: number; lat: number; pointIndex?: number };

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,，\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** Reads "lat, lng" (comma, Chinese comma or space between; decimal degrees); undefined when it is not one. */
export const parseCoordinates = (text: string): { lat: number; lng: number } | undefined => {
  const match = text.match(COORDINATES);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
};

/**
 * Hits for a search text: the coordinates it spells, then points whose label or id contains it
 * (ignoring case), label matches that start with the text first.
 */
export const searchPoints = (points: readonly MapPoint[], text: string, limit = 8): SearchHit[] => {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  const hits: SearchHit[] = [];
  const coordinates = parseCoordinates(query);
  if (coordinates)
    hits.push({ key: `@${coordinates.lat},${coordinates.lng}`, label: text.trim(), ...coordinates });
  const starts: SearchHit[] = [];
  const contains: SearchHit[] = [];
  for (let i = 0; i < points.length && starts.length < limit; i += 1) {
    const p = points[i];
    const label = (p.label ?? p.id).toLowerCase();
    const at = label.indexOf(query);
    const hit = at >= 0 || p.id.toLowerCase().includes(query);
    if (!hit) continue;
    const entry = { key: p.id, label: p.label ?? p.id, lng: p.lng, lat: p.lat, pointIndex: i };
    (at === 0 ? starts : contains).push(entry);
  }
  return [...hits, ...starts, ...contains].slice(0, limit);
};
