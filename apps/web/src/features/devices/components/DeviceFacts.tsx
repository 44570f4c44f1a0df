import type { TerminalDetail } from '@cpm/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { formatTime } from '../../../shared/format/formatTime';
import { OnlineState, StatusTag } from './TerminalStatus';

/** A reported value as text: times in the reader's format, nothing as a dash. */
export const fmt = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
    ? formatTime(v, true)
    : v === null || v === undefined || v === ''
      ? '-'
      : String(v);
const mb = (v: unknown) => (typeof v === 'number' ? `${(v / 1024).toFixed(1)} GB` : '-');

/** The overview tab: identity, ownership, versions, dates, uptime, location and payment lock. */
export const OverviewFacts = ({ d }: { d: TerminalDetail }) => {
  const { t } = useTranslation('devices');
  const m = d.metrics as Record<string, unknown>;
  return (
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
};

/** The hardware tab: CPU, memory, storage, battery, screen and IMEI as reported. */
export const HardwareFacts = ({ d }: { d: TerminalDetail }) => {
  const { t } = useTranslation('devices');
  const hw = d.hardware as Record<string, unknown>;
  const m = d.metrics as Record<string, unknown>;
  return (
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
};

/** The network tab: connection type, signal and addresses. */
export const NetworkFacts = ({ d }: { d: TerminalDetail }) => {
  const { t } = useTranslation('devices');
  return (
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
};
