import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { DetailFailed } from '../../../shared/detail/DetailFailed';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { detailFailure } from '../../../shared/detail/detailFailure';
import { Timeline } from '../../../shared/detail/Timeline';
import { useTabParam } from '../../../shared/detail/useTabParam';
import { formatTime } from '../../../shared/format/formatTime';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { readRows } from '../../../shared/table/readRows';
import { OnlineState, StatusTag } from '../components/TerminalStatus';
import { TrackPlayback } from '../components/TrackPlayback';

const fmt = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
    ? formatTime(v, true)
    : v === null || v === undefined || v === ''
      ? '-'
      : String(v);
const mb = (v: unknown) => (typeof v === 'number' ? `${(v / 1024).toFixed(1)} GB` : '-');

/** The terminal as the tabs other domains add to the page see it. */
type SlotTerminal = { sn: string; online: boolean; platform: string; apps: Record<string, unknown>[] };

/**
 * What other domains show on the terminal's page (its task plan, captured files, configuration,
 * permissions, app uninstall). The router fills them in, so this feature imports no other; each is
 * shown inside a Suspense boundary and may load lazily.
 */
export type DeviceDetailSlots = {
  PlanTab: ComponentType<{ sn: string }>;
  PolicyTab: ComponentType<{ sn: string }>;
  FilesTab: ComponentType<{ terminal: SlotTerminal }>;
  ConfigTab: ComponentType<{ terminal: SlotTerminal }>;
  PermissionsTab: ComponentType<{ terminal: SlotTerminal }>;
  UninstallButton: ComponentType<{
    terminal: Pick<SlotTerminal, 'sn' | 'platform'>;
    app: { packageName: string; name?: string };
  }>;
};

/** Where the page leads back to when the terminal is not there. */
const LIST_PATH = '/device/index';

/** The tabs in order; the first opens when the address names none. */
const TAB_KEYS = [
  'overview',
  'hardware',
  'network',
  'apps',
  'config',
  'peripherals',
  'history',
  'logs',
  'files',
  'permissions',
  'plan',
  'policy',
] as const;

/**
 * One terminal on the detail layout: header with its name, SN, state and actions; tabs (in the
 * address as `?tab=`) for overview, hardware, network, apps, the reported configuration, peripherals,
 * history, logs, captured files, permissions and the task plan.
 */
