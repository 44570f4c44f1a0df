import type * as Leaflet from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../theme/reducedMotion';
import { loadLeaflet } from './loadLeaflet';

type L = typeof Leaflet;

/** The map once Leaflet is loaded, or the state of getting there. */
export type LeafletMapState =
  | { status: 'loading'; L: null; map: null }
  | { status: 'ready'; L: L; map: Leaflet.Map }
  | { status: 'failed'; L: null; map: null };

export type LeafletMapOptions = {
  center: [lat: number, lng: number];
  zoom: number;
  minZoom?: number;
  maxZoom: number;
};

/**
 * A Leaflet map in `container`, created after Leaflet's chunk arrives and removed on unmount. The
 * map draws vectors on canvas, keeps to one world vertically and has its zoom buttons in the
 * console's own toolbar instead of Leaflet's.
 */
export const useLeafletMap = (
  container: RefObject<HTMLElement | null>,
  options: LeafletMapOptions,
): LeafletMapState => {
  const [state, setState] = useState<LeafletMapState>({ status: 'loading', L: null, map: null });
  const { center, zoom, minZoom = 1, maxZoom } = options;
  const [lat, lng] = center;
  // The deepest zoom can change later (the tile setting arrives) without rebuilding the map.
  const maxZoomRef = useRef(maxZoom);
  maxZoomRef.current = maxZoom;

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    loadLeaflet().then(
      (L) => {
        const element = container.current;
        if (cancelled || !element) return;
        map = L.map(element, {
          center: [lat, lng],
          zoom,
          minZoom,
          maxZoom: maxZoomRef.current,
          preferCanvas: true,
          ...(prefersReducedMotion()
            ? { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }
            : {}),
          zoomControl: false,
          worldCopyJump: true,
          maxBounds: [
            [-85, -10_000],
            [85, 10_000],
          ],
          maxBoundsViscosity: 1,
        });
        L.control.scale({ position: 'bottomleft', imperial: false }).addTo(map);
        // The zoom level on the element, as the cluster and drawing state are, for tests and styles.
        const shown = map;
        const showZoom = () => {
          shown.getContainer().dataset.zoom = String(shown.getZoom());
        };
        showZoom();
        shown.on('zoomend', showZoom);
        setState({ status: 'ready', L, map });
      },
      () => {
        if (!cancelled) setState({ status: 'failed', L: null, map: null });
      },
    );
    return () => {
      cancelled = true;
      map?.remove();
      setState({ status: 'loading', L: null, map: null });
    };
  }, [container, lat, lng, zoom, minZoom]);

  useEffect(() => {
    if (state.map) state.map.setMaxZoom(maxZoom);
  }, [state.map, maxZoom]);

  return state;
};
