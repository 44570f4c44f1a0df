import {
  AimOutlined,
  BorderOuterOutlined,
  DeleteOutlined,
  EditOutlined,
  ExpandOutlined,
  MinusOutlined,
  PlusOutlined,
  RadiusSettingOutlined,
} from '@ant-design/icons';
import { App, AutoComplete, Button, Input, Spin, Tooltip, Typography, theme } from 'antd';
import type * as Leaflet from 'leaflet';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDarkColor } from '../theme/isDarkColor';
import { createTileLayer, showWorldLayer } from './baseLayers';
import { type ClusterClient, startClusterClient } from './clusterClient';
import { type MapPoint, pointsBounds } from './clusterData';
import { showClusterLayer } from './clusterLayer';
import { type Datum, datumFor } from './datum';
import type { DrawMode, DrawnShape, DrawTools } from './drawTools';
import { type SearchHit, searchPoints } from './search';
import { useLeafletMap } from './useLeafletMap';
import { useMapConfig } from './useMapConfig';
import './map.css';

export type MapViewProps = {
  /** Things to show, clustered; any number (tested with 100,000). */
  points?: readonly MapPoint[];
  height?: number | string;
  /** Shows the polygon and circle tools. */
  drawing?: boolean;
  /** Drawn shapes in WGS-84 after every finished edit. */
  onShapesChange?: (shapes: DrawnShape[]) => void;
  /** Shapes (WGS-84) put on the map for editing when it is ready; read once. */
  initialShapes?: readonly DrawnShape[];
  /** One shape at a time: drawing a new one replaces the old. */
  singleShape?: boolean;
  /** The user clicked a single point (index into `points`). */
  onPointClick?: (pointIndex: number) => void;
  /**
   * Called once the map is ready, for a feature's own layers (server-side clusters of a large fleet);
   * the answer, when a function, is called when the map goes.
   */
  onMapReady?: (ctx: { L: typeof Leaflet; map: Leaflet.Map; datum: Datum }) => undefined | (() => void);
  /** Where the map opens (read once), instead of the whole world: a map put in place of another keeps its view. */
  initialView?: { center: [lat: number, lng: number]; zoom: number };
  /** Hides the search over `points` (a feature searching on the server has its own). */
  hideSearch?: boolean;
  'data-testid'?: string;
  style?: CSSProperties;
};

/** The offline map's sources: outlines from Natural Earth, city names from GeoNames. */
const ATTRIBUTION = 'Natural Earth · GeoNames';

const WORLD_VIEW = { center: [25, 20] as [number, number], zoom: 2 };

const hexAlpha = (hex: string, alpha: number) => {
  const h = hex.replace('#', '');
  const n = (at: number) => Number.parseInt(h.slice(at, at + 2), 16);
  return h.length === 6 ? `rgba(${n(0)}, ${n(2)}, ${n(4)}, ${alpha})` : hex;
};

/** North-up needle; a click brings back the whole view. */
const Compass = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Tooltip title={label} placement="left">
    <Button
      shape="circle"
      aria-label={label}
      onClick={onClick}
      data-testid="map-compass"
      icon={
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <polygon points="12,2 16,12 8,12" fill="#ff4d4f" />
          <polygon points="12,22 16,12 8,12" fill="currentColor" opacity="0.55" />
          <text x="12" y="9.5" fontSize="5" textAnchor="middle" fill="#fff" fontWeight="700">
            N
          </text>
        </svg>
      }
    />
  </Tooltip>
);

const ToolButton = ({
  title,
  icon,
  onClick,
  active,
  testId,
  disabled,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  testId: string;
  disabled?: boolean;
}) => (
  <Tooltip title={title} placement="left">
    <Button
      aria-label={title}
      aria-pressed={active}
      type={active ? 'primary' : 'default'}
      icon={icon}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    />
  </Tooltip>
);

/**
 * The console's map: Leaflet fetched on first use, the configured tiles (GCJ-02 shifted for AMap)
 * or the offline Natural Earth world, clustered points drawn on one canvas, polygon and circle
 * tools, scale, toolbar, compass, geolocation and search over the points.
 */
