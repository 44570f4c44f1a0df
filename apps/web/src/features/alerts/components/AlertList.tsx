import { CheckOutlined, CloseCircleOutlined, HistoryOutlined } from '@ant-design/icons';
import { ALERT_SEVERITIES, ALERT_STATES, type AlertRow } from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { CrudListView, queryKeys, selectFilter, useCrudList, useSelection } from '../../../shared/crud';
import { actionsColumn } from '../../../shared/crud/RowActions';
import { formatTime } from '../../../shared/format/formatTime';
import type { DataColumn } from '../../../shared/table/DataTable';
import { testIdProps } from '../../../shared/testId';
import { AlertTimeline } from './AlertTimeline';
import { SeverityTag, StateTag } from './severity';

type Filter = { state?: string; severity?: string; sn?: string };

/** Asks for a note, then runs the change with it. */
const withNote = (title: string, placeholder: string, run: (note: string) => Promise<unknown>) =>
  new Promise<void>((resolve) => {
    let note = '';
    Modal.confirm({
      title,
      content: (
        <Input.TextArea
          aria-label={placeholder}
          placeholder={placeholder}
          maxLength={500}
          data-testid="alert-note"
          onChange={(e) => {
            note = e.target.value;
          }}
        />
      ),
      okButtonProps: testIdProps('alert-note-ok'),
      onOk: () => run(note).finally(resolve),
      onCancel: () => resolve(),
    });
  });

/** Alerts, newest first, with filters, bulk acknowledge and close, and each one's timeline. */
export const AlertList = ({ sn, testId, title }: { sn?: string; testId: string; title?: false }) => {
  const { t } = useTranslation('alerts');
  const [shown, setShown] = useState<AlertRow | null>(null);
  const list = useCrudList<AlertRow, Filter>({
    queryKey: [...queryKeys.alerts.all, sn ?? ''],
    filterKeys: sn ? ['state', 'severity'] : ['state', 'severity', 'sn'],
    prefix: sn ? 'alerts.' : undefined,
    fetchPage: ({ current, size, state, severity, sn: snFilter }) =>
      call(alertsRoutes.page, {
        query: {
          current,
          size,
          state: state as AlertRow['state'] | undefined,
          severity: severity as AlertRow['severity'] | undefined,
          sn: sn ?? snFilter,
        },
        loading: false,
      }),
  });
  const selection = useSelection<AlertRow>();
  const change = (to: 'acknowledge' | 'close', ids: string[]) =>
    withNote(
      t(to === 'close' ? 'closeTitle' : 'ackTitle', { count: ids.length }),
      t('notePlaceholder'),
      (note) =>
        call(to === 'close' ? alertsRoutes.close : alertsRoutes.acknowledge, {
          body: { ids, note },
          notifySuccess: true,
        }).then(() => list.invalidate()),
    );
  const columns: DataColumn<AlertRow>[] = [
    { key: 'severity', title: t('severityLabel'), render: (_, r) => <SeverityTag value={r.severity} /> },
    { key: 'state', title: t('stateLabel'), render: (_, r) => <StateTag value={r.state} /> },
    { key: 'rule', title: t('rule'), dataIndex: 'ruleName' },
    {
      key: 'subject',
      title: t('subject'),
      render: (_, r) => (r.sn ? <Link to={`/device/deviceDetail/${r.sn}`}>{r.sn}</Link> : r.subjectKey),
    },
    {
      key: 'what',
      title: t('what'),
      render: (_, r) =>
        `${r.kind === 'flapping' ? t('flapping') : t(`conditions.${r.condition}`)}${r.detail ? ` · ${r.detail}` : ''}`,
    },
    { key: 'count', title: t('count'), dataIndex: 'count' },
    { key: 'firstAt', title: t('firstAt'), render: (_, r) => formatTime(r.firstAt) },
    { key: 'lastAt', title: t('lastAt'), render: (_, r) => formatTime(r.lastAt) },
    actionsColumn(
      t('actions'),
      (r) => [
        { key: 'timeline', label: t('timeline'), icon: <HistoryOutlined />, onClick: () => setShown(r) },
        ...(r.state === 'open'
          ? [
              {
                key: 'ack',
                label: t('acknowledge'),
                icon: <CheckOutlined />,
                permission: 'device:alert:handle' as const,
                onClick: () => change('acknowledge', [r.id]),
              },
            ]
          : []),
        ...(r.state !== 'closed'
          ? [
              {
                key: 'close',
                label: t('close'),
                icon: <CloseCircleOutlined />,
                permission: 'device:alert:handle' as const,
                onClick: () => change('close', [r.id]),
              },
            ]
          : []),
      ],
      { fixed: 'right', width: 150 },
    ),
  ];
  return (
    <CrudListView<AlertRow, Filter>
      testId={testId}
      title={title}
      list={list}
      filters={[
        selectFilter('state', t('stateLabel'), ALERT_STATES, (s) => t(`state.${s}`)),
        selectFilter('severity', t('severityLabel'), ALERT_SEVERITIES, (s) => t(`severity.${s}`)),
        ...(sn ? [] : [{ name: 'sn', label: t('sn') }]),
      ]}
      columns={columns}
      scroll={{ x: 1100 }}
      batch={{
        selection,
        actions: [
          {
            key: 'acknowledge',
            label: t('acknowledge'),
            icon: <CheckOutlined />,
            permission: 'device:alert:handle',
            run: (ids) => change('acknowledge', ids),
          },
          {
            key: 'close',
            label: t('close'),
            icon: <CloseCircleOutlined />,
            permission: 'device:alert:handle',
            run: (ids) => change('close', ids),
          },
        ],
      }}
    >
      <AlertTimeline alert={shown} onClose={() => setShown(null)} />
    </CrudListView>
  );
};
