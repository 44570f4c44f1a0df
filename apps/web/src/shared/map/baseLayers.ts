import type * as Leaflet from 'leaflet';
import type { Topology } from 'topojson-specification';
import fineUrl from 'world-atlas/countries-50m.json?url';
import coarseUrl from 'world-atlas/countries-110m.json?url';
import { atlasScaleFor, type WorldShapes, worldShapes } from './worldAtlas';

type L = typeof Leaflet;

/** Where map tiles come from when a tile server is configured. */
export type TileConfig = {
  /** Leaflet URL template, e.g. `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  url: string;
  subdomains: string;
  attribution: string;
  maxZoom: number;
};

const WORLD_COLOURS = {
  light: { land: '#f4f1ea', border: '#c9c4b8', coast: '#b7c4d1' },
  dark: { land: '#1e2633', border: '#3a4556', coast: '#2d3b4f' },
} as const;

const atlasCache = new Map<string, Promise<WorldShapes>>();

const loadAtlas = (scale: '110m' | '50m') => {
  let shapes = atlasCache.get(scale);
  if (!shapes) {
    shapes = fetch(scale === '50m' ? fineUrl : coarseUrl)
      .then((r) => {
        if (!r.ok) throw new Error(`world outline ${scale}: HTTP ${r.status}`);
        return r.json() as Promise<Topology>;
      })
      .then(worldShapes);
    shapes.catch(() => atlasCache.delete(scale));
    atlasCache.set(scale, shapes);
  }
  return shapes;
};

/**
 * Shows the offline base map on `map`: Natural Earth land and borders drawn on canvas, coarse when
 * zoomed out and finer from zoom 4. The sea is the map container's background (see map.css).
 * Returns the function that takes it off again.
 */
export const showWorldLayer = (L: L, map: Leaflet.Map, dark: boolean): (() => void) => {
  const colours = dark ? WORLD_COLOURS.dark : WORLD_COLOURS.light;
  // Below everything drawn over the map, where tiles would otherwise be.
  if (!map.getPane('cpmBase')) (map.createPane('cpmBase') as HTMLElement).style.zIndex = '200';
  const group = L.layerGroup().addTo(map);
  const drawn = new Map<string, Leaflet.Layer>();
  let shown: string | undefined;
  let removed = false;

  const show = () => {
    const scale = atlasScaleFor(map.getZoom());
    if (scale === shown) return;
    shown = scale;
    loadAtlas(scale).then(
      (shapes) => {
        if (removed || shown !== scale) return;
        let layer = drawn.get(scale);
        if (!layer) {
          layer = L.layerGroup([
            L.geoJSON(shapes.land, {
              pane: 'cpmBase',
              interactive: false,
              style: { color: colours.coast, weight: 1, fillColor: colours.land, fillOpacity: 1 },
            }),
            L.geoJSON(shapes.borders, {
              pane: 'cpmBase',
              interactive: false,
              style: { color: colours.border, weight: 0.8, fill: false },
            }),
          ]);
          drawn.set(scale, layer);
        }
        group.clearLayers();
        group.addLayer(layer);
        map.getContainer().dataset.baseLayer = `world-${scale}`;
      },
      () => {
        // Tried again on the next zoom; the map stays usable without outlines.
        shown = undefined;
      },
    );
  };

  map.on('zoomend', show);
  show();
  return () => {
    removed = true;
    map.off('zoomend', show);
    group.remove();
    delete map.getContainer().dataset.baseLayer;
  };
};

/** A tile layer for the configured server. */
export const createTileLayer = (L: L, config: TileConfig): Leaflet.TileLayer =>
  L.tileLayer(config.url, {
    subdomains: config.subdomains,
    attribution: config.attribution,
    maxZoom: config.maxZoom,
    crossOrigin: false,
  });
