import type * as Leaflet from 'leaflet';
import { convertGeometry, type Datum } from './datum';

type L = typeof Leaflet;

/** What the drawing tools are doing: nothing, drawing a shape, or editing drawn shapes. */
export type DrawMode = 'idle' | 'polygon' | 'circle' | 'select';

/** A drawn shape in WGS-84. Circles are polygons of many sides with their centre and radius kept. */
export type DrawnShape = {
  id: string;
  kind: 'polygon' | 'circle';
  geometry: GeoJSON.Polygon;
  /** Circles only. */
  center?: [number, number];
  radiusKm?: number;
};

export type DrawTools = {
  setMode: (mode: DrawMode) => void;
  mode: () => DrawMode;
  shapes: () => DrawnShape[];
  /** Puts shapes (WGS-84) on the map to be edited; answers how many were taken. */
  load: (shapes: readonly DrawnShape[]) => number;
  clear: () => void;
  remove: () => void;
};

/** Terra-draw refuses coordinates more precise than it was told to keep. */
const PRECISION = 7;
const rounded = (p: GeoJSON.Position): GeoJSON.Position => [
  Number((p[0] as number).toFixed(PRECISION)),
  Number((p[1] as number).toFixed(PRECISION)),
];

/** The centre of a ring: the mean of its corners (the closing corner counted once). */
const ringCentre = (ring: GeoJSON.Position[]): [number, number] => {
  const corners = ring.slice(0, -1);
  const sum = corners.reduce((acc, p) => [acc[0] + (p[0] as number), acc[1] + (p[1] as number)], [0, 0]);
  return [sum[0] / corners.length, sum[1] / corners.length];
};

/**
 * Polygon and circle drawing and editing (terra-draw on Leaflet), fetched when first used. Shapes
 * are handed out in WGS-84 whatever the tiles' datum.
 */
export const createDrawTools = async (
  L: L,
  map: Leaflet.Map,
  datum: Datum,
  options: {
    colour: `#${string}`;
    onChange?: (shapes: DrawnShape[]) => void;
    /** One shape at a time: a newly drawn one replaces what was there. */
    single?: boolean;
  },
): Promise<DrawTools> => {
  const [
    { TerraDraw, TerraDrawPolygonMode, TerraDrawCircleMode, TerraDrawSelectMode },
    { TerraDrawLeafletAdapter },
  ] = await Promise.all([import('terra-draw'), import('terra-draw-leaflet-adapter')]);
  const shapeStyle = { fillColor: options.colour, outlineColor: options.colour, fillOpacity: 0.15 };
  const draw = new TerraDraw({
    adapter: new TerraDrawLeafletAdapter({ lib: L, map, coordinatePrecision: PRECISION }),
    modes: [
      new TerraDrawPolygonMode({ styles: { ...shapeStyle, outlineWidth: 2 } }),
      new TerraDrawCircleMode({ styles: { ...shapeStyle, outlineWidth: 2 } }),
      new TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              draggable: true,
              coordinates: { draggable: true, midpoints: true, deletable: true },
            },
          },
          circle: { feature: { draggable: true, coordinates: { resizable: 'center' } } },
        },
        styles: { selectedPolygonColor: options.colour, selectedPolygonOutlineColor: options.colour },
      }),
    ],
  });
  draw.start();
  let mode: DrawMode = 'idle';

  const shapes = (): DrawnShape[] =>
    draw
      .getSnapshot()
      .filter(
        (f) =>
          f.geometry.type === 'Polygon' &&
          (f.properties.mode === 'polygon' || f.properties.mode === 'circle'),
      )
      .map((f) => {
        const geometry = convertGeometry(f.geometry as GeoJSON.Polygon, datum.fromDisplay);
        const kind = f.properties.mode as 'polygon' | 'circle';
        const shape: DrawnShape = { id: String(f.id), kind, geometry };
        if (kind === 'circle') {
          shape.center = ringCentre(geometry.coordinates[0] ?? []);
          const radius = f.properties.radiusKilometers;
          if (typeof radius === 'number') shape.radiusKm = radius;
        }
        return shape;
      });

  const notify = () => options.onChange?.(shapes());
  draw.on('finish', (id, context) => {
    if (options.single && context.action === 'draw') {
      const others = draw
        .getSnapshot()
        .filter((f) => f.id !== id && (f.properties.mode === 'polygon' || f.properties.mode === 'circle'))
        .map((f) => f.id as string);
      if (others.length) draw.removeFeatures(others);
    }
    notify();
  });
  draw.on('change', (_ids, type) => {
    if (type === 'delete') notify();
  });
  draw.on('deselect', notify);

  return {
    setMode: (next) => {
      mode = next;
      draw.setMode(next === 'idle' ? 'static' : next);
      map.getContainer().dataset.drawMode = next;
    },
    mode: () => mode,
    shapes,
    load: (list) => {
      const results = draw.addFeatures(
        list.map((shape) => {
          const ring = (convertGeometry(shape.geometry, datum.toDisplay).coordinates[0] ?? []).map(rounded);
          const first = ring[0];
          const last = ring[ring.length - 1];
          const open = first && last && (first[0] !== last[0] || first[1] !== last[1]);
          const closed = open ? [...ring, first] : ring;
          return {
            type: 'Feature' as const,
            geometry: { type: 'Polygon' as const, coordinates: [closed] },
            properties: (shape.kind === 'circle'
              ? { mode: 'circle', radiusKilometers: shape.radiusKm ?? 0 }
              : { mode: 'polygon' }) as Record<string, string | number>,
          };
        }),
      );
      return results.filter((r) => r.valid).length;
    },
    clear: () => {
      draw.clear();
      notify();
    },
    remove: () => {
      draw.stop();
      delete map.getContainer().dataset.drawMode;
    },
  };
};