export const MapView = ({
  points = [],
  height = 480,
  drawing = false,
  onShapesChange,
  initialShapes,
  singleShape = false,
  onPointClick,
  onMapReady,
  hideSearch = false,
  initialView,
  'data-testid': testId,
  style,
}: MapViewProps) => {
  const { t, i18n } = useTranslation('map');
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const dark = isDarkColor(token.colorBgContainer);
  const config = useMapConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const tiles = config.data?.tileUrl ? config.data : null;
  const datum = useMemo(() => datumFor(tiles?.datum ?? 'wgs84'), [tiles?.datum]);
  const maxZoom = config.data?.maxZoom ?? 10;
  const [startView] = useState(() => initialView ?? WORLD_VIEW);
  const state = useLeafletMap(containerRef, { ...startView, maxZoom });
  const { map, L } = state;
  const [drawMode, setDrawMode] = useState<DrawMode>('idle');
  const drawRef = useRef<DrawTools | null>(null);
  const drawModeRef = useRef<DrawMode>('idle');
  drawModeRef.current = drawMode;
  const onPointClickRef = useRef(onPointClick);
  onPointClickRef.current = onPointClick;
  const onShapesRef = useRef(onShapesChange);
  onShapesRef.current = onShapesChange;

  const onMapReadyRef = useRef(onMapReady);
  onMapReadyRef.current = onMapReady;
  useEffect(() => {
    if (!map || !L) return;
    return onMapReadyRef.current?.({ L, map, datum });
  }, [map, L, datum]);

  // Base layer: configured tiles, or the offline world drawn in the console's colours.
  useEffect(() => {
    if (!map || !L || config.isPending) return;
    if (tiles) {
      const layer = createTileLayer(L, {
        url: tiles.tileUrl ?? '',
        subdomains: tiles.subdomains,
        attribution: tiles.attribution,
        maxZoom: tiles.maxZoom,
      }).addTo(map);
      return () => {
        layer.remove();
      };
    }
    map.attributionControl.addAttribution(ATTRIBUTION);
    const remove = showWorldLayer(L, map, dark, language);
    return () => {
      remove();
      map.attributionControl.removeAttribution(ATTRIBUTION);
    };
  }, [map, L, tiles, dark, language, config.isPending]);

  // The index is built by a worker once per set of points and datum; moving the map only queries it.
  const [clusters, setClusters] = useState<ClusterClient | null>(null);
  const [indexMs, setIndexMs] = useState<number>();
  useEffect(() => {
    if (!points.length) return;
    let client: ClusterClient | undefined;
    let live = true;
    const startedAt = performance.now();
    startClusterClient(points, datum.kind).then(
      (started) => {
        client = started;
        setIndexMs(Math.round(performance.now() - startedAt));
        if (live) setClusters(started);
        else started.terminate();
      },
      () => {
        if (live) message.error(t('failed'));
      },
    );
    return () => {
      live = false;
      client?.terminate();
      setClusters(null);
    };
  }, [points, datum, message, t]);
  const bounds = useMemo(() => pointsBounds(points, datum), [points, datum]);

  useEffect(() => {
    if (!map || !L || !clusters) return;
    const layer = showClusterLayer(L, map, clusters, {
      colours: {
        cluster: token.colorPrimary,
        halo: hexAlpha(token.colorPrimary, 0.28),
        point: token.colorPrimary,
        text: '#ffffff',
      },
      clickable: () => drawModeRef.current === 'idle',
      onPointClick: (i) => onPointClickRef.current?.(i),
    });
    return layer.remove;
  }, [map, L, clusters, token.colorPrimary]);

  useEffect(() => {
    if (map && bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 12, animate: false });
  }, [map, bounds]);

  // Draw tools are fetched the first time a drawing button is pressed and go with their map.
  useEffect(() => {
    if (!map) return;
    return () => {
      drawRef.current?.remove();
      drawRef.current = null;
      setDrawMode('idle');
    };
  }, [map]);
  const drawStartRef = useRef<Promise<DrawTools> | null>(null);
  const drawTools = (): Promise<DrawTools> | null => {
    if (!map || !L) return null;
    drawStartRef.current ??= import('./drawTools').then(async ({ createDrawTools }) => {
      const tools = await createDrawTools(L, map, datum, {
        colour: token.colorPrimary as `#${string}`,
        onChange: (shapes) => onShapesRef.current?.(shapes),
        single: singleShape,
      });
      drawRef.current = tools;
      return tools;
    });
    return drawStartRef.current;
  };
  useEffect(() => {
    if (!map) return;
    return () => {
      drawStartRef.current = null;
    };
  }, [map]);
  const switchDrawMode = async (next: DrawMode) => {
    const tools = await drawTools();
    if (!tools) return;
    const mode = drawModeRef.current === next ? 'idle' : next;
    tools.setMode(mode);
    setDrawMode(mode);
  };
  // Shapes handed in for editing go onto the map once it is ready.
  const initialRef = useRef(initialShapes);
  const loadedRef = useRef(false);
  useEffect(() => {
    const shapes = initialRef.current;
    if (!drawing || !shapes?.length || !map || !L || loadedRef.current) return;
    loadedRef.current = true;
    void drawTools()?.then((tools) => tools.load(shapes));
  });

  // Geolocation: the browser's position, shown as a dot with its accuracy circle.
  const locatedRef = useRef<Leaflet.LayerGroup | null>(null);
  const locate = () => {
    if (!map || !L) return;
    map.once('locationfound', (event: Leaflet.LocationEvent) => {
      const [lng, lat] = datum.toDisplay([event.latlng.lng, event.latlng.lat]);
      locatedRef.current?.remove();
      locatedRef.current = L.layerGroup([
        L.circle([lat, lng], {
          radius: event.accuracy,
          weight: 1,
          color: token.colorPrimary,
          fillOpacity: 0.1,
        }),
        L.circleMarker([lat, lng], {
          radius: 7,
          weight: 3,
          color: '#fff',
          fillColor: token.colorPrimary,
          fillOpacity: 1,
        }),
      ]).addTo(map);
      map.setView([lat, lng], Math.min(14, map.getMaxZoom()));
    });
    map.once('locationerror', () => message.error(t('locateFailed')));
    map.locate({ setView: false, timeout: 10_000, maximumAge: 60_000 });
  };

  // Search: coordinates typed in, or points by label or id.
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchPoints(points, query), [points, query]);
  const foundRef = useRef<Leaflet.CircleMarker | null>(null);
  const foundKeyRef = useRef<string | null>(null);
  const goTo = (hit: SearchHit) => {
    if (!map || !L) return;
    const [lng, lat] = datum.toDisplay([hit.lng, hit.lat]);
    // Enter both picks the highlighted suggestion and searches: the same point twice keeps its ring
    // (a replaced ring's tooltip fades out for a moment and would show the label twice).
    if (foundRef.current && foundKeyRef.current === hit.key) {
      map.setView([lat, lng], Math.min(15, map.getMaxZoom()));
      return;
    }
    foundRef.current?.remove();
    foundKeyRef.current = hit.key;
    foundRef.current = L.circleMarker([lat, lng], {
      radius: 10,
      weight: 3,
      color: token.colorWarning,
      fill: false,
    })
      .bindTooltip(hit.label, { permanent: true, direction: 'top', offset: [0, -10] })
      .addTo(map);
    map.setView([lat, lng], Math.min(15, map.getMaxZoom()));
  };

  const fitAll = () => {
    if (!map) return;
    if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 12 });
    else map.setView(WORLD_VIEW.center, WORLD_VIEW.zoom);
  };

  const ready = state.status === 'ready';
  return (
    <div
      className="cpm-map"
      data-theme={dark ? 'dark' : 'light'}
      data-tiles={tiles ? 'true' : 'false'}
      data-status={state.status}
      data-index-ms={indexMs}
      data-testid={testId}
      style={{ height, ...style }}
    >
      <div ref={containerRef} data-testid="map-canvas" style={{ position: 'absolute', inset: 0 }} />
      {ready && (
        <>
          {!hideSearch && (
            <div className="cpm-map-overlay cpm-map-search">
              <AutoComplete
                style={{ width: '100%' }}
                options={hits.map((hit) => ({ value: hit.key, label: hit.label }))}
                onSearch={setQuery}
                onSelect={(value: string) => {
                  const hit = hits.find((h) => h.key === value);
                  if (hit) goTo(hit);
                  setQuery('');
                }}
                value={query}
                onChange={setQuery}
              >
                <Input.Search
                  placeholder={t('searchPlaceholder')}
                  aria-label={t('search')}
                  allowClear
                  data-testid="map-search"
                  onSearch={(text) => {
                    const first = searchPoints(points, text, 1)[0];
                    if (first) goTo(first);
                    else if (text.trim()) message.info(t('searchNothing'));
                  }}
                />
              </AutoComplete>
            </div>
          )}
          <div className="cpm-map-overlay cpm-map-toolbar" role="toolbar" aria-label={t('toolbar')}>
            <ToolButton
              title={t('zoomIn')}
              icon={<PlusOutlined />}
              onClick={() => map?.zoomIn()}
              testId="map-zoom-in"
            />
            <ToolButton
              title={t('zoomOut')}
              icon={<MinusOutlined />}
              onClick={() => map?.zoomOut()}
              testId="map-zoom-out"
            />
            <ToolButton title={t('fitAll')} icon={<ExpandOutlined />} onClick={fitAll} testId="map-fit" />
            <ToolButton title={t('locate')} icon={<AimOutlined />} onClick={locate} testId="map-locate" />
            {drawing && (
              <>
                <ToolButton
                  title={t('drawPolygon')}
                  icon={<BorderOuterOutlined />}
                  active={drawMode === 'polygon'}
                  onClick={() => void switchDrawMode('polygon')}
                  testId="map-draw-polygon"
                />
                <ToolButton
                  title={t('drawCircle')}
                  icon={<RadiusSettingOutlined />}
                  active={drawMode === 'circle'}
                  onClick={() => void switchDrawMode('circle')}
                  testId="map-draw-circle"
                />
                <ToolButton
                  title={t('editShapes')}
                  icon={<EditOutlined />}
                  active={drawMode === 'select'}
                  onClick={() => void switchDrawMode('select')}
                  testId="map-draw-select"
                />
                <ToolButton
                  title={t('clearShapes')}
                  icon={<DeleteOutlined />}
                  onClick={() => drawRef.current?.clear()}
                  testId="map-draw-clear"
                />
              </>
            )}
          </div>
          <div className="cpm-map-overlay cpm-map-compass">
            <Compass label={t('compass')} onClick={fitAll} />
          </div>
        </>
      )}
      {state.status !== 'ready' && (
        <div className="cpm-map-overlay cpm-map-status">
          {state.status === 'loading' ? (
            // The name sits on a status region: a spinner's plain div may not carry one.
            <span role="status" aria-label={t('loading')}>
              <Spin />
            </span>
          ) : (
            <Typography.Text type="secondary">{t('failed')}</Typography.Text>
          )}
        </div>
      )}
    </div>
  );
};