export const DeviceDetailPage = ({ slots }: { slots: DeviceDetailSlots }) => {
  const { PlanTab, PolicyTab, FilesTab, ConfigTab, PermissionsTab, UninstallButton } = slots;
  const { sn = '' } = useParams();
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [, openTab] = useTabParam(TAB_KEYS);
  const back = { to: LIST_PATH, label: t('backToList') };
  const detail = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'detail', sn],
    queryFn: () => call(devicesRoutes.terminalBySn, { query: { sn }, loading: false, silent: true }),
  });
  const history = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'history', sn],
    queryFn: () => call(devicesRoutes.terminalHistory, { query: { sn }, loading: false, silent: true }),
    enabled: detail.isSuccess,
  });
  const logs = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'logs', sn],
    queryFn: () => call(devicesRoutes.terminalLogs, { query: { sn }, loading: false, silent: true }),
    enabled: detail.isSuccess,
    refetchInterval: 5000,
  });
  const d = detail.data;
  if (detail.isError && !d && detailFailure(detail.error) === 'failed')
    return (
      <DetailFailed
        title={t('detailFailed')}
        hint={t('detailFailedHint')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        back={{ to: LIST_PATH, label: t('backToList') }}
        testId="device-detail-page"
      />
    );
  if (detail.isError || !d)
    return (
      <DetailPage
        title={sn}
        tabs={[]}
        loading={!detail.isError}
        notFound={detail.isError}
        notFoundTitle={t('notFound', { sn })}
        back={back}
        testId="device-detail-page"
      />
    );
  const hw = d.hardware as Record<string, unknown>;
  const m = d.metrics as Record<string, unknown>;
  const requestLog = async () => {
    await call(devicesRoutes.terminalRequestLog, { body: { sn }, notifySuccess: true });
    openTab('logs');
    void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT, 'logs', sn] });
  };

  const offlineNotice = t('offlineNotice');
  const overview = (
    <DescriptionList
      testId="detail-overview"
      items={[
        { key: 'sn', label: t('sn'), value: d.sn },
        { key: 'name', label: t('name'), value: d.name },
        { key: 'online', label: t('onlineState'), value: <OnlineState row={d} /> },
        { key: 'status', label: t('statusLabel'), value: <StatusTag status={d.status} /> },
        { key: 'model', label: t('model'), value: fmt(d.modelName) },
        {
          key: 'platform',
          label: t('platform'),
          value: t(`platforms.${d.platform as 'android'}`, { defaultValue: d.platform }),
        },
        { key: 'enterprise', label: t('enterprise'), value: fmt(d.ownerName) },
        { key: 'group', label: t('group'), value: fmt(d.groupName) },
        { key: 'store', label: t('storeName'), value: fmt(d.storeName) },
        { key: 'os', label: t('osVersion'), value: fmt(d.osVersion) },
        { key: 'firmware', label: t('firmware'), value: fmt(d.firmwareVersion) },
        { key: 'agent', label: t('agentVersion'), value: fmt(d.agentVersion) },
        { key: 'production', label: t('productionDate'), value: fmt(d.productionDate) },
        { key: 'shipping', label: t('shippingDate'), value: fmt(d.shippingDate) },
        { key: 'activation', label: t('activationDate'), value: fmt(d.activationDate) },
        { key: 'lastSeen', label: t('lastSeen'), value: fmt(d.lastSeenAt) },
        { key: 'hello', label: t('helloAt'), value: fmt(d.helloAt) },
        { key: 'boots', label: t('bootCount'), value: d.bootCount },
        { key: 'lastBoot', label: t('lastBoot'), value: fmt(d.lastBootAt) },
        { key: 'lastShutdown', label: t('lastShutdown'), value: fmt(d.lastShutdownAt) },
        {
          key: 'runtime',
          label: t('runtime'),
          value: typeof m.uptimeSec === 'number' ? `${(m.uptimeSec / 3600).toFixed(1)} h` : null,
        },
        {
          key: 'data',
          label: t('dataUsage'),
          value:
            typeof m.dataUsageBytes === 'number' ? `${(m.dataUsageBytes / 1048576).toFixed(1)} MB` : null,
        },
        {
          key: 'location',
          label: t('location'),
          value: d.lat === null ? null : `${d.lat?.toFixed(5)}, ${d.lng?.toFixed(5)}`,
        },
        ...(d.paymentLock
          ? [
              {
                key: 'paymentLock',
                label: t('paymentLock.label'),
                value: (
                  <span data-testid="detail-payment-lock">
                    <Tag
                      color={d.paymentLock.locked ? 'red' : 'green'}
                      data-testid="detail-payment-lock-state"
                    >
                      {d.paymentLock.locked
                        ? t('paymentLock.locked', { fence: d.paymentLock.fence ?? '' })
                        : t('paymentLock.unlocked')}
                    </Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {d.paymentLock.confirmed
                        ? t('paymentLock.confirmed', { at: fmt(d.paymentLock.confirmedAt) })
                        : t('paymentLock.waiting', { at: fmt(d.paymentLock.since) })}
                    </Typography.Text>
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
  const hardware = (
    <DescriptionList
      testId="detail-hardware"
      columns={2}
      items={[
        { key: 'cpu', label: 'CPU', value: fmt(hw.cpu) },
        { key: 'cores', label: t('cores'), value: fmt(hw.cores) },
        {
          key: 'memory',
          label: t('memory'),
          value: `${mb(hw.memoryMb)} (${t('free')} ${mb(m.memoryFreeMb)})`,
        },
        {
          key: 'storage',
          label: t('storage'),
          value: `${mb(hw.storageMb)} (${t('free')} ${mb(m.storageFreeMb)})`,
        },
        {
          key: 'battery',
          label: t('battery'),
          value: d.battery === null ? null : `${d.battery}%${m.charging ? ` (${t('charging')})` : ''}`,
        },
        { key: 'resolution', label: t('resolution'), value: fmt(hw.resolution) },
        { key: 'imei', label: 'IMEI', value: fmt(hw.imei) },
      ]}
    />
  );
  const network = (
    <DescriptionList
      testId="detail-network"
      columns={2}
      items={[
        { key: 'type', label: t('networkType'), value: fmt(d.network.type) },
        {
          key: 'signal',
          label: t('signal'),
          value: d.network.signal === null ? null : `${d.network.signal} dBm`,
        },
        { key: 'ip', label: 'IP', value: fmt(d.ip) },
        { key: 'mac', label: t('mac'), value: fmt(d.mac) },
        { key: 'bluetooth', label: t('bluetooth'), value: fmt(d.network.bluetoothMac) },
      ]}
    />
  );
  return (
    <DetailPage
      testId="device-detail-page"
      back={back}
      title={d.name}
      subtitle={d.name === d.sn ? undefined : `SN ${d.sn}`}
      status={
        <>
          <OnlineState row={d} />
          <StatusTag status={d.status} />
        </>
      }
      actions={
        <Auth permission="device:terminal:log">
          <Tooltip title={d.online ? undefined : offlineNotice}>
            <span>
              <Button
                type="primary"
                onClick={() => void requestLog()}
                disabled={!d.online}
                data-testid="request-log"
              >
                {t('requestLog')}
              </Button>
            </span>
          </Tooltip>
        </Auth>
      }
      notice={
        d.online ? undefined : (
          <Alert
            type="warning"
            showIcon
            title={offlineNotice}
            description={d.lastSeenAt ? t('offlineSince', { at: fmt(d.lastSeenAt) }) : t('offlineNeverSeen')}
            style={{ marginTop: 12 }}
            data-testid="detail-offline"
          />
        )
      }
      tabs={[
        { key: 'overview', label: t('tabs.overview'), children: overview },
        { key: 'hardware', label: t('tabs.hardware'), children: hardware },
        { key: 'network', label: t('tabs.network'), children: network },
        {
          key: 'apps',
          label: t('tabs.apps'),
          children: (
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey={(r) => String(r.packageName)}
              dataSource={d.apps}
              pagination={false}
              columns={[
                { title: t('appName'), dataIndex: 'name' },
                { title: t('packageName'), dataIndex: 'packageName' },
                { title: t('version'), dataIndex: 'versionName' },
                {
                  title: t('system'),
                  dataIndex: 'system',
                  render: (v) => (v ? <Tag>{t('system')}</Tag> : null),
                },
                {
                  title: '',
                  key: 'uninstall',
                  width: 110,
                  render: (_, r) =>
                    r.system ? null : (
                      <Suspense fallback={null}>
                        <UninstallButton
                          terminal={d}
                          app={{ packageName: String(r.packageName), name: r.name as string | undefined }}
                        />
                      </Suspense>
                    ),
                },
              ]}
            />
          ),
        },
        {
          key: 'config',
          label: t('tabs.config'),
          children: (
            <Suspense fallback={<Skeleton active />}>
              <ConfigTab terminal={d} />
            </Suspense>
          ),
        },
        {
          key: 'peripherals',
          label: t('tabs.peripherals'),
          children: (
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey={(r) => String(r.name)}
              dataSource={d.peripherals}
              pagination={false}
              columns={[
                { title: t('name'), dataIndex: 'name' },
                { title: t('kind'), dataIndex: 'kind' },
                { title: 'VID', dataIndex: 'vid' },
                { title: 'PID', dataIndex: 'pid' },
                {
                  title: t('statusLabel'),
                  dataIndex: 'status',
                  render: (s) => (
                    <Tag color={s === 'fault' ? 'error' : 'success'}>
                      {t(`peripheralStatus.${s ?? 'ok'}`)}
                    </Tag>
                  ),
                },
              ]}
            />
          ),
        },
        {
          key: 'history',
          label: t('tabs.history'),
          children: (
            <Flex gap={48} wrap align="flex-start">
              <div style={{ flex: '0 1 320px' }}>
                <Typography.Title level={5}>{t('statusHistory')}</Typography.Title>
                <Timeline
                  testId="status-timeline"
                  format="MM-DD HH:mm:ss"
                  events={(history.data?.statuses ?? []).slice(0, 30).map((s, i) => ({
                    key: `${s.at}-${i}`,
                    at: s.at,
                    tone:
                      s.kind === 'offline' ? 'neutral' : s.kind === 'peripheralFault' ? 'error' : 'success',
                    title: t(`kinds.${s.kind}`, { defaultValue: s.kind }),
                    description: s.detail,
                  }))}
                />
              </div>
              <div style={{ flex: '1 1 480px', minWidth: 0 }}>
                <Typography.Title level={5}>{t('locationHistory')}</Typography.Title>
                <TrackPlayback sn={sn} />
                <Table
                  style={{ marginTop: 12 }}
                  size="small"
                  scroll={{ x: 'max-content' }}
                  rowKey="at"
                  pagination={{ pageSize: 10 }}
                  {...readRows(history.data?.locations, history)}
                  columns={[
                    {
                      title: t('time'),
                      dataIndex: 'at',
                      render: (v) => dayjs(v).format('MM-DD HH:mm:ss'),
                    },
                    { title: t('lat'), dataIndex: 'lat', render: (v: number) => v.toFixed(5) },
                    { title: t('lng'), dataIndex: 'lng', render: (v: number) => v.toFixed(5) },
                  ]}
                />
              </div>
            </Flex>
          ),
        },
        {
          key: 'logs',
          label: t('tabs.logs'),
          children: (
            <>
              {!logs.data?.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              {(logs.data ?? []).map((l) => (
                <Card key={l.requestId} size="small" style={{ marginTop: 12 }} title={formatTime(l.at, true)}>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{l.text}</pre>
                </Card>
              ))}
            </>
          ),
        },
        {
          key: 'files',
          label: t('tabs.files'),
          children: (
            <Suspense fallback={<Skeleton active />}>
              <FilesTab terminal={d} />
            </Suspense>
          ),
        },
        {
          key: 'permissions',
          label: t('tabs.permissions'),
          children: (
            <Suspense fallback={<Skeleton active />}>
              <PermissionsTab terminal={d} />
            </Suspense>
          ),
        },
        {
          key: 'plan',
          label: t('tabs.plan'),
          children: (
            <Suspense fallback={<Skeleton active />}>
              <PlanTab sn={d.sn} />
            </Suspense>
          ),
        },
        {
          key: 'policy',
          label: t('tabs.policy'),
          children: (
            <Suspense fallback={<Skeleton active />}>
              <PolicyTab sn={d.sn} />
            </Suspense>
          ),
        },
      ]}
    />
  );
};
