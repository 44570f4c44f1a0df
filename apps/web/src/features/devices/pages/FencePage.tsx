import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { circleRing, type Fence, type FenceSave, type GroupNode } from '@cpm/contracts';
import { fenceRoutes, groupsRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TimePicker,
  Tooltip,
  TreeSelect,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type * as Leaflet from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import type { Datum } from '../../../shared/map/datum';
import type { DrawnShape } from '../../../shared/map/drawTools';
import { MapView } from '../../../shared/map/MapView';
import { readRows } from '../../../shared/table/readRows';
import { MapPlaceSearch } from '../components/MapPlaceSearch';

type MapCtx = { L: typeof Leaflet; map: Leaflet.Map; datum: Datum };
type FormValues = {
  name: string;
  rule: Fence['rule'];
  hours?: [Dayjs, Dayjs] | null;
  enabled: boolean;
  lockPayment: boolean;
  groupIds?: string[];
  terminalSns?: string[];
};
/** What is being edited: a fence, or a new one (null). */
type Editing = { fence: Fence | null };

const FENCES_KEY = [FLEET_QUERY_ROOT, 'fences'] as const;
/** The page fills the window below the frame (header, work tabs and paddings take 120 px). */
const MAP_HEIGHT = 'calc(100vh - 176px)';

/** A fence's outline, closed, `[lng, lat]` in WGS-84. */
const ringOf = (f: Pick<Fence, 'shape' | 'points' | 'center' | 'radiusM'>): [number, number][] => {
  const ring =
    f.shape === 'circle' && f.center && f.radiusM
      ? circleRing(f.center.lat, f.center.lng, f.radiusM)
      : f.points;
  return ring.length ? [...ring, ring[0]] : [];
};

/** A saved fence as a shape the map's drawing tools can edit. */
const shapeOf = (f: Fence): DrawnShape => ({
  id: f.id,
  kind: f.shape,
  geometry: { type: 'Polygon', coordinates: [ringOf(f)] },
  ...(f.shape === 'circle' && f.center
    ? { center: [f.center.lng, f.center.lat] as [number, number], radiusKm: (f.radiusM ?? 0) / 1000 }
    : {}),
});

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

/**
 * Whether the map is still on the page: starting or ending an edit puts a new map in place, and
 * this page's effects may run once more with the old one before it hears of the new.
 */
const alive = (c: MapCtx | null): c is MapCtx => Boolean(c?.map.getPane('mapPane'));

/** The drawn shape as the save call wants it: a polygon's corners, or a circle's centre and radius. */
const shapeFields = (shape: DrawnShape): Pick<FenceSave, 'shape' | 'points' | 'center' | 'radiusM'> =>
  shape.kind === 'circle' && shape.center
    ? {
        shape: 'circle',
        points: [],
        center: { lng: round7(shape.center[0]), lat: round7(shape.center[1]) },
        radiusM: Math.round((shape.radiusKm ?? 0) * 1000),
      }
    : {
        shape: 'polygon',
        points: (shape.geometry.coordinates[0] ?? [])
          .slice(0, -1)
          .map((p) => [round7(p[0] as number), round7(p[1] as number)] as [number, number]),
        center: null,
        radiusM: null,
      };

const minutes = (d: Dayjs) => d.hour() * 60 + d.minute();
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const atMinute = (m: number) => dayjs().startOf('day').add(m, 'minute');

type TreeOption = { value: string; title: string; key: string; children: TreeOption[] };
const toTree = (nodes: readonly GroupNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: `${n.name} (${n.number})`,
    children: toTree(n.children),
  }));

/**
 * Geofences (spec /device/fence): the list beside a map showing every fence of the page; a fence
 * is drawn as a polygon or a circle on the map, named, aimed at groups or terminals, with a rule
 * (stay inside or outside) and active hours. Terminals breaking a rule raise early warnings.
 */
