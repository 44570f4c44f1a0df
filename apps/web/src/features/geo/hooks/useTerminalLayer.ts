import { CLUSTER_RING_PX, clusterDiscPx, type MapCluster, type MapTerminal } from '@cpm/contracts';
import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import type * as Leaflet from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { alive, type MapCtx } from '../lib/fenceShape';
import { fleetBounds, type ViewBox, viewOf } from '../lib/mapView';
import '../geo.css';

export type TerminalFilters = { online?: 'true' | 'false'; status?: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A terminal's dot: a marker element, so it can be hovered, clicked and reached with the keyboard. */
const DOT_PX = 16;

/**
 * The located terminals on a map, as the server groups them for the part in view: clusters as
 * numbered discs (a click or Enter zooms in), terminals as dots with their SN on hover or focus and a
 * popup (status, last seen, address looked up on opening, a link to the details) on click or Enter.
 * With `fitFleet` the map first moves to the region that holds the terminals, unless something
 * else moved it meanwhile. `highlight(sn)` rings a terminal and opens its popup once it is drawn.
 */
export const useTerminalLayer = ({
  ctx,
  filters = {},
  fitFleet = false,
}: {
  ctx: MapCtx | null;
  filters?: TerminalFilters;
  fitFleet?: boolean;
}) => {
  const { t, i18n } = useTranslation(['geo', 'devices']);
  const { token } = theme.useToken();
  const [view, setView] = useState<ViewBox | null>(null);
  // The terminal found by search stays ringed; its popup opens once, when it is first drawn.
  const ringedRef = useRef<string | null>(null);
  const openRef = useRef<string | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);

  const clusters = useQuery({
    queryKey: ['fleet', 'map', 'clusters', view, filters],
    enabled: view !== null,
    placeholderData: (prev) => prev,
    queryFn: () =>
      call(geoRoutes.mapClusters, { query: { ...(view as ViewBox), ...filters }, loading: false }),
  });

  // The view follows the map; the first one, with `fitFleet`, is the region of the whole fleet. The
  // choice is read once for each map.
  const fitFleetRef = useRef(fitFleet);
  fitFleetRef.current = fitFleet;
  useEffect(() => {
    if (!alive(ctx)) return;
    const read = () => setView(viewOf(ctx));
    ctx.map.on('moveend', read);
    read();
    let live = true;
    if (fitFleetRef.current) {
      const start = ctx.map.getCenter();
      const startZoom = ctx.map.getZoom();
      void call(geoRoutes.mapClusters, {
        query: { west: -180, south: -85, east: 180, north: 85, zoom: 3 },
        loading: false,
      }).then(
        (all) => {
          // The map may be gone (another took its place) or moved by the user meanwhile.
          if (!live || !alive(ctx)) return;
          const moved = !ctx.map.getCenter().equals(start) || ctx.map.getZoom() !== startZoom;
          const bounds = fleetBounds(ctx, [...all.clusters, ...all.terminals]);
          if (moved || !bounds) return;
          ctx.map.fitBounds(bounds, { padding: [48, 48], maxZoom: 14, animate: false });
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
      ctx.map.off('moveend', read);
    };
  }, [ctx]);

  const popupHtml = useCallback(
    (m: MapTerminal, address: string) =>
      `<div data-testid="map-popup"><b>${escapeHtml(m.sn)}</b><br/>${escapeHtml(m.name)}<br/>` +
      `${escapeHtml(t(`devices:status.${m.status}`, { defaultValue: m.status }))} · ${escapeHtml(m.online ? t('online') : t('offline'))}<br/>` +
      `${escapeHtml(t('lastSeen'))}: ${escapeHtml(m.lastSeenAt ? new Date(m.lastSeenAt).toLocaleString(i18n.language) : '-')}<br/>` +
      `${escapeHtml(t('address'))}: <span data-testid="map-popup-address">${escapeHtml(address)}</span><br/>` +
      `<a href="/device/deviceDetail/${encodeURIComponent(m.sn)}" data-testid="map-popup-detail">${escapeHtml(t('detail'))}</a></div>`,
    [t, i18n.language],
  );

  const draw = useCallback(
    (data: { clusters: MapCluster[]; terminals: MapTerminal[] } | undefined) => {
      if (!alive(ctx) || !data) return;
      const { L, map, datum } = ctx;
      // A layer of a map that another replaced went with it: taking it off that map would throw.
      if (layerRef.current && map.hasLayer(layerRef.current)) layerRef.current.remove();
      const layer = L.layerGroup();
      for (const c of data.clusters) {
        const [lng, lat] = datum.toDisplay([c.lng, c.lat]);
        const share = c.count ? c.online / c.count : 0;
        const colour =
          share >= 0.5 ? token.colorSuccess : share > 0 ? token.colorWarning : token.colorTextTertiary;
        // The server spaced the clusters for discs of this size, so they never overlap.
        const size = clusterDiscPx(c.count);
        const title = t('clusterTitle', { count: c.count, online: c.online });
        L.marker([lat, lng], {
          icon: L.divIcon({
            className: 'cpm-geo-cluster',
            html: `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:${colour};color:#fff;text-align:center;font-weight:600;box-shadow:0 0 0 ${CLUSTER_RING_PX}px ${colour}55">${c.count}</div>`,
            iconSize: [size, size],
          }),
          title,
        })
          .on('click', () => map.setView([lat, lng], Math.min(map.getZoom() + 2, map.getMaxZoom())))
          .addTo(layer);
      }
      for (const m of data.terminals) {
        const [lng, lat] = datum.toDisplay([m.lng, m.lat]);
        const ringed = m.sn === ringedRef.current;
        const state = m.online ? t('online') : t('offline');
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: `cpm-geo-terminal${ringed ? ' cpm-geo-terminal-found' : ''}`,
            html: `<span style="background:${m.online ? token.colorSuccess : token.colorTextTertiary};--cpm-ring:${token.colorWarning}"></span>`,
            iconSize: [DOT_PX, DOT_PX],
          }),
          riseOnHover: true,
          zIndexOffset: ringed ? 1000 : 0,
        })
          .bindTooltip(m.sn, { direction: 'top', offset: [0, -DOT_PX / 2] })
          .bindPopup(popupHtml(m, '…'))
          .addTo(layer);
        // Leaflet gives the marker's element a tab stop and the button role; Enter opens the popup.
        marker.on('add', () => {
          const element = marker.getElement();
          element?.setAttribute('data-sn', m.sn);
          element?.setAttribute('aria-label', `${m.sn}, ${state}`);
        });
        marker.on('popupopen', () => {
          void call(geoRoutes.reverseGeocode, { query: { lat: m.lat, lng: m.lng }, loading: false }).then(
            (place) => {
              const text = place ? (place.address ?? `${place.name}, ${place.country}`) : '-';
              marker.setPopupContent(popupHtml(m, text));
            },
            () => undefined,
          );
        });
      }
      layer.addTo(map);
      for (const marker of layer.getLayers() as Leaflet.Marker[]) {
        if (openRef.current && marker.getElement()?.dataset.sn === openRef.current) {
          openRef.current = null;
          marker.openPopup();
        }
      }
      layerRef.current = layer;
      // What is drawn, for browser tests and the panning benchmark.
      map.getContainer().dataset.mapClusters = String(data.clusters.length);
      map.getContainer().dataset.mapTerminals = String(data.terminals.length);
    },
    [ctx, token, t, popupHtml],
  );
  const dataRef = useRef(clusters.data);
  dataRef.current = clusters.data;
  useEffect(() => draw(clusters.data), [draw, clusters.data]);
  useEffect(
    () => () => {
      layerRef.current?.remove();
      layerRef.current = null;
    },
    [],
  );

  /** Moves the map to a terminal found by search, rings it and opens its popup. */
  const highlight = useCallback(
    (m: Pick<MapTerminal, 'sn' | 'lat' | 'lng'>) => {
      if (!alive(ctx)) return;
      ringedRef.current = m.sn;
      openRef.current = m.sn;
      const [x, y] = ctx.datum.toDisplay([m.lng, m.lat]);
      const zoom = Math.min(16, ctx.map.getMaxZoom());
      const there = ctx.map.getZoom() === zoom && ctx.map.getCenter().distanceTo([y, x]) < 1;
      ctx.map.setView([y, x], zoom, { animate: false });
      // Already there: no move brings new data, so what is drawn is drawn again with the ring.
      if (there) draw(dataRef.current);
    },
    [ctx, draw],
  );

  return { clusters, view, highlight };
};
