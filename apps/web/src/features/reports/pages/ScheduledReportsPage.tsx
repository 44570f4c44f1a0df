import { PauseCircleOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import type { ReportScheduleRow } from '@cpm/contracts';
import { reportsRoutes } from '@cpm/contracts/routes';
import { Alert, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showMessage } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  deleteAction,
  editAction,
  queryKeys,
  useCrudList,
} from '../../../shared/crud';
import { formatTime } from '../../../shared/format/formatTime';
import type { DataColumn } from '../../../shared/table/DataTable';
import { hourText, ReportScheduleForm } from '../components/ReportScheduleForm';

type Filter = { name?: string };

/** Scheduled reports (`/dataCenter/reports`): report mails by day, week or month, and sending one at once. */
export const ScheduledReportsPage = () => {
  const { t } = useTranslation('reports');
  const [editing, setEditing] = useState<ReportScheduleRow | null | undefined>(undefined);
  const list = useCrudList<ReportScheduleRow, Filter>({
    queryKey: queryKeys.reports.all,
    filterKeys: ['name'],
    fetchPage: ({ sort: _sort, ...query }) => call(reportsRoutes.page, { query, loading: false }),
  });
  const when = (r: ReportScheduleRow) => {
    const hour = hourText(r.hour);
    if (r.frequency === 'weekly') return t('scheduleWeekly', { day: t(`weekdays.${r.weekday ?? 1}`), hour });
    if (r.frequency === 'monthly') return t('scheduleMonthly', { day: r.monthDay ?? 1, hour });
    return t('scheduleDaily', { hour });
  };
  const columns: DataColumn<ReportScheduleRow>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', fixed: 'left', width: 150 },
    { key: 'email', title: t('email'), dataIndex: 'email', width: 230 },
    {
      key: 'schedule',
      title: t('schedule'),
      width: 170,
      render: (_, r) => (
        <>
          {when(r)}
          <br />
          <Typography.Text type="secondary">{r.timeZone}</Typography.Text>
        </>
      ),
    },
    {
      key: 'sections',
      title: t('sections'),
      width: 200,
      render: (_, r) => r.sections.map((s) => <Tag key={s}>{t(`sectionNames.${s}`)}</Tag>),
    },
    { key: 'language', title: t('language'), width: 100, render: (_, r) => t(`languages.${r.language}`) },
    {
      key: 'state',
      title: t('state'),
      width: 100,
      render: (_, r) => (r.paused ? <Tag>{t('paused')}</Tag> : <Tag color="green">{t('active')}</Tag>),
    },
    { key: 'nextRun', title: t('nextRun'), width: 150, render: (_, r) => formatTime(r.nextRunAt) },
    { key: 'lastSent', title: t('lastSent'), width: 150, render: (_, r) => formatTime(r.lastSentAt) },
    { key: 'owner', title: t('owner'), dataIndex: 'ownerName' },
    actionsColumn(
      t('actions'),
      (r) => [
        editAction(t('edit'), 'data:report:edit', () => setEditing(r)),
        {
          key: r.paused ? 'resume' : 'pause',
          label: r.paused ? t('resume') : t('pause'),
          icon: r.paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />,
          permission: 'data:report:edit',
          onClick: () =>
            call(reportsRoutes.pause, { body: { id: r.id, paused: !r.paused }, notifySuccess: true }).then(
              list.invalidate,
            ),
        },
        {
          key: 'send',
          label: t('sendNow'),
          icon: <SendOutlined />,
          permission: 'data:report:send',
          confirm: t('sendNowConfirm'),
          onClick: () =>
            call(reportsRoutes.sendNow, { body: { id: r.id } }).then(() =>
              showMessage('success', t('queued', { email: r.email })),
            ),
        },
        deleteAction(t('delete'), 'data:report:delete', t('deleteConfirm'), () =>
          call(reportsRoutes.remove, { body: { id: r.id }, notifySuccess: true }).then(list.invalidate),
        ),
      ],
      { fixed: 'right', width: 170, inline: 4 },
    ),
  ];
  return (
    <CrudListView<ReportScheduleRow, Filter>
      testId="reports-page"
      list={list}
      filters={[{ name: 'name', label: t('name') }]}
      columns={columns}
      scroll={{ x: 1500 }}
      toolbar={
        <AddButton
          permission="data:report:add"
          label={t('add')}
          onClick={() => setEditing(null)}
          testId="report-add"
        />
      }
    >
      <Alert type="info" showIcon title={t('help')} style={{ marginTop: 12 }} />
      <ReportScheduleForm
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.invalidate();
        }}
      />
    </CrudListView>
  );
};
