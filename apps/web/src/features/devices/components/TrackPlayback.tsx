import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import type { TrackPoint } from '@cpm/contracts';
import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Segmented, Slider, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type * as Leaflet from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatTime } from '../../../shared/format/formatTime';
import type { Datum } from '../../../shared/map/datum';
import { MapView } from '../../../shared/map/MapView';

type MapCtx = { L: typeof Leaflet; map: Leaflet.Map; datum: Datum };

/** Playback speeds: positions shown per second. */
const SPEEDS = [2, 8, 32] as const;

/** The next position while playing: one step on, or the end. */
export const nextIndex = (index: number, count: number) => Math.min(index + 1, Math.max(0, count - 1));

/**
 * A terminal's kept positions over a time range drawn as a line on the map and played back: a
 * marker walks the line position by position (at a chosen speed), or follows the slider.
 */
export const TrackPlayback = ({ sn }: { sn: string }) => {
  const { t } = useTranslation('devices');
  const { token } = theme.useToken();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(24, 'hour'), dayjs()]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(SPEEDS[1]);
  const [ctx, setCtx] = useState<MapCtx | null>(null);
  const travelled = useRef<{ line: Leaflet.Polyline; marker: Leaflet.CircleMarker } | null>(null);

  const track = useQuery({
    // Not a fleet query: live fleet events must not restart a playback by fetching the track again.
    queryKey: ['track', sn, range[0].toISOString(), range[1].toISOString()],
    queryFn: () =>
      call(geoRoutes.track, {
        query: { sn, from: range[0].toISOString(), to: range[1].toISOString() },
        loading: false,
      }),
  });
  const points: TrackPoint[] = useMemo(() => track.data?.points ?? [], [track.data]);
  const count = points.length;

  const onMapReady = useCallback((next: MapCtx) => {
    setCtx(next);
    return () => setCtx(null);
  }, []);
  const toLatLng = useCallback((c: MapCtx, p: TrackPoint) => {
    const [x, y] = c.datum.toDisplay([p.lng, p.lat]);
    return [y, x] as [number, number];
  }, []);

  // The whole track, its start and its end; a new track starts at its beginning.
  useEffect(() => {
    setIndex(0);
    setPlaying(false);
    if (!ctx || !points.length) return;
    const { L, map } = ctx;
    const all = points.map((p) => toLatLng(ctx, p));
    const layer = L.featureGroup([
      L.polyline(all, { color: token.colorTextTertiary, weight: 3, opacity: 0.7 }),
      L.circleMarker(all[0], {
        radius: 6,
        color: '#fff',
        weight: 2,
        fillColor: token.colorSuccess,
        fillOpacity: 1,
      }),
      L.circleMarker(all[all.length - 1], {
        radius: 6,
        color: '#fff',
        weight: 2,
        fillColor: token.colorError,
        fillOpacity: 1,
      }),
    ]).addTo(map);
    const line = L.polyline([all[0]], { color: token.colorPrimary, weight: 4 }).addTo(map);
    const marker = L.circleMarker(all[0], {
      radius: 8,
      color: '#fff',
      weight: 3,
      fillColor: token.colorPrimary,
      fillOpacity: 1,
    }).addTo(map);
    travelled.current = { line, marker };
    map.fitBounds(L.latLngBounds(all), { padding: [32, 32], maxZoom: 15, animate: false });
    return () => {
      layer.remove();
      line.remove();
      marker.remove();
      travelled.current = null;
    };
  }, [ctx, points, token, toLatLng]);

  // The marker and the travelled part follow the position shown.
  useEffect(() => {
    const drawn = travelled.current;
    if (!ctx || !drawn || !points.length) return;
    const upTo = points.slice(0, index + 1).map((p) => toLatLng(ctx, p));
    drawn.line.setLatLngs(upTo);
    drawn.marker.setLatLng(upTo[upTo.length - 1]);
  }, [ctx, points, index, toLatLng]);

  // Playing steps on at the chosen speed and stops at the end.
  useEffect(() => {
    if (!playing) return;
    if (index >= count - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((i) => nextIndex(i, count)), 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, index, count, speed]);

  const current = points[index];
  return (
    <Flex vertical gap={8} style={{ width: 'min(640px, 100%)' }} data-testid="track-panel">
      <Flex gap={8} wrap align="center">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          presets={[
            { label: t('track.last6h'), value: () => [dayjs().subtract(6, 'hour'), dayjs()] },
            { label: t('track.last24h'), value: () => [dayjs().subtract(24, 'hour'), dayjs()] },
            { label: t('track.last7d'), value: () => [dayjs().subtract(7, 'day'), dayjs()] },
          ]}
          data-testid="track-range"
        />
        <Typography.Text type="secondary" data-testid="track-count">
          {t('track.points', { count })}
        </Typography.Text>
      </Flex>
      {track.data?.truncated && <Alert type="warning" showIcon message={t('track.truncated', { count })} />}
      <MapView height={360} hideSearch onMapReady={onMapReady} data-testid="track-map" />
      {count > 0 ? (
        <Flex gap={12} align="center" wrap>
          <Button
            type="primary"
            shape="circle"
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            aria-label={playing ? t('track.pause') : t('track.play')}
            onClick={() => {
              if (!playing && index >= count - 1) setIndex(0);
              setPlaying(!playing);
            }}
            data-testid="track-play"
          />
          <Segmented
            size="small"
            value={speed}
            onChange={(v) => setSpeed(v as (typeof SPEEDS)[number])}
            options={SPEEDS.map((s) => ({ value: s, label: `${s / SPEEDS[0]}×` }))}
            aria-label={t('track.speed')}
          />
          <Slider
            style={{ flex: '1 1 200px', minWidth: 160 }}
            min={0}
            max={Math.max(0, count - 1)}
            value={index}
            onChange={(v) => {
              setPlaying(false);
              setIndex(v);
            }}
            tooltip={{
              formatter: (v) => (v === undefined ? '' : dayjs(points[v]?.at).format('MM-DD HH:mm:ss')),
            }}
            data-testid="track-slider"
          />
          <Typography.Text data-testid="track-time" data-index={index}>
            {current ? formatTime(current.at, true) : ''}
          </Typography.Text>
        </Flex>
      ) : (
        !track.isFetching && (
          <Typography.Text type="secondary" data-testid="track-empty">
            {t('track.empty')}
          </Typography.Text>
        )
      )}
    </Flex>
  );
};
