import { PlayCircleOutlined } from '@ant-design/icons';
import type { RemoteSessionRow } from '@cpm/contracts';
import { remoteRoutes } from '@cpm/contracts/routes';
import { Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { actionsColumn, CrudListView, queryKeys, selectFilter, useCrudList } from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { RecordingPlayer } from './RecordingPlayer';

type Filter = { sn?: string; status?: 'live' | 'ended' };

const duration = (sec: number) =>
  sec >= 3600
    ? `${Math.floor(sec / 3600)}:${String(Math.floor((sec % 3600) / 60)).padStart(2, '0')}:${String(sec % 60).padStart(2, '0')}`
    : `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;

/** Every session of terminals in scope (who, which terminal, when, how long) with its recording. */
export const SessionsList = () => {
  const { t } = useTranslation('remote');
  const [replaying, setReplaying] = useState<RemoteSessionRow | null>(null);
  const list = useCrudList<RemoteSessionRow, Filter>({
    queryKey: queryKeys.remoteSessions.all,
    prefix: 'sessions.',
    filterKeys: ['sn', 'status'],
    fetchPage: ({ current, size, sn, status }) =>
      call(remoteRoutes.page, { query: { current, size, sn, status }, loading: false }),
  });
  // Running sessions, and recordings still being stored, are read again until they settle.
  const settling = list.rows.some(
    (r) =>
      r.state !== 'ended' ||
      (!r.recording && !r.recordingExpired && r.endedAt && Date.now() - Date.parse(r.endedAt) < 60_000),
  );
  const { refetch } = list;
  useEffect(() => {
    if (!settling) return;
    const timer = setInterval(refetch, 3000);
    return () => clearInterval(timer);
  }, [settling, refetch]);
  const columns: DataColumn<RemoteSessionRow>[] = [
    {
      key: 'terminal',
      title: t('sessions.terminal'),
      render: (_, r) => (
        <span>
          <Typography.Text strong>{r.sn}</Typography.Text>
          {r.terminalName !== r.sn && <Typography.Text type="secondary"> · {r.terminalName}</Typography.Text>}
        </span>
      ),
    },
    { key: 'openedBy', title: t('sessions.openedBy'), dataIndex: 'openedBy' },
    {
      key: 'participants',
      title: t('sessions.participants'),
      render: (_, r) =>
        r.participants.map((p) => (
          <Tag key={`${p.name}-${p.role}`} color={p.role === 'controller' ? 'blue' : 'default'}>
            {p.name} · {t(`roles.${p.role}`)}
          </Tag>
        )),
    },
    {
      key: 'state',
      title: t('sessions.state'),
      render: (_, r) =>
        r.state === 'ended' ? (
          <Tag>{t(`reasons.${r.endReason ?? 'closed'}`)}</Tag>
        ) : (
          <Tag color="green">{t(`states.${r.state}`)}</Tag>
        ),
    },
    { key: 'consent', title: t('sessions.consent'), render: (_, r) => t(`policies.${r.consent}`) },
    timeColumn('openedAt', t('sessions.openedAt'), { seconds: true }),
    { key: 'duration', title: t('sessions.duration'), render: (_, r) => duration(r.durationSec) },
    {
      key: 'recording',
      title: t('sessions.recording'),
      render: (_, r) =>
        r.recording ? (
          <Tooltip
            title={t('sessions.recordingDetail', { frames: r.recording.frames, inputs: r.recording.inputs })}
          >
            {formatBytes(r.recording.bytes)}
          </Tooltip>
        ) : r.recordingExpired ? (
          <Typography.Text type="secondary">{t('sessions.expired')}</Typography.Text>
        ) : (
          '-'
        ),
    },
    actionsColumn(
      t('sessions.actions'),
      (r) =>
        r.recording
          ? [
              {
                key: 'replay',
                label: t('sessions.replay'),
                icon: <PlayCircleOutlined />,
                permission: 'remote:desktop:replay',
                onClick: () => setReplaying(r),
              },
            ]
          : [],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<RemoteSessionRow, Filter>
      testId="remote-sessions"
      title={false}
      list={list}
      filters={[
        { name: 'sn', label: t('sessions.sn') },
        selectFilter('status', t('sessions.state'), ['live', 'ended'], (s) => t(`sessions.${s}`)),
      ]}
      columns={columns}
    >
      {replaying && <RecordingPlayer row={replaying} onClose={() => setReplaying(null)} />}
    </CrudListView>
  );
};
