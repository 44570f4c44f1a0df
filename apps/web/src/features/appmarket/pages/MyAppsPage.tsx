import { ShopOutlined, StopOutlined } from '@ant-design/icons';
import type { AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import {
  actionsColumn,
  CrudListView,
  deleteAction,
  editAction,
  queryKeys,
  selectFilter,
  UploadButton,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { ApkUploadModal } from '../components/ApkUploadModal';
import { AppEditModal } from '../components/AppEditModal';
import { AppIcon, ReleaseTag, ReviewTag, ShelfTag } from '../components/AppTags';
import { useAppTypes } from '../hooks';

type Filter = { keyword?: string; type?: string; shelf?: 'launched' | 'unlaunched' };

/** The columns both publisher lists share (my apps, Windows apps). */
export const useAppColumns = (): DataColumn<AppRow>[] => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const types = useAppTypes();
  return [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      render: (_: string, row) => (
        <Space>
          <AppIcon app={row} size={32} />
          <Typography.Link
            data-testid="app-link"
            onClick={() => navigate(`/appMarket/appDetail?id=${row.id}`)}
          >
            {row.name}
          </Typography.Link>
        </Space>
      ),
    },
    { key: 'packageName', title: t('packageName'), dataIndex: 'packageName' },
    { key: 'type', title: t('type'), dataIndex: 'type', render: (v: string) => (v ? types.label(v) : '-') },
    {
      key: 'latest',
      title: t('latestVersion'),
      dataIndex: 'latest',
      render: (v: AppRow['latest']) =>
        v ? (
          <Space size={4} wrap>
            <span>
              {v.versionName} ({v.versionCode})
            </span>
            <ReviewTag status={v.reviewStatus} />
            {v.releaseStatus !== 'none' && <ReleaseTag status={v.releaseStatus} />}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'shelf',
      title: t('shelfState'),
      dataIndex: 'shelf',
      render: (v: AppRow['shelf']) => <ShelfTag status={v} />,
    },
    {
      key: 'visibility',
      title: t('visibility'),
      dataIndex: 'visibility',
      render: (v: string) => t(`visibilities.${v}`),
    },
    { key: 'installs', title: t('installs'), dataIndex: 'installs' },
    {
      key: 'updatedAt',
      title: t('updatedAt'),
      dataIndex: 'updatedAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];
};

/** A publisher's own Android apps in every state, with upload, edit, shelf and delete (spec: /appMarket/myApp). */
export const MyAppsPage = () => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AppRow | null>(null);
  const types = useAppTypes();
  const list = useCrudList<AppRow, Filter>({
    queryKey: [...queryKeys.appMarket.all, 'mine'],
    filterKeys: ['keyword', 'type', 'shelf'],
    fetchPage: ({ current, size, keyword, type, shelf }) =>
      call(appMarketRoutes.mine, {
        query: { current, size, keyword, type, shelf, platform: 'android' },
        loading: false,
      }),
  });
  const shelf = (row: AppRow, launched: boolean) =>
    call(appMarketRoutes.shelf, { body: { id: row.id, launched }, notifySuccess: true })
      .then(list.invalidate)
      .catch(() => undefined);
  const remove = (row: AppRow) =>
    call(appMarketRoutes.remove, { body: { id: row.id }, notifySuccess: true })
      .then(list.invalidate)
      .catch(() => undefined);
  const columns: DataColumn<AppRow>[] = [
    ...useAppColumns(),
    actionsColumn(
      t('actions'),
      (row) => [
        viewAction(t('detail'), () => navigate(`/appMarket/appDetail?id=${row.id}`)),
        editAction(t('editApp'), 'app:mine:version', () => setEditing(row)),
        row.shelf === 'launched'
          ? {
              key: 'unlaunch',
              label: t('unlaunch'),
              icon: <StopOutlined />,
              permission: 'app:app:shelf',
              danger: true,
              confirm: t('confirmUnlaunch', { name: row.name }),
              onClick: () => shelf(row, false),
            }
          : {
              key: 'launch',
              label: t('launch'),
              icon: <ShopOutlined />,
              permission: 'app:app:shelf',
              onClick: () => shelf(row, true),
            },
        deleteAction(t('delete'), 'app:mine:delete', t('confirmDelete', { name: row.name }), () =>
          remove(row),
        ),
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<AppRow, Filter>
      testId="my-apps-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('search') },
        { name: 'type', label: t('type'), options: types.options },
        selectFilter('shelf', t('shelfState'), ['launched', 'unlaunched'], (s) => t(`shelf.${s}`)),
      ]}
      columns={columns}
      toolbar={
        <UploadButton
          permission="app:mine:upload"
          label={t('uploadApk')}
          testId="apk-upload-open"
          onClick={() => setUploading(true)}
        />
      }
    >
      <ApkUploadModal
        open={uploading}
        onClose={() => {
          setUploading(false);
          void list.invalidate();
        }}
        onSaved={() => void list.invalidate()}
      />
      <AppEditModal app={editing} onClose={() => setEditing(null)} onSaved={() => void list.invalidate()} />
    </CrudListView>
  );
};
