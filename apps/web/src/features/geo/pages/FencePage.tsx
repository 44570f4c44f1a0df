import type { Fence } from '@cpm/contracts';
import { fenceRoutes, groupsRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Form, Input } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import type { DrawnShape } from '../../../shared/map/drawTools';
import { MapView } from '../../../shared/map/MapView';
import { FenceEditor, type FenceFormValues } from '../components/FenceEditor';
import { FenceList } from '../components/FenceList';
import { MapPlaceSearch } from '../components/MapPlaceSearch';
import { useFenceLayers } from '../hooks/useFenceLayers';
import { useTerminalLayer } from '../hooks/useTerminalLayer';
import {
  alive,
  atMinute,
  displayRing,
  type MapCtx,
  minutes,
  ringOf,
  shapeFields,
  shapeOf,
  toTree,
} from '../lib/fenceShape';

/** What is being edited: a fence, or a new one (null). */
type Editing = { fence: Fence | null };

const FENCES_KEY = [FLEET_QUERY_ROOT, 'fences'] as const;
/** The page fills the window below the frame (header, work tabs and paddings take 120 px). */
const MAP_HEIGHT = 'calc(100vh - 176px)';

/**
 * Geofences (spec /device/fence): the list beside a map showing every fence of the page; a fence
 * is drawn as a polygon or a circle on the map, named, aimed at groups or terminals, with a rule
 * (stay inside or outside) and active hours. Terminals breaking a rule raise early warnings.
 */
