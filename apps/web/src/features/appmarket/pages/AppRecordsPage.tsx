import { APP_OPERATION_KINDS, type AppOperation, type AppOperationKind } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { CrudListView, queryKeys, selectFilter, useCrudList } from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { recordDetailOf } from '../lib/recordDetail';

type Filter = { keyword?: string; kind?: AppOperationKind; sn?: string; actor?: string };

const KIND_COLOR: Partial<Record<AppOperationKind, string>> = {
  upload: 'blue',
  approve: 'green',
  reject: 'red',
  launch: 'green',
  unlaunch: 'orange',
  gray: 'purple',
  official: 'green',
  pause: 'orange',
  healthPause: 'red',
  rollback: 'red',
  install: 'cyan',
  upgrade: 'cyan',
  reinstall: 'geekblue',
  downgrade: 'gold',
  uninstall: 'orange',
  supersede: 'default',
  autoUpdate: 'cyan',
  delete: 'red',
};

/**
 * Uploads, reviews, shelf and release changes, installs, upgrades, reinstalls, downgrades and
 * uninstalls per terminal and user (spec: /appMarket/appOperationRecord).
 */
export const AppRecordsPage = () => {
  const { t, i18n } = useTranslation('appmarket');
  const list = useCrudList<AppOperation, Filter>({
    queryKey: [...queryKeys.appMarket.all, 'records'],
    filterKeys: ['keyword', 'kind', 'sn', 'actor'],
    fetchPage: ({ current, size, keyword, kind, sn, actor }) =>
      call(appMarketRoutes.records, { query: { current, size, keyword, kind, sn, actor }, loading: false }),
  });
  const columns: DataColumn<AppOperation>[] = [
    timeColumn('at', t('records.at'), { seconds: true }),
    {
      key: 'kind',
      title: t('records.kind'),
      dataIndex: 'kind',
      render: (k: AppOperationKind) => (
        <Tag color={KIND_COLOR[k]} data-testid="record-kind" data-kind={k}>
          {t(`kinds.${k}`)}
        </Tag>
      ),
    },
    { key: 'appName', title: t('name'), dataIndex: 'appName' },
    { key: 'packageName', title: t('packageName'), dataIndex: 'packageName' },
    { key: 'versionName', title: t('version'), dataIndex: 'versionName' },
    { key: 'sn', title: 'SN', dataIndex: 'sn', render: (v: string | null) => v ?? '-' },
    {
      key: 'actorName',
      title: t('records.actor'),
      dataIndex: 'actorName',
      // A terminal's SN has its own column: the actor is a user, the server, or the terminal itself.
      render: (name: string, r) => (
        <span data-testid="record-actor" data-actor={r.actorKind}>
          {r.actorKind === 'user' ? name || '-' : t(`records.${r.actorKind}`)}
        </span>
      ),
    },
    {
      key: 'result',
      title: t('records.result'),
      dataIndex: 'result',
      render: (r: string) => <Tag color={r === 'success' ? 'green' : 'red'}>{t(`records.${r}`)}</Tag>,
    },
    {
      key: 'detail',
      title: t('records.detail'),
      dataIndex: 'detail',
      render: (_: string, r) => {
        const v = recordDetailOf(r, t, i18n.language);
        return (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }} data-testid="record-detail">
            {v || '-'}
          </Typography.Text>
        );
      },
    },
  ];
  return (
    <CrudListView<AppOperation, Filter>
      testId="app-records-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('search') },
        selectFilter('kind', t('records.kind'), APP_OPERATION_KINDS, (k) => t(`kinds.${k}`)),
        { name: 'sn', label: 'SN' },
        { name: 'actor', label: t('records.actor') },
      ]}
      columns={columns}
      exportTo={{
        permission: 'app:record:export',
        path: appMarketRoutes.exportRecords.path,
        fileName: 'app-operation-records.xlsx',
      }}
    />
  );
};
