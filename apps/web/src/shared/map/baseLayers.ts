import type * as Leaflet from 'leaflet';
import type { Topology } from 'topojson-specification';
import fineUrl from 'world-atlas/countries-50m.json?url';
import coarseUrl from 'world-atlas/countries-110m.json?url';
import { labelsFor, type PlaceLabelData, withoutOverlaps } from './placeLabels';
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

let placeNames: Promise<PlaceLabelData> | undefined;
/** Country and major city names, a chunk of their own fetched with the first offline map. */
const loadPlaceNames = () => {
  placeNames ??= import('virtual:cpm-map-labels').then((m) => m.default);
  placeNames.catch(() => {
    placeNames = undefined;
  });
  return placeNames;
};

/**
 * Writes the names of the countries and major cities in view on `map` (a pane of their own over the
 * land, under everything else, which neither takes the pointer nor is read out: the names are
 * scenery). Rewritten after every move; returns the function that takes them off.
 */
const showPlaceNames = (L: L, map: Leaflet.Map, language: 'en' | 'zh') => {
  if (!map.getPane('cpmLabels')) {
    const pane = map.createPane('cpmLabels') as HTMLElement;
    pane.style.zIndex = '350';
    pane.setAttribute('aria-hidden', 'true');
  }
  const group = L.layerGroup().addTo(map);
  let removed = false;
  let data: PlaceLabelData | undefined;
  const draw = () => {
    if (!data || removed) return;
    const b = map.getBounds();
    const box = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    group.clearLayers();
    const labels = withoutOverlaps(labelsFor(data, box, map.getZoom(), language, 400), (lat, lng) =>
      map.latLngToContainerPoint([lat, lng]),
    );
    for (const label of labels) {
      L.marker([label.lat, label.lng], {
        pane: 'cpmLabels',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: `cpm-map-label cpm-map-label-${label.kind}`,
          html: label.kind === 'country' ? label.text : `<i></i>${label.text}`,
          iconSize: undefined,
        }),
      }).addTo(group);
    }
    map.getContainer().dataset.placeLabels = String(labels.length);
  };
  loadPlaceNames().then(
    (loaded) => {
      data = loaded;
      draw();
    },
    () => undefined,
  );
  map.on('moveend', draw);
  return () => {
    removed = true;
    map.off('moveend', draw);
    group.remove();
    delete map.getContainer().dataset.placeLabels;
  };
};

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
 * zoomed out and finer from zoom 4, with the names of the countries and major cities in view. The sea is the map container's background (see map.css).
 * Returns the function that takes it off again.
 */
export const showWorldLayer = (
  L: L,
  map: Leaflet.Map,
  dark: boolean,
  language: 'en' | 'zh',
): (() => void) => {
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
  const removeNames = showPlaceNames(L, map, language);
  return () => {
    removed = true;
    map.off('zoomend', show);
    removeNames();
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
