import { circleRing, type Fence, type FenceSave, type GroupNode } from '@cpm/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type * as Leaflet from 'leaflet';
import type { Datum } from '../../../shared/map/datum';
import type { DrawnShape } from '../../../shared/map/drawTools';

/** The map as the fence page draws on it: Leaflet, the map and the datum its tiles use. */
export type MapCtx = { L: typeof Leaflet; map: Leaflet.Map; datum: Datum };

/** A fence's outline, closed, `[lng, lat]` in WGS-84. */
export const ringOf = (f: Pick<Fence, 'shape' | 'points' | 'center' | 'radiusM'>): [number, number][] => {
  const ring =
    f.shape === 'circle' && f.center && f.radiusM
      ? circleRing(f.center.lat, f.center.lng, f.radiusM)
      : f.points;
  return ring.length ? [...ring, ring[0]] : [];
};

/** A saved fence as a shape the map's drawing tools can edit. */
export const shapeOf = (f: Fence): DrawnShape => ({
  id: f.id,
  kind: f.shape,
  geometry: { type: 'Polygon', coordinates: [ringOf(f)] },
  ...(f.shape === 'circle' && f.center
    ? { center: [f.center.lng, f.center.lat] as [number, number], radiusKm: (f.radiusM ?? 0) / 1000 }
    : {}),
});

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

/**
 * Whether the map is still on the page: starting or ending an edit puts a new map in place, and
 * the page's effects may run once more with the old one before they hear of the new.
 */
export const alive = (c: MapCtx | null): c is MapCtx => Boolean(c?.map.getPane('mapPane'));

/** A ring in the map's display datum, `[lat, lng]` as Leaflet wants it. */
export const displayRing = (c: MapCtx, ring: [number, number][]): [number, number][] =>
  ring.map((p) => {
    const [x, y] = c.datum.toDisplay(p);
    return [y, x];
  });

/** The drawn shape as the save call wants it: a polygon's corners, or a circle's centre and radius. */
export const shapeFields = (shape: DrawnShape): Pick<FenceSave, 'shape' | 'points' | 'center' | 'radiusM'> =>
  shape.kind === 'circle' && shape.center
    ? {
        shape: 'circle',
        points: [],
        center: { lng: round7(shape.center[0]), lat: round7(shape.center[1]) },
        radiusM: Math.round((shape.radiusKm ?? 0) * 1000),
      }
    : {
        shape: 'polygon',
        points: (shape.geometry.coordinates[0] ?? [])
          .slice(0, -1)
          .map((p) => [round7(p[0] as number), round7(p[1] as number)] as [number, number]),
        center: null,
        radiusM: null,
      };

/** Minutes since midnight, as the fence's active hours are saved. */
export const minutes = (d: Dayjs) => d.hour() * 60 + d.minute();
/** Minutes since midnight as `HH:mm`. */
export const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Today at the given minute, for the time picker. */
export const atMinute = (m: number) => dayjs().startOf('day').add(m, 'minute');

/** A group tree option for the target picker. */
export type TreeOption = { value: string; title: string; key: string; children: TreeOption[] };
/** The group tree as the target picker's options. */
export const toTree = (nodes: readonly GroupNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: `${n.name} (${n.number})`,
    children: toTree(n.children),
  }));
