import type * as Leaflet from 'leaflet';
import type { ClusterClient } from './clusterClient';
import { type ClusterDot, countLabel, dotRadius } from './clusterData';

type L = typeof Leaflet;

/** Colours of the dots. */
export type ClusterColours = { point: string; cluster: string; text: string; halo: string };

export type ClusterLayerOptions = {
  colours: ClusterColours;
  /** Called with the index of a single point the user clicked. */
  onPointClick?: (pointIndex: number) => void;
  /** False while another tool (drawing) owns the clicks. */
  clickable?: () => boolean;
};

/** What the layer drew last; read by tests and the page's status line. */
export type ClusterLayerState = { dots: number; drawMs: number };

/**
 * Draws the clusters of the visible part of the world on one canvas. Only the dots in view are
 * asked of the cluster worker and drawn (a few hundred at most, whatever the number of points),
 * after every move and zoom; during a pan the canvas travels with the map pane, during a zoom
 * animation it is hidden and cleared. A click on a cluster zooms in until it splits.
 */
export const showClusterLayer = (
  L: L,
  map: Leaflet.Map,
  clusters: ClusterClient,
  options: ClusterLayerOptions,
): { remove: () => void; state: () => ClusterLayerState } => {
  const pane = map.getPane('overlayPane') as HTMLElement;
  const canvas = L.DomUtil.create('canvas', 'cpm-cluster-canvas leaflet-zoom-hide', pane);
  const context = canvas.getContext('2d');
  let dots: (ClusterDot & { x: number; y: number; r: number })[] = [];
  let state: ClusterLayerState = { dots: 0, drawMs: 0 };
  let removed = false;

  let asked = 0;
  const clear = () => {
    context?.clearRect(0, 0, canvas.width, canvas.height);
    dots = [];
  };

  const draw = () => {
    const started = performance.now();
    const ticket = ++asked;
    // A margin of one large dot so dots cut by the edge are drawn too.
    const size = map.getSize();
    const bounds = map.getBounds().pad(60 / Math.max(1, Math.min(size.x, size.y)));
    const view = {
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    };
    clusters.clusters(view, map.getZoom()).then(
      (found) => {
        // Only the answer to the latest question is drawn; the map may have moved on meanwhile.
        if (ticket === asked && !removed) paint(found, started);
      },
      () => {
        if (ticket === asked && !removed) clear();
      },
    );
  };

  const paint = (found: ClusterDot[], started: number) => {
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    L.DomUtil.setPosition(canvas, topLeft);
    canvas.width = Math.round(size.x * ratio);
    canvas.height = Math.round(size.y * ratio);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.x, size.y);

    dots = found.map((dot) => {
      const p = map.latLngToContainerPoint([dot.lat, dot.lng]);
      return { ...dot, x: p.x, y: p.y, r: dotRadius(dot.count) };
    });

    const { colours } = options;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.font = '600 11px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif';
    for (const dot of dots) {
      if (dot.count > 1) {
        context.beginPath();
        context.arc(dot.x, dot.y, dot.r + 4, 0, Math.PI * 2);
        context.fillStyle = colours.halo;
        context.fill();
        context.beginPath();
        context.arc(dot.x, dot.y, dot.r, 0, Math.PI * 2);
        context.fillStyle = colours.cluster;
        context.fill();
        context.fillStyle = colours.text;
        context.fillText(countLabel(dot.count), dot.x, dot.y);
      } else {
        context.beginPath();
        context.arc(dot.x, dot.y, dot.r, 0, Math.PI * 2);
        context.fillStyle = colours.point;
        context.fill();
        context.lineWidth = 1.5;
        context.strokeStyle = colours.text;
        context.stroke();
      }
    }
    state = { dots: dots.length, drawMs: performance.now() - started };
    map.getContainer().dataset.clusterDots = String(dots.length);
  };

  const dotAt = (point: Leaflet.Point) => {
    // Last drawn is on top.
    for (let i = dots.length - 1; i >= 0; i -= 1) {
      const dot = dots[i];
      if ((dot.x - point.x) ** 2 + (dot.y - point.y) ** 2 <= (dot.r + 2) ** 2) return dot;
    }
    return undefined;
  };

  const onClick = (event: Leaflet.LeafletMouseEvent) => {
    if (options.clickable && !options.clickable()) return;
    const dot = dotAt(event.containerPoint);
    if (!dot) return;
    if (dot.clusterId !== undefined) {
      void clusters.expansionZoom(dot.clusterId).then((zoom) => {
        if (!removed) map.setView([dot.lat, dot.lng], Math.min(zoom, map.getMaxZoom()));
      });
    } else if (dot.pointIndex !== undefined) {
      options.onPointClick?.(dot.pointIndex);
    }
  };

  let hovering = false;
  const onMouseMove = (event: Leaflet.LeafletMouseEvent) => {
    const over = dotAt(event.containerPoint) !== undefined;
    if (over === hovering) return;
    hovering = over;
    map.getContainer().classList.toggle('cpm-map-over-dot', over);
  };

  map.on('moveend resize viewreset', draw);
  map.on('zoomstart', clear);
  map.on('click', onClick);
  map.on('mousemove', onMouseMove);
  draw();

  return {
    remove: () => {
      removed = true;
      map.off('moveend resize viewreset', draw);
      map.off('zoomstart', clear);
      map.off('click', onClick);
      map.off('mousemove', onMouseMove);
      map.getContainer().classList.remove('cpm-map-over-dot');
      delete map.getContainer().dataset.clusterDots;
      canvas.remove();
    },
    state: () => state,
  };
};
