import type { AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
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
  UploadButton,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { AppEditModal } from '../components/AppEditModal';
import { WindowsUploadModal } from '../components/WindowsUploadModal';
import { useAppColumns } from './MyAppsPage';

type Filter = { keyword?: string };

/** Windows programs (EXE, MSI or ZIP) with their own metadata, the same review and release (spec: /appMarket/windowsFile). */
export const WindowsFilePage = () => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AppRow | null>(null);
  const list = useCrudList<AppRow, Filter>({
    queryKey: [...queryKeys.appMarket.all, 'windows'],
    filterKeys: ['keyword'],
    fetchPage: ({ current, size, keyword }) =>
      call(appMarketRoutes.mine, { query: { current, size, keyword, platform: 'windows' }, loading: false }),
  });
  const remove = (row: AppRow) =>
    call(appMarketRoutes.remove, { body: { id: row.id }, notifySuccess: true })
      .then(list.invalidate)
      .catch(() => undefined);
  const columns: DataColumn<AppRow>[] = [
    ...useAppColumns().filter((c) => c.key !== 'type'),
    actionsColumn(
      t('actions'),
      (row) => [
        viewAction(t('detail'), () => navigate(`/appMarket/appDetail?id=${row.id}`)),
        editAction(t('editApp'), 'app:windows:edit', () => setEditing(row)),
        deleteAction(t('delete'), 'app:windows:delete', t('confirmDelete', { name: row.name }), () =>
          remove(row),
        ),
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<AppRow, Filter>
      testId="windows-page"
      list={list}
      filters={[{ name: 'keyword', label: t('search') }]}
      columns={columns}
      toolbar={
        <UploadButton
          permission="app:windows:upload"
          label={t('uploadWindows')}
          testId="windows-upload-open"
          onClick={() => setUploading(true)}
        />
      }
    >
      <WindowsUploadModal
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
