import { DeleteOutlined, DownloadOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { BootAnimationRow, FrameFormat } from '@cpm/contracts';
import { mediaRoutes } from '@cpm/contracts/routes';
import { Button, Popconfirm, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FilterBar } from '../../../shared/crud/FilterBar';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { MEDIA_QUERY_KEYS } from '../mediaKeys';
import { BootAnimationDialog } from './BootAnimationDialog';
import { BootPreview } from './BootPreview';

type Filter = { name?: string; format?: FrameFormat };

/** Boot animations: settings, parts, the built ZIP to download, a player and delete. */
export const BootAnimationList = () => {
  const { t } = useTranslation('media');
  const [creating, setCreating] = useState(false);
  const [playing, setPlaying] = useState<BootAnimationRow | null>(null);
  const list = useCrudList<BootAnimationRow, Filter>({
    queryKey: MEDIA_QUERY_KEYS.boot,
    filterKeys: ['name', 'format'],
    prefix: 'b.',
    fetchPage: ({ current, size, name, format }) =>
      call(mediaRoutes.bootPage, { query: { current, size, name, format }, loading: false }),
  });

  const columns: DataColumn<BootAnimationRow>[] = [
    { key: 'name', title: t('boot.name'), dataIndex: 'name' },
    {
      key: 'format',
      title: t('boot.format'),
      render: (_, r) => <Tag>{r.format === 'png' ? 'PNG' : 'JPG'}</Tag>,
    },
    {
      key: 'screen',
      title: t('boot.screen'),
      render: (_, r) => <span data-testid="boot-screen">{`${r.width} × ${r.height}`}</span>,
    },
    { key: 'fps', title: t('boot.fps'), dataIndex: 'fps' },
    {
      key: 'frames',
      title: t('boot.frames'),
      render: (_, r) => t('boot.frameCount', { count: r.frameCount }),
    },
    {
      key: 'parts',
      title: t('boot.parts'),
      render: (_, r) => r.parts.map((p) => `${p.folder} (${p.frames})`).join(', '),
    },
    { key: 'size', title: t('boot.size'), render: (_, r) => formatBytes(r.size) },
    { key: 'description', title: t('boot.description'), dataIndex: 'description' },
    {
      key: 'createdAt',
      title: t('boot.createdAt'),
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('actions.actions'),
      fixed: 'right',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<PlayCircleOutlined />}
            aria-label={t('boot.preview')}
            onClick={() => setPlaying(r)}
            data-testid="boot-play"
          />
          <Button
            type="link"
            icon={<DownloadOutlined />}
            aria-label={t('boot.download')}
            href={r.url}
            download="bootanimation.zip"
            data-testid="boot-download"
          />
          <Auth permission="file:wallpaper:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={async () => {
                await call(mediaRoutes.bootDelete, { query: { id: r.id }, notifySuccess: true }).catch(
                  () => undefined,
                );
                void list.invalidate();
              }}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="boot-list">
      <FilterBar<Filter>
        fields={[
          { name: 'name', label: t('boot.name') },
          {
            name: 'format',
            label: t('boot.format'),
            options: [
              { value: 'png', label: 'PNG' },
              { value: 'jpeg', label: 'JPG' },
            ],
          },
        ]}
        value={list.filter}
        onSearch={list.applyFilter}
        onReset={list.resetFilter}
      />
      <DataTable<BootAnimationRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        loadError={list.error}
        paging={list.paging}
        onRefresh={list.refetch}
        toolbar={
          <Auth permission="file:wallpaper:upload">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="boot-create"
            >
              {t('boot.create')}
            </Button>
          </Auth>
        }
      />
      <BootAnimationDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void list.invalidate();
        }}
      />
      <BootPreview row={playing} onClose={() => setPlaying(null)} />
    </div>
  );
};
