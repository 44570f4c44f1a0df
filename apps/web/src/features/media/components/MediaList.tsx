import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../shared/auth/Auth';
import { ToolbarButton } from '../../../shared/crud';
import { CrudListTable } from '../../../shared/crud/CrudListTable';
import type { FilterField } from '../../../shared/crud/FilterBar';
import type { ListFilter } from '../../../shared/crud/listState';
import type { CrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';

/** What every stored media file shows in its list. */
type MediaRow = { id: string; name: string; url: string; description: string | null; createdAt: string };

type ButtonSpec = { icon: ReactNode; label: string; testId: string };

type Props<T extends MediaRow, F extends ListFilter> = {
  /** The kind's text section (`wallpaper`, `boot`), also the start of the list's test ids. */
  kind: 'wallpaper' | 'boot';
  list: CrudList<T, F>;
  filters: FilterField[];
  /** The kind's own columns; description, upload time and the row actions follow them. */
  columns: DataColumn<T>[];
  /** The row's first action: preview or play. */
  open: ButtonSpec & { onOpen: (row: T) => void };
  /** The download link's label and saved file name. */
  download: (row: T) => { label: string; fileName: string; testId?: string };
  remove: (row: T) => Promise<unknown>;
  /** The toolbar's button: upload or build. */
  create: ButtonSpec & { onClick: () => void };
  /** The kind's dialogs. */
  children: ReactNode;
};

/** A media list (wallpapers, boot animations): filters, the kind's columns, open, download and delete. */
export const MediaList = <T extends MediaRow, F extends ListFilter>({
  kind,
  list,
  filters,
  columns,
  open,
  download,
  remove,
  create,
  children,
}: Props<T, F>) => {
  const { t } = useTranslation('media');
  const all: DataColumn<T>[] = [
    ...columns,
    { key: 'description', title: t(`${kind}.description`), dataIndex: 'description' },
    timeColumn('createdAt', t(`${kind}.createdAt`)),
    {
      key: 'actions',
      title: t('actions.actions'),
      fixed: 'right',
      width: 130,
      render: (_, r) => {
        const file = download(r);
        return (
          <Space size={0}>
            <Button
              type="link"
              icon={open.icon}
              aria-label={open.label}
              onClick={() => open.onOpen(r)}
              data-testid={open.testId}
            />
            <Button
              type="link"
              icon={<DownloadOutlined />}
              aria-label={file.label}
              href={r.url}
              download={file.fileName}
              data-testid={file.testId}
            />
            <Auth permission="file:wallpaper:delete">
              <Popconfirm
                title={t('actions.deleteConfirm')}
                onConfirm={async () => {
                  // The client showed why a delete failed; the list is read again either way.
                  await remove(r).catch(() => undefined);
                  void list.invalidate();
                }}
              >
                <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
              </Popconfirm>
            </Auth>
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid={`${kind}-list`}>
      <CrudListTable<T, F>
        list={list}
        filters={filters}
        columns={all}
        toolbar={
          <ToolbarButton
            permission="file:wallpaper:upload"
            label={create.label}
            type="primary"
            icon={create.icon}
            onClick={create.onClick}
            testId={create.testId}
          />
        }
      />
      {children}
    </div>
  );
};
