import { TERMINAL_STATUSES } from '@cpm/contracts';
import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, List, Select, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { MapView } from '../../../shared/map/MapView';
import { fixedPaging } from '../../../shared/table/readRows';
import { MapPlaceSearch } from '../components/MapPlaceSearch';
import { type TerminalFilters, useTerminalLayer } from '../hooks/useTerminalLayer';
import { alive, type MapCtx } from '../lib/fenceShape';
import type { ViewBox } from '../lib/mapView';

/**
 * The device map: the server groups the terminals in view into clusters (or answers them one by
 * one when few), so any fleet size draws quickly; it opens on the region that holds the fleet, and a
 * side list pages the terminals in view.
 */
export const DeviceMapPage = () => {
  const { t } = useTranslation(['geo', 'devices']);
  const [filters, setFilters] = useState<TerminalFilters>({});
  const [page, setPage] = useState(1);
  const [ctx, setCtx] = useState<MapCtx | null>(null);
  const { clusters, view, highlight } = useTerminalLayer({ ctx, filters, fitFleet: true });

  // Another part of the map starts the side list again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is what resets the page
  useEffect(() => setPage(1), [view]);
  const list = useQuery({
    queryKey: ['fleet', 'map', 'list', view, filters, page],
    enabled: view !== null,
    placeholderData: (prev) => prev,
    queryFn: () => {
      const { zoom: _zoom, ...box } = view as ViewBox;
      return call(geoRoutes.mapList, {
        query: { ...box, ...filters, current: page, size: 10 },
        loading: false,
      });
    },
  });

  const onMapReady = useCallback((next: MapCtx) => {
    setCtx(next);
    return () => setCtx(null);
  }, []);

  const goTo = (lat: number, lng: number, zoom: number) => {
    if (!alive(ctx)) return;
    const [x, y] = ctx.datum.toDisplay([lng, lat]);
    ctx.map.setView([y, x], Math.min(zoom, ctx.map.getMaxZoom()));
  };

  return (
    <Flex vertical gap={12} data-testid="device-map-page">
      <Flex gap={8} wrap>
        <MapPlaceSearch onGo={goTo} onTerminal={highlight} style={{ flex: '1 1 240px', maxWidth: 420 }} />
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
                onClick={() => highlight(m)}
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
