import { devicesEndpoints } from '@cpm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { OnlineState, StatusTag } from '../components/TerminalStatus';

const fmt = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
    ? dayjs(v).format('YYYY-MM-DD HH:mm:ss')
    : v === null || v === undefined || v === ''
      ? '-'
      : String(v);
const mb = (v: unknown) => (typeof v === 'number' ? `${(v / 1024).toFixed(1)} GB` : '-');

/** One terminal: overview, hardware, network, apps, peripherals, history and logs on request. */
export const DeviceDetailPage = () => {
  const { sn = '' } = useParams();
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'detail', sn],
    queryFn: () => call(devicesEndpoints.terminalBySn, { query: { sn }, loading: false, silent: true }),
  });
  const history = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'history', sn],
    queryFn: () => call(devicesEndpoints.terminalHistory, { query: { sn }, loading: false, silent: true }),
    enabled: detail.isSuccess,
  });
  const logs = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'logs', sn],
    queryFn: () => call(devicesEndpoints.terminalLogs, { query: { sn }, loading: false, silent: true }),
    enabled: detail.isSuccess,
    refetchInterval: 5000,
  });
  if (detail.isError) return <Result status="404" title={t('notFound')} />;
  const d = detail.data;
  if (!d) return <Card loading variant="borderless" />;
  const hw = d.hardware as Record<string, unknown>;
  const m = d.metrics as Record<string, unknown>;
  const requestLog = async () => {
    await call(devicesEndpoints.terminalRequestLog, { body: { sn }, notifySuccess: true });
    void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT, 'logs', sn] });
  };

  const overview = (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="detail-overview">
      <Descriptions.Item label={t('sn')}>{d.sn}</Descriptions.Item>
      <Descriptions.Item label={t('name')}>{d.name}</Descriptions.Item>
      <Descriptions.Item label={t('onlineState')}>
        <OnlineState row={d} />
      </Descriptions.Item>
      <Descriptions.Item label={t('statusLabel')}>
        <StatusTag status={d.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('model')}>{fmt(d.modelName)}</Descriptions.Item>
      <Descriptions.Item label={t('platform')}>{d.platform}</Descriptions.Item>
      <Descriptions.Item label={t('enterprise')}>{fmt(d.ownerName)}</Descriptions.Item>
      <Descriptions.Item label={t('group')}>{fmt(d.groupName)}</Descriptions.Item>
      <Descriptions.Item label={t('storeName')}>{fmt(d.storeName)}</Descriptions.Item>
      <Descriptions.Item label={t('osVersion')}>{fmt(d.osVersion)}</Descriptions.Item>
      <Descriptions.Item label={t('firmware')}>{fmt(d.firmwareVersion)}</Descriptions.Item>
      <Descriptions.Item label={t('agentVersion')}>{fmt(d.agentVersion)}</Descriptions.Item>
      <Descriptions.Item label={t('productionDate')}>{fmt(d.productionDate)}</Descriptions.Item>
      <Descriptions.Item label={t('shippingDate')}>{fmt(d.shippingDate)}</Descriptions.Item>
      <Descriptions.Item label={t('activationDate')}>{fmt(d.activationDate)}</Descriptions.Item>
      <Descriptions.Item label={t('lastSeen')}>{fmt(d.lastSeenAt)}</Descriptions.Item>
      <Descriptions.Item label={t('helloAt')}>{fmt(d.helloAt)}</Descriptions.Item>
      <Descriptions.Item label={t('bootCount')}>{d.bootCount}</Descriptions.Item>
      <Descriptions.Item label={t('lastBoot')}>{fmt(d.lastBootAt)}</Descriptions.Item>
      <Descriptions.Item label={t('lastShutdown')}>{fmt(d.lastShutdownAt)}</Descriptions.Item>
      <Descriptions.Item label={t('runtime')}>
        {typeof m.uptimeSec === 'number' ? `${(m.uptimeSec / 3600).toFixed(1)} h` : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('dataUsage')}>
        {typeof m.dataUsageBytes === 'number' ? `${(m.dataUsageBytes / 1048576).toFixed(1)} MB` : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('location')}>
        {d.lat === null ? '-' : `${d.lat?.toFixed(5)}, ${d.lng?.toFixed(5)}`}
      </Descriptions.Item>
    </Descriptions>
  );
  const hardware = (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} data-testid="detail-hardware">
      <Descriptions.Item label="CPU">{fmt(hw.cpu)}</Descriptions.Item>
      <Descriptions.Item label={t('cores')}>{fmt(hw.cores)}</Descriptions.Item>
      <Descriptions.Item label={t('memory')}>
        {mb(hw.memoryMb)} ({t('free')} {mb(m.memoryFreeMb)})
      </Descriptions.Item>
      <Descriptions.Item label={t('storage')}>
        {mb(hw.storageMb)} ({t('free')} {mb(m.storageFreeMb)})
      </Descriptions.Item>
      <Descriptions.Item label={t('battery')}>
        {d.battery === null ? '-' : `${d.battery}%${m.charging ? ` (${t('charging')})` : ''}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('resolution')}>{fmt(hw.resolution)}</Descriptions.Item>
      <Descriptions.Item label="IMEI">{fmt(hw.imei)}</Descriptions.Item>
    </Descriptions>
  );
  const network = (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} data-testid="detail-network">
      <Descriptions.Item label={t('networkType')}>{fmt(d.network.type)}</Descriptions.Item>
      <Descriptions.Item label={t('signal')}>
        {d.network.signal === null ? '-' : `${d.network.signal} dBm`}
      </Descriptions.Item>
      <Descriptions.Item label="IP">{fmt(d.ip)}</Descriptions.Item>
      <Descriptions.Item label={t('mac')}>{fmt(d.mac)}</Descriptions.Item>
      <Descriptions.Item label={t('bluetooth')}>{fmt(d.network.bluetoothMac)}</Descriptions.Item>
    </Descriptions>
  );
  return (
    <div className="cpm-page" data-testid="device-detail-page">
      <Card variant="borderless">
        <Space align="center" style={{ marginBottom: 12 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {d.name} · {d.sn}
          </Typography.Title>
          <OnlineState row={d} />
        </Space>
        <Tabs
          items={[
            { key: 'overview', label: t('tabs.overview'), children: overview },
            { key: 'hardware', label: t('tabs.hardware'), children: hardware },
            { key: 'network', label: t('tabs.network'), children: network },
            {
              key: 'apps',
              label: t('tabs.apps'),
              children: (
                <Table
                  size="small"
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
                  ]}
                />
              ),
            },
            {
              key: 'peripherals',
              label: t('tabs.peripherals'),
              children: (
                <Table
                  size="small"
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
                <Space align="start" size={48} wrap>
                  <div>
                    <Typography.Title level={5}>{t('statusHistory')}</Typography.Title>
                    {history.data?.statuses.length ? (
                      <Timeline
                        items={history.data.statuses.slice(0, 30).map((s) => ({
                          color:
                            s.kind === 'offline' ? 'gray' : s.kind === 'peripheralFault' ? 'red' : 'green',
                          children: `${dayjs(s.at).format('MM-DD HH:mm:ss')} ${t(`kinds.${s.kind}`, { defaultValue: s.kind })}${s.detail ? ` (${s.detail})` : ''}`,
                        }))}
                      />
                    ) : (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
                    )}
                  </div>
                  <div>
                    <Typography.Title level={5}>{t('locationHistory')}</Typography.Title>
                    <Table
                      size="small"
                      rowKey="at"
                      pagination={{ pageSize: 10 }}
                      dataSource={history.data?.locations ?? []}
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
                </Space>
              ),
            },
            {
              key: 'logs',
              label: t('tabs.logs'),
              children: (
                <>
                  <Auth permission="device:terminal:log">
                    <Button
                      type="primary"
                      onClick={() => void requestLog()}
                      disabled={!d.online}
                      data-testid="request-log"
                    >
                      {t('requestLog')}
                    </Button>
                  </Auth>
                  {(logs.data ?? []).map((l) => (
                    <Card
                      key={l.requestId}
                      size="small"
                      style={{ marginTop: 12 }}
                      title={dayjs(l.at).format('YYYY-MM-DD HH:mm:ss')}
                    >
                      <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{l.text}</pre>
                    </Card>
                  ))}
                </>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
};
