import type { AppDetail, AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Space, Typography } from 'antd';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import {
  actionsColumn,
  CrudListView,
  type DialogProps,
  deleteAction,
  editAction,
  type FilterField,
  type ListFilter,
  type RowAction,
  UploadButton,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import type { PermissionKeyLike } from '../../../shared/crud/permission';
import type { CrudListOptions } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { useAppTypes } from '../hooks';
import { AppEditModal } from './AppEditModal';
import { AppIcon, ReleaseTag, ReviewTag, ShelfTag } from './AppTags';

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
    timeColumn('updatedAt', t('updatedAt')),
  ];
};

type Props<F extends ListFilter> = {
  testId: string;
  list: CrudListOptions<AppRow, F>;
  filters: FilterField[];
  /** The list's columns before its actions. */
  columns: DataColumn<AppRow>[];
  permissions: { edit: PermissionKeyLike; delete: PermissionKeyLike; upload: PermissionKeyLike };
  upload: { label: string; testId: string; dialog: ComponentType<DialogProps<{ open: boolean }, AppDetail>> };
  /** A row's actions between edit and delete; `refresh` reads the list again. */
  moreActions?: (row: AppRow, refresh: () => Promise<unknown>) => RowAction[];
};

/** A publisher's own apps of one platform, with upload, detail, edit and delete. */
export const PublisherAppList = <F extends ListFilter>({
  testId,
  list: options,
  filters,
  columns,
  permissions,
  upload: { label, testId: uploadTestId, dialog: UploadDialog },
  moreActions,
}: Props<F>) => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AppRow | null>(null);
  const list = useCrudList<AppRow, F>(options);
  const remove = (row: AppRow) =>
    call(appMarketRoutes.remove, { body: { id: row.id }, notifySuccess: true })
      .then(list.invalidate)
      .catch(() => undefined);
  const withActions: DataColumn<AppRow>[] = [
    ...columns,
    actionsColumn(
      t('actions'),
      (row) => [
        viewAction(t('detail'), () => navigate(`/appMarket/appDetail?id=${row.id}`)),
        editAction(t('editApp'), permissions.edit, () => setEditing(row)),
        ...(moreActions?.(row, list.invalidate) ?? []),
        deleteAction(t('delete'), permissions.delete, t('confirmDelete', { name: row.name }), () =>
          remove(row),
        ),
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<AppRow, F>
      testId={testId}
      list={list}
      filters={filters}
      columns={withActions}
      toolbar={
        <UploadButton
          permission={permissions.upload}
          label={label}
          testId={uploadTestId}
          onClick={() => setUploading(true)}
        />
      }
    >
      <UploadDialog
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
