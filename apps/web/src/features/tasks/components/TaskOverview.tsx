import type { TaskDetail, TaskSchedule } from '@cpm/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { formatTime } from '../../../shared/format/formatTime';
import { timeColumn } from '../../../shared/table/timeColumn';
import { formatMinutes } from '../lib/taskForm';

/** Names as tags, or a dash. */
const Names = ({ items }: { items: readonly { id: string; name: string }[] }) =>
  items.length ? (
    <Space size={[4, 4]} wrap>
      {items.map((i) => (
        <Tag key={i.id}>{i.name}</Tag>
      ))}
    </Space>
  ) : (
    <>-</>
  );

/** A parameter value as text: lists joined, booleans as yes/no. */
const paramText = (v: unknown, yes: string, no: string): ReactNode => {
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean') return v ? yes : no;
  if (v === null || v === undefined || v === '') return '-';
  return <span className="cpm-task-mono">{String(v)}</span>;
};

/** Everything the task was created with: what it does, where it goes, when, and under which conditions. */
export const TaskOverview = ({ task }: { task: TaskDetail }) => {
  const { t, i18n } = useTranslation('tasks');
  const lang = i18n.language;
  const scheduleText = (s: TaskSchedule) => {
    switch (s.kind) {
      case 'interval':
        return t('scheduleText.interval', {
          every: formatMinutes(s.everyMinutes, lang),
          window: s.windowMinutes ? formatMinutes(s.windowMinutes, lang) : '-',
        });
      case 'daily':
        return t('scheduleText.daily', { at: s.at, window: formatMinutes(s.windowMinutes, lang) });
      case 'cron':
        return t('scheduleText.cron', { expr: s.expr, window: formatMinutes(s.windowMinutes, lang) });
      default:
        return t('schedule.once');
    }
  };
  const c = task.conditions;
  const conditions = [
    c.idle && t('conditions.idle'),
    c.settled && t('conditions.settled'),
    c.charging && t('conditions.charging'),
    c.minBattery && t('conditionsText.battery', { level: c.minBattery }),
    c.window && t('conditionsText.window', { from: c.window.from, to: c.window.to }),
  ].filter(Boolean) as string[];
  const paramItems = Object.entries(task.params)
    .filter(([key]) => !['fileId', 'wallpaperId', 'bootAnimationId', 'appId'].includes(key))
    .map(([key, value]) => ({
      key: `param-${key}`,
      label: t(`params.${key}`, { defaultValue: key }),
      value: paramText(value, t('yes'), t('no')),
      span: 2,
    }));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="task-overview">
      <DescriptionList
        columns={2}
        items={[
          { key: 'type', label: t('fields.type'), value: t(`type.${task.type}`) },
          { key: 'platform', label: t('fields.platform'), value: t(`platform.${task.platform}`) },
          ...(task.resource
            ? [
                {
                  key: 'resource',
                  label: t(`resource.${task.resource.kind}`),
                  value: task.resource.name,
                  span: 2,
                },
              ]
            : []),
          ...paramItems,
          {
            key: 'sns',
            label: t('targets.sns'),
            value: task.targets.sns.length ? t('targets.snCount', { count: task.targets.sns.length }) : '-',
          },
          { key: 'groups', label: t('targets.groups'), value: <Names items={task.targets.groups} /> },
          { key: 'models', label: t('targets.models'), value: <Names items={task.targets.models} /> },
          { key: 'owners', label: t('targets.enterprises'), value: <Names items={task.targets.owners} /> },
          { key: 'whitelist', label: t('targets.whitelist'), value: task.targets.whitelist?.name ?? '-' },
          { key: 'start', label: t('timing.startAt'), value: formatTime(task.startAt) },
          { key: 'expire', label: t('timing.expireAt'), value: formatTime(task.expireAt) },
          { key: 'schedule', label: t('fields.schedule'), value: scheduleText(task.schedule), span: 2 },
          { key: 'zone', label: t('timing.timezone'), value: task.timezone },
          { key: 'runs', label: t('fields.runs'), value: task.runCount },
          {
            key: 'conditions',
            label: t('create.conditions'),
            value: conditions.length ? conditions.join(' · ') : t('conditionsText.none'),
            span: 2,
          },
          {
            key: 'approval',
            label: t('approval.label'),
            value: !task.approval.required
              ? t('approval.notNeeded')
              : task.approval.decidedByName
                ? t(task.approval.rejectReason ? 'approval.rejectedBy' : 'approval.approvedBy', {
                    name: task.approval.decidedByName,
                    at: formatTime(task.approval.decidedAt),
                    reason: task.approval.rejectReason ?? '',
                  })
                : t('approval.waiting'),
            span: 2,
          },
          { key: 'creator', label: t('fields.createdBy'), value: task.createdByName },
          { key: 'createdAt', label: t('fields.createdAt'), value: formatTime(task.createdAt) },
          ...(task.copiedFrom
            ? [
                {
                  key: 'copiedFrom',
                  label: t('fields.copiedFrom'),
                  value: <Link to={`/longRange/taskInfo?id=${task.copiedFrom}`}>{t('actions.detail')}</Link>,
                },
              ]
            : []),
        ]}
      />
      {task.rollout && (
        <div data-testid="task-waves-table">
          <Typography.Title level={5}>
            {t('rollout.title', { max: task.rollout.maxFailurePercent, minutes: task.rollout.waveMinutes })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="wave"
            pagination={false}
            dataSource={task.waves}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('rollout.wave', { n: '' }), dataIndex: 'wave' },
              { title: '%', dataIndex: 'percent', render: (p: number) => `${p}%` },
              { title: t('rollout.size'), dataIndex: 'size' },
              {
                title: t('rollout.releasedAt'),
                dataIndex: 'releasedAt',
                render: (v: string | null, w) => (w.released ? formatTime(v) : <Tag>{t('held')}</Tag>),
              },
              { title: t('result.success'), dataIndex: 'success' },
              { title: t('result.failure'), dataIndex: 'failure' },
              {
                title: t('rollout.failureRate'),
                dataIndex: 'failurePercent',
                render: (v: number | null) =>
                  v === null ? (
                    '-'
                  ) : (
                    <Typography.Text
                      type={task.rollout && v > task.rollout.maxFailurePercent ? 'danger' : undefined}
                    >
                      {v.toFixed(1)}%
                    </Typography.Text>
                  ),
              },
            ]}
          />
        </div>
      )}
      {task.runs.length > 1 && (
        <div data-testid="task-runs-table">
          <Typography.Title level={5}>{t('fields.runs')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={{ pageSize: 10 }}
            dataSource={task.runs}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '#', dataIndex: 'seq' },
              timeColumn('startsAt', t('timing.startAt')),
              timeColumn('endsAt', t('timing.runEnds')),
              { title: t('fields.status'), dataIndex: 'status', render: (s: string) => t(`runStatus.${s}`) },
              { title: t('rollout.size'), dataIndex: 'total' },
            ]}
          />
        </div>
      )}
    </Space>
  );
};
