import { SwapOutlined } from '@ant-design/icons';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { DetailFailed } from '../../../shared/detail/DetailFailed';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { detailFailure } from '../../../shared/detail/detailFailure';
import { Timeline } from '../../../shared/detail/Timeline';
import { useTabParam } from '../../../shared/detail/useTabParam';
import { formatTime } from '../../../shared/format/formatTime';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { readRows } from '../../../shared/table/readRows';
import { installedAppLabel } from '../../../shared/text/installedApp';
import { fmt, HardwareFacts, NetworkFacts, OverviewFacts } from '../components/DeviceFacts';
import { MoveDialog } from '../components/MoveDialog';
import { OnlineState, StatusTag } from '../components/TerminalStatus';
import { TrackPlayback } from '../components/TrackPlayback';

/** The terminal as the tabs other domains add to the page see it. */
type SlotTerminal = {
  sn: string;
  online: boolean;
  platform: string;
  apps: Record<string, unknown>[];
  /** The app market's names of the installed packages it knows. */
  appNames: Record<string, string>;
};

/**
 * What other domains show on the terminal's page (its task plan, captured files, configuration,
 * permissions, alerts, app uninstall). The router fills them in, so this feature imports no other; each is
 * shown inside a Suspense boundary and may load lazily.
 */
export type DeviceDetailSlots = {
  PlanTab: ComponentType<{ sn: string }>;
  PolicyTab: ComponentType<{ sn: string }>;
  AlertsTab: ComponentType<{ sn: string }>;
  FilesTab: ComponentType<{ terminal: SlotTerminal }>;
  ConfigTab: ComponentType<{ terminal: SlotTerminal }>;
  PermissionsTab: ComponentType<{ terminal: SlotTerminal }>;
  /** Push an app, run a command, reboot, remote desktop: the same actions the list offers. */
  QuickActions: ComponentType<{ terminals: Pick<SlotTerminal, 'sn' | 'online' | 'platform'>[] }>;
  UninstallButton: ComponentType<{
    terminal: Pick<SlotTerminal, 'sn' | 'platform'>;
    app: { packageName: string; name?: string };
  }>;
};

/** A tab another domain fills in, shown with a placeholder while its code loads. */
const slot = (node: ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

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
  'alerts',
] as const;

/**
 * One terminal on the detail layout: header with its name, SN, state and actions; tabs (in the
 * address as `?tab=`) for overview, hardware, network, apps, the reported configuration, peripherals,
 * history, logs, captured files, permissions, the task plan, policies and alerts.
 */
export const DeviceDetailPage = ({ slots }: { slots: DeviceDetailSlots }) => {
  const {
    PlanTab,
    PolicyTab,
    AlertsTab,
    FilesTab,
    ConfigTab,
    PermissionsTab,
    QuickActions,
    UninstallButton,
  } = slots;
  const { sn = '' } = useParams();
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [, openTab] = useTabParam(TAB_KEYS);
  const [moving, setMoving] = useState(false);
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
  const requestLog = async () => {
    await call(devicesRoutes.terminalRequestLog, { body: { sn }, notifySuccess: true });
    openTab('logs');
    void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT, 'logs', sn] });
  };

  const offlineNotice = t('offlineNotice');
  const overview = <OverviewFacts d={d} />;
  const hardware = <HardwareFacts d={d} />;
  const network = <NetworkFacts d={d} />;
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
        <Flex wrap gap={8} data-testid="device-detail-actions">
          <Suspense fallback={<Skeleton.Button active />}>
            <QuickActions terminals={[d]} />
          </Suspense>
          <Auth permission="device:terminal:move">
            <Button icon={<SwapOutlined />} onClick={() => setMoving(true)} data-testid="detail-move">
              {t('move')}
            </Button>
          </Auth>
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
          <MoveDialog
            sns={[d.sn]}
            open={moving}
            onClose={() => setMoving(false)}
            onMoved={() => {
              setMoving(false);
              void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
            }}
          />
        </Flex>
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
                {
                  title: t('appName'),
                  key: 'app',
                  render: (_, r) => {
                    const app = installedAppLabel(r, d.appNames);
                    if (!app.name) return <span data-testid="installed-app-package">{app.packageName}</span>;
                    return (
                      <Flex vertical data-testid="installed-app">
                        <span data-testid="installed-app-name">{app.name}</span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {app.packageName}
                        </Typography.Text>
                      </Flex>
                    );
                  },
                },
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
                          app={{
                            packageName: String(r.packageName),
                            name: installedAppLabel(r, d.appNames).name ?? undefined,
                          }}
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
          children: slot(<ConfigTab terminal={d} />),
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
          children: slot(<FilesTab terminal={d} />),
        },
        {
          key: 'permissions',
          label: t('tabs.permissions'),
          children: slot(<PermissionsTab terminal={d} />),
        },
        {
          key: 'plan',
          label: t('tabs.plan'),
          children: slot(<PlanTab sn={d.sn} />),
        },
        {
          key: 'policy',
          label: t('tabs.policy'),
          children: slot(<PolicyTab sn={d.sn} />),
        },
        {
          key: 'alerts',
          label: t('tabs.alerts'),
          children: slot(<AlertsTab sn={d.sn} />),
        },
      ]}
    />
  );
};