export const FencePage = () => {
  const { t } = useTranslation('geo');
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
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

  const displayRing = useCallback(
    (c: MapCtx, ring: [number, number][]) =>
      ring.map((p) => {
        const [x, y] = c.datum.toDisplay(p);
        return [y, x] as [number, number];
      }),
    [],
  );

  // The page's fences as outlines (the one being edited is in the drawing tools instead).
  useEffect(() => {
    if (!alive(ctx)) return;
    const { L, map } = ctx;
    const layer = L.featureGroup();
    for (const f of fences) {
      if (f.id === editedId) continue;
      const colour =
        f.violating > 0 ? token.colorError : f.enabled ? token.colorPrimary : token.colorTextTertiary;
      L.polygon(displayRing(ctx, ringOf(f)), {
        color: colour,
        weight: f.id === focusId ? 4 : 2,
        dashArray: f.enabled ? undefined : '6 6',
        fillOpacity: editing ? 0.04 : 0.12,
        interactive: !editing,
      })
        .bindTooltip(f.name, { sticky: true })
        .addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [ctx, fences, editedId, editing, focusId, token, displayRing]);

  // The view: the fence being edited, else every fence of the page; moved only when what is shown
  // changes (another page, a fence added or removed, editing started), not on every refresh.
  const shown = editing ? (editing.fence ? [editing.fence] : []) : fences;
  const boundsKey = editing ? `edit:${editedId ?? 'new'}` : `list:${fences.map((f) => f.id).join(',')}`;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  // biome-ignore lint/correctness/useExhaustiveDependencies: boundsKey names what is shown
  useEffect(() => {
    if (!alive(ctx)) return;
    const corners = shownRef.current.flatMap((f) => displayRing(ctx, ringOf(f)));
    if (corners.length) ctx.map.fitBounds(corners, { padding: [32, 32], maxZoom: 16, animate: false });
  }, [ctx, boundsKey, displayRing]);

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

  const editor = editing && (
    <Card
      size="small"
      title={editing.fence ? t('fence.editTitle') : t('fence.newTitle')}
      style={{ flex: '1 1 380px', minWidth: 0, maxHeight: MAP_HEIGHT, overflow: 'auto' }}
      data-testid="fence-editor"
      extra={
        <Space>
          <Button onClick={stopEdit} data-testid="fence-cancel">
            {t('fence.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="fence-save">
            {t('fence.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item label={t('fence.shape')} required>
          {shape ? (
            <Typography.Text data-testid="fence-shape">{shapeText(shapeFields(shape))}</Typography.Text>
          ) : null}
          <Alert
            type={shapeMissing && !shape ? 'error' : 'info'}
            showIcon
            message={shapeMissing && !shape ? t('fence.noShape') : t('fence.drawHint')}
            data-testid="fence-draw-hint"
            style={{ marginTop: shape ? 8 : 0 }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fence.name')}
          rules={[{ required: true, message: t('fence.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="fence-name" />
        </Form.Item>
        <Form.Item name="rule" label={t('fence.rule')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            data-testid="fence-rule"
            options={[
              { value: 'inside', label: t('fence.inside') },
              { value: 'outside', label: t('fence.outside') },
            ]}
          />
        </Form.Item>
        <Form.Item name="hours" label={t('fence.hours')} extra={t('fence.hoursHint')}>
          <TimePicker.RangePicker
            format="HH:mm"
            order={false}
            allowEmpty={[false, false]}
            data-testid="fence-hours"
          />
        </Form.Item>
        <Form.Item name="groupIds" label={t('fence.groups')} extra={t('fence.groupsHint')}>
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={toTree(groups.data ?? [])}
            loading={groups.isFetching}
            data-testid="fence-groups"
          />
        </Form.Item>
        <Form.Item name="terminalSns" label={t('fence.terminals')} extra={t('fence.terminalsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ', '\n']} data-testid="fence-terminals" />
        </Form.Item>
        <Form.Item name="enabled" label={t('fence.enabled')} valuePropName="checked">
          <Switch data-testid="fence-enabled" />
        </Form.Item>
        <Form.Item
          name="lockPayment"
          label={t('fence.lockPayment')}
          valuePropName="checked"
          extra={t('fence.lockPaymentHint')}
        >
          <Switch data-testid="fence-lock-payment" />
        </Form.Item>
      </Form>
    </Card>
  );

  const listCard = !editing && (
    <Card
      size="small"
      title={t('fence.listTitle')}
      style={{ flex: '1 1 560px', minWidth: 0, maxHeight: MAP_HEIGHT, overflow: 'auto' }}
      data-testid="fence-list"
    >
      <Table<Fence>
        size="small"
        rowKey="id"
        loading={list.isFetching && !list.data}
        {...readRows(fences, list, t('fence.empty'))}
        scroll={{ x: 'max-content' }}
        onRow={(f) => ({ onClick: () => focus(f), style: { cursor: 'pointer' } })}
        rowClassName={(f) => (f.id === focusId ? 'ant-table-row-selected' : '')}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'name',
            title: t('fence.name'),
            render: (_, f) => (
              <Space direction="vertical" size={0}>
                <Space size={6}>
                  <Typography.Text strong data-testid="fence-row-name">
                    {f.name}
                  </Typography.Text>
                  {!f.enabled && <Tag>{t('fence.off')}</Tag>}
                  {f.lockPayment && (
                    <Tag color="orange" data-testid="fence-row-locks">
                      {t('fence.locksPayment')}
                    </Tag>
                  )}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shapeText(f)} ·{' '}
                  {t('fence.targetsText', { groups: f.groupIds.length, terminals: f.terminalSns.length })}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12 }} data-testid="fence-row-rule">
                  {t(`fence.${f.rule}`)} ·{' '}
                  {f.activeFrom !== null && f.activeTo !== null
                    ? `${clock(f.activeFrom)}–${clock(f.activeTo)}`
                    : t('fence.always')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'violating',
            title: t('fence.violating'),
            align: 'center',
            render: (_, f) => (
              <Badge
                count={f.violating}
                showZero
                color={f.violating > 0 ? token.colorError : token.colorSuccess}
                data-testid="fence-violating"
              />
            ),
          },
          {
            key: 'actions',
            title: t('fence.actions'),
            render: (_, f) => (
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                <Auth permission="device:fence:edit">
                  <Tooltip title={t('fence.edit')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('fence.edit')}
                      onClick={() => startEdit(f)}
                      data-testid="fence-edit"
                    />
                  </Tooltip>
                </Auth>
                <Auth permission="device:fence:delete">
                  <Popconfirm title={t('fence.deleteConfirm', { name: f.name })} onConfirm={() => remove(f)}>
                    <Tooltip title={t('fence.delete')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('fence.delete')}
                        data-testid="fence-delete"
                      />
                    </Tooltip>
                  </Popconfirm>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );

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
          <Auth permission="device:fence:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => startEdit(null)}
              data-testid="fence-new"
            >
              {t('fence.new')}
            </Button>
          </Auth>
        )}
      </Flex>
      <Flex gap={12} wrap>
        {editor}
        {listCard}
        <div style={{ flex: '2 1 480px', minWidth: 0 }}>
          <MapView
            key={editing ? `edit-${editedId ?? 'new'}` : 'view'}
            height={MAP_HEIGHT}
            style={{ minHeight: 360 }}
            hideSearch
            drawing={editing !== null}
            singleShape
            initialShapes={initialShapes}
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