export const FencePage = () => {
  const { t } = useTranslation('geo');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FenceFormValues>();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const [shapeMissing, setShapeMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ctx, setCtx] = useState<MapCtx | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [...FENCES_KEY, name, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(fenceRoutes.fencePage, {
        query: { current: page, size: 10, ...(name ? { name } : {}) },
        loading: false,
      }),
  });
  const groups = useQuery({
    queryKey: [...FENCES_KEY, 'group-tree'],
    enabled: editing !== null,
    queryFn: () => call(groupsRoutes.tree, { loading: false }),
  });
  const fences = list.data?.records ?? [];
  const editedId = editing?.fence?.id;
  const initialShapes = useMemo(() => (editing?.fence ? [shapeOf(editing.fence)] : []), [editing]);

  const onMapReady = useCallback((next: MapCtx) => {
    setCtx(next);
    return () => setCtx(null);
  }, []);
  useFenceLayers({ ctx, fences, editing, focusId });
  // The terminals are on the map while fences are drawn; the first map opens on the fleet's region
  // and a map put in place of another (starting or ending an edit) keeps the view it had.
  const carriedRef = useRef<{ center: [number, number]; zoom: number } | null>(null);
  useTerminalLayer({ ctx, fitFleet: carriedRef.current === null });
  const carryView = () => {
    if (!alive(ctx)) return;
    const { lat, lng } = ctx.map.getCenter();
    carriedRef.current = { center: [lat, lng], zoom: ctx.map.getZoom() };
  };

  const focus = (f: Fence) => {
    if (!alive(ctx)) return;
    setFocusId(f.id);
    ctx.map.fitBounds(displayRing(ctx, ringOf(f)), { padding: [32, 32], maxZoom: 16 });
  };
  const goTo = (lat: number, lng: number, zoom: number) => {
    if (!alive(ctx)) return;
    const [x, y] = ctx.datum.toDisplay([lng, lat]);
    ctx.map.setView([y, x], Math.min(zoom, ctx.map.getMaxZoom()));
  };

  const startEdit = (fence: Fence | null) => {
    carryView();
    setEditing({ fence });
    setShape(fence ? shapeOf(fence) : null);
    setShapeMissing(false);
    form.setFieldsValue({
      name: fence?.name ?? '',
      rule: fence?.rule ?? 'inside',
      hours:
        fence && fence.activeFrom !== null && fence.activeTo !== null
          ? [atMinute(fence.activeFrom), atMinute(fence.activeTo)]
          : null,
      enabled: fence?.enabled ?? true,
      lockPayment: fence?.lockPayment ?? false,
      groupIds: fence?.groupIds ?? [],
      terminalSns: fence?.terminalSns ?? [],
    });
  };
  const stopEdit = () => {
    carryView();
    setEditing(null);
    setShape(null);
    form.resetFields();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: FENCES_KEY });

  const save = async () => {
    const values = await form.validateFields();
    if (!shape) {
      setShapeMissing(true);
      return;
    }
    const hours = values.hours ?? null;
    setSaving(true);
    try {
      await call(fenceRoutes.fenceSave, {
        body: {
          ...(editing?.fence ? { id: editing.fence.id } : {}),
          name: values.name,
          rule: values.rule,
          enabled: values.enabled,
          lockPayment: values.lockPayment,
          activeFrom: hours ? minutes(hours[0]) : null,
          activeTo: hours ? minutes(hours[1]) : null,
          groupIds: values.groupIds ?? [],
          terminalSns: values.terminalSns ?? [],
          ...shapeFields(shape),
        },
        notifySuccess: true,
      });
      stopEdit();
      await refresh();
    } catch {
      // The client showed the server's reason; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  const remove = async (f: Fence) => {
    try {
      await call(fenceRoutes.fenceDelete, { body: { ids: [f.id] }, notifySuccess: true });
      await refresh();
    } catch {
      // Shown by the client.
    }
  };

  const shapeText = (s: Pick<Fence, 'shape' | 'points' | 'radiusM'>) =>
    s.shape === 'circle'
      ? t('fence.circle', { radius: Math.round(s.radiusM ?? 0).toLocaleString() })
      : t('fence.polygon', { count: s.points.length });

  return (
    <Flex vertical gap={12} data-testid="fence-page">
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('fence.searchName')}
          aria-label={t('fence.searchName')}
          style={{ flex: '0 1 240px' }}
          onSearch={(v) => {
            setName(v.trim());
            setPage(1);
          }}
          data-testid="fence-search"
        />
        <MapPlaceSearch onGo={goTo} style={{ flex: '1 1 200px', maxWidth: 320 }} />
        {!editing && (
          <AddButton
            permission="device:fence:add"
            label={t('fence.new')}
            onClick={() => startEdit(null)}
            testId="fence-new"
          />
        )}
      </Flex>
      <Flex gap={12} wrap>
        {editing ? (
          <FenceEditor
            form={form}
            isNew={editing.fence === null}
            shape={shape}
            shapeMissing={shapeMissing}
            saving={saving}
            groupTree={toTree(groups.data ?? [])}
            groupsLoading={groups.isFetching}
            shapeText={shapeText}
            height={MAP_HEIGHT}
            onCancel={stopEdit}
            onSave={() => void save()}
          />
        ) : (
          <FenceList
            fences={fences}
            list={list}
            page={page}
            onPage={setPage}
            focusId={focusId}
            shapeText={shapeText}
            height={MAP_HEIGHT}
            onFocus={focus}
            onEdit={startEdit}
            onRemove={remove}
          />
        )}
        <div style={{ flex: '2 1 480px', minWidth: 0 }}>
          <MapView
            key={editing ? `edit-${editedId ?? 'new'}` : 'view'}
            height={MAP_HEIGHT}
            style={{ minHeight: 360 }}
            hideSearch
            drawing={editing !== null}
            singleShape
            initialShapes={initialShapes}
            initialView={carriedRef.current ?? undefined}
            onShapesChange={(shapes) => {
              const last = shapes[shapes.length - 1] ?? null;
              setShape(last);
              if (last) setShapeMissing(false);
            }}
            onMapReady={onMapReady}
            data-testid="fence-map"
          />
        </div>
      </Flex>
    </Flex>
  );
};
