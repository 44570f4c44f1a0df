import {
  CLUSTER_RING_PX,
  clusterDiscPx,
  type MapCluster,
  type MapTerminal,
  TERMINAL_STATUSES,
} from '@cpm/contracts';
import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, List, Select, Typography, theme } from 'antd';
import type * as Leaflet from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import type { Datum } from '../../../shared/map/datum';
import { MapView } from '../../../shared/map/MapView';
import { fixedPaging } from '../../../shared/table/readRows';
import { MapPlaceSearch } from '../components/MapPlaceSearch';

type View = { west: number; south: number; east: number; north: number; zoom: number };
type Filters = { online?: 'true' | 'false'; status?: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The device map: the server groups the terminals in view into clusters (or answers them one by
 * one when few), so any fleet size draws quickly; a side list pages the terminals in view.
 */
export const DeviceMapPage = () => {
  const { t, i18n } = useTranslation(['geo', 'devices']);
  const { token } = theme.useToken();
  const [view, setView] = useState<View | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const ctxRef = useRef<{ L: typeof Leaflet; map: Leaflet.Map; datum: Datum } | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);

  const clusters = useQuery({
    queryKey: ['fleet', 'map', 'clusters', view, filters],
    enabled: view !== null,
    placeholderData: (prev) => prev,
    queryFn: () => call(geoRoutes.mapClusters, { query: { ...(view as View), ...filters }, loading: false }),
  });
  const list = useQuery({
    queryKey: ['fleet', 'map', 'list', view, filters, page],
    enabled: view !== null,
    placeholderData: (prev) => prev,
    queryFn: () => {
      const { zoom: _zoom, ...box } = view as View;
      return call(geoRoutes.mapList, {
        query: { ...box, ...filters, current: page, size: 10 },
        loading: false,
      });
    },
  });
  const popupHtml = useCallback(
    (m: MapTerminal, address: string) =>
      `<div data-testid="map-popup"><b>${escapeHtml(m.sn)}</b><br/>${escapeHtml(m.name)}<br/>` +
      `${escapeHtml(t(`devices:status.${m.status}`, { defaultValue: m.status }))} · ${escapeHtml(m.online ? t('online') : t('offline'))}<br/>` +
      `${escapeHtml(t('lastSeen'))}: ${escapeHtml(m.lastSeenAt ? new Date(m.lastSeenAt).toLocaleString(i18n.language) : '-')}<br/>` +
      `${escapeHtml(t('address'))}: ${escapeHtml(address)}<br/>` +
      `<a href="/device/deviceDetail/${encodeURIComponent(m.sn)}">${escapeHtml(t('detail'))}</a></div>`,
    [t, i18n.language],
  );

  // Draws what the server answered: clusters as numbered discs, terminals as dots, coloured by online.
  const draw = useCallback(
    (data: { clusters: MapCluster[]; terminals: MapTerminal[] } | undefined) => {
      const ctx = ctxRef.current;
      if (!ctx || !data) return;
      const { L, map, datum } = ctx;
      layerRef.current?.remove();
      const layer = L.layerGroup();
      for (const c of data.clusters) {
        const [lng, lat] = datum.toDisplay([c.lng, c.lat]);
        const share = c.count ? c.online / c.count : 0;
        const colour =
          share >= 0.5 ? token.colorSuccess : share > 0 ? token.colorWarning : token.colorTextTertiary;
        // The server spaced the clusters for discs of this size, so they never overlap.
        const size = clusterDiscPx(c.count);
        L.marker([lat, lng], {
          icon: L.divIcon({
            className: 'cpm-geo-cluster',
            html: `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:${colour};color:#fff;text-align:center;font-weight:600;box-shadow:0 0 0 ${CLUSTER_RING_PX}px ${colour}55">${c.count}</div>`,
            iconSize: [size, size],
          }),
          title: t('clusterTitle', { count: c.count, online: c.online }),
        })
          .on('click', () => map.setView([lat, lng], Math.min(map.getZoom() + 2, map.getMaxZoom())))
          .addTo(layer);
      }
      for (const m of data.terminals) {
        const [lng, lat] = datum.toDisplay([m.lng, m.lat]);
        const marker = L.circleMarker([lat, lng], {
          radius: 7,
          weight: 2,
          color: '#fff',
          fillColor: m.online ? token.colorSuccess : token.colorTextTertiary,
          fillOpacity: 1,
        })
          .bindTooltip(m.sn)
          .bindPopup(popupHtml(m, '…'))
          .addTo(layer);
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
      layerRef.current = layer;
      // What is drawn, for browser tests and the panning benchmark.
      map.getContainer().dataset.mapClusters = String(data.clusters.length);
      map.getContainer().dataset.mapTerminals = String(data.terminals.length);
    },
    [token, t, popupHtml],
  );
  useEffect(() => draw(clusters.data), [draw, clusters.data]);

  const onMapReady = useCallback((ctx: { L: typeof Leaflet; map: Leaflet.Map; datum: Datum }) => {
    ctxRef.current = ctx;
    const read = () => {
      const b = ctx.map.getBounds();
      const [west, south] = ctx.datum.fromDisplay([Math.max(-180, b.getWest()), Math.max(-90, b.getSouth())]);
      const [east, north] = ctx.datum.fromDisplay([Math.min(180, b.getEast()), Math.min(90, b.getNorth())]);
      const r = (n: number) => Math.round(n * 1e5) / 1e5;
      setPage(1);
      setView({
        west: r(west),
        south: r(south),
        east: r(east),
        north: r(north),
        zoom: Math.round(ctx.map.getZoom()),
      });
    };
    ctx.map.on('moveend', read);
    read();
    return () => {
      ctx.map.off('moveend', read);
      layerRef.current?.remove();
      ctxRef.current = null;
    };
  }, []);

  const goTo = (lat: number, lng: number, zoom: number) => {
    const ctx = ctxRef.current;
    if (!ctx) return;
    const [x, y] = ctx.datum.toDisplay([lng, lat]);
    ctx.map.setView([y, x], Math.min(zoom, ctx.map.getMaxZoom()));
  };

  return (
    <Flex vertical gap={12} data-testid="device-map-page">
      <Flex gap={8} wrap>
        <MapPlaceSearch onGo={goTo} style={{ flex: '1 1 240px', maxWidth: 420 }} />
        {(
          [
            {
              name: 'online',
              placeholder: t('onlineFilter'),
              options: [
                { value: 'true', label: t('online') },
                { value: 'false', label: t('offline') },
              ],
            },
            {
              name: 'status',
              placeholder: t('statusFilter'),
              options: TERMINAL_STATUSES.map((s) => ({ value: s, label: t(`devices:status.${s}`) })),
            },
          ] as const
        ).map((f) => (
          <Select<string>
            key={f.name}
            allowClear
            style={{ width: 150 }}
            placeholder={f.placeholder}
            aria-label={f.placeholder}
            data-testid={`map-filter-${f.name}`}
            value={filters[f.name]}
            onChange={(value) => setFilters((old) => ({ ...old, [f.name]: value }))}
            options={[...f.options]}
          />
        ))}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="map-total">
          {t('inView', { count: clusters.data?.total ?? 0 })}
        </Typography.Text>
      </Flex>
      <Flex gap={12} wrap>
        <div style={{ flex: '3 1 480px', minWidth: 0 }}>
          <MapView
            height="calc(100vh - 260px)"
            style={{ minHeight: 360 }}
            hideSearch
            onMapReady={onMapReady}
            data-testid="device-map"
          />
        </div>
        <Card
          size="small"
          title={t('listTitle')}
          style={{ flex: '1 1 260px', minWidth: 0 }}
          data-testid="map-side-list"
        >
          <List
            size="small"
            dataSource={list.data?.records ?? []}
            locale={{ emptyText: t('emptyView') }}
            pagination={{ ...fixedPaging(page, 10, list.data?.total, setPage), size: 'small' }}
            renderItem={(m) => (
              <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => goTo(m.lat, m.lng, 16)}
                extra={<Link to={`/device/deviceDetail/${m.sn}`}>{t('detail')}</Link>}
              >
                <List.Item.Meta
                  title={
                    <Badge
                      status={m.online ? 'success' : 'default'}
                      text={<Typography.Text strong>{m.sn}</Typography.Text>}
                    />
                  }
                  description={m.name}
                />
              </List.Item>
            )}
          />
        </Card>
      </Flex>
    </Flex>
  );
};
