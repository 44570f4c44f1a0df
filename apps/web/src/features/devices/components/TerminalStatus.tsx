import type { TerminalRow, TerminalStatus } from '@cpm/contracts';
import { Badge, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/formatTime';

const STATUS_COLORS: Record<TerminalStatus, string> = {
  warehoused: 'default',
  shipped: 'blue',
  activated: 'green',
  loggedOff: 'red',
};

/** Life-cycle status as a coloured tag. */
export const StatusTag = ({ status }: { status: TerminalStatus }) => {
  const { t } = useTranslation('devices');
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
};

/** Online or offline with the last-seen time; offline beyond 72 hours is highlighted. */
export const OnlineState = ({ row }: { row: Pick<TerminalRow, 'online' | 'lastSeenAt' | 'longOffline'> }) => {
  const { t } = useTranslation('devices');
  const seen = row.lastSeenAt ? formatTime(row.lastSeenAt) : t('never');
  if (row.online)
    return <Badge status="success" text={t('online')} data-testid="online-state" data-online="true" />;
  return (
    <Tooltip title={`${t('lastSeen')}: ${seen}`}>
      <span data-testid="online-state" data-online="false">
        <Badge status={row.longOffline ? 'error' : 'default'} text={t('offline')} />
        {row.longOffline && (
          <Tag color="error" className="cpm-long-offline" style={{ marginInlineStart: 8 }}>
            {t('longOffline')}
          </Tag>
        )}
      </span>
    </Tooltip>
  );
};
