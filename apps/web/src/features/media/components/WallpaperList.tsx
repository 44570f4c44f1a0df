import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { BLOB_KINDS, type WallpaperRow } from '@cpm/contracts';
import { mediaRoutes } from '@cpm/contracts/routes';
import { Input, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { selectFilter } from '../../../shared/crud/FilterBar';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { SafeImage } from '../../../shared/image/SafeImage';
import type { DataColumn } from '../../../shared/table/DataTable';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { Upload } from '../../../shared/upload/Upload';
import { MEDIA_QUERY_KEYS } from '../mediaKeys';
import { MediaList } from './MediaList';

type Filter = { name?: string; kind?: 'image' | 'video' };

const duration = (ms: number | null) => {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A thumbnail: the image itself, or the video's first frame (the browser decodes it, nothing is transcoded). */
const Thumb = ({ row, onOpen }: { row: WallpaperRow; onOpen: () => void }) => {
  const open = (content: ReactNode) => (
    <button
      type="button"
      className="cpm-media-thumb"
      onClick={onOpen}
      aria-label={row.name}
      data-testid="wallpaper-thumb"
    >
      {content}
    </button>
  );
  return row.kind === 'image' ? (
    <SafeImage src={row.url} alt={row.name} loading="lazy" compact width={72} height={48} frame={open} />
  ) : (
    open(<video src={`${row.url}#t=0.1`} preload="metadata" muted playsInline />)
  );
};

/** Wallpapers and videos: filters, thumbnails, resolution, upload, preview and delete. */
export const WallpaperList = () => {
  const { t } = useTranslation('media');
  const [uploading, setUploading] = useState(false);
  const [description, setDescription] = useState('');
  const [preview, setPreview] = useState<WallpaperRow | null>(null);
  const list = useCrudList<WallpaperRow, Filter>({
    queryKey: MEDIA_QUERY_KEYS.wallpapers,
    filterKeys: ['name', 'kind'],
    prefix: 'w.',
    fetchPage: ({ current, size, name, kind }) =>
      call(mediaRoutes.wallpaperPage, { query: { current, size, name, kind }, loading: false }),
  });

  const columns: DataColumn<WallpaperRow>[] = [
    {
      key: 'thumb',
      title: t('wallpaper.thumbnail'),
      width: 96,
      render: (_, r) => <Thumb row={r} onOpen={() => setPreview(r)} />,
    },
    { key: 'name', title: t('wallpaper.name'), dataIndex: 'name' },
    {
      key: 'kind',
      title: t('wallpaper.kind'),
      render: (_, r) => <Tag color={r.kind === 'video' ? 'purple' : 'blue'}>{t(`wallpaper.${r.kind}`)}</Tag>,
    },
    {
      key: 'resolution',
      title: t('wallpaper.resolution'),
      render: (_, r) => <span data-testid="wallpaper-resolution">{`${r.width} × ${r.height}`}</span>,
    },
    { key: 'size', title: t('wallpaper.size'), render: (_, r) => formatBytes(r.size) },
    { key: 'duration', title: t('wallpaper.duration'), render: (_, r) => duration(r.durationMs) },
  ];

  return (
    <MediaList<WallpaperRow, Filter>
      kind="wallpaper"
      list={list}
      filters={[
        { name: 'name', label: t('wallpaper.search') },
        selectFilter('kind', t('wallpaper.kind'), ['image', 'video'], (k) => t(`wallpaper.${k}`)),
      ]}
      columns={columns}
      open={{
        icon: <EyeOutlined />,
        label: t('wallpaper.preview'),
        testId: 'wallpaper-preview-open',
        onOpen: setPreview,
      }}
      download={(r) => ({ label: r.name, fileName: r.name })}
      remove={(r) => call(mediaRoutes.wallpaperDelete, { query: { id: r.id }, notifySuccess: true })}
      create={{
        icon: <UploadOutlined />,
        label: t('wallpaper.upload'),
        testId: 'wallpaper-upload-open',
        onClick: () => setUploading(true),
      }}
    >
      <Modal
        open={uploading}
        title={t('wallpaper.upload')}
        footer={null}
        onCancel={() => setUploading(false)}
        destroyOnHidden
        width={600}
      >
        <Typography.Paragraph type="secondary">{t('wallpaper.uploadHint')}</Typography.Paragraph>
        <Input
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t('wallpaper.descriptionPlaceholder')}
          style={{ marginBottom: 12 }}
        />
        <Upload<WallpaperRow>
          testId="wallpaper-upload"
          action={
            description.trim()
              ? `${mediaRoutes.wallpaperUpload.path}?${new URLSearchParams({ description: description.trim() })}`
              : mediaRoutes.wallpaperUpload.path
          }
          rules={{
            maxSize: BLOB_KINDS.wallpaper.maxBytes,
            accept: BLOB_KINDS.wallpaper.types,
            plainName: true,
          }}
          onUploaded={() => void list.invalidate()}
        />
      </Modal>
      <Modal
        open={!!preview}
        title={preview?.name}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
        width={800}
      >
        {preview && (
          <div className="cpm-media-player" data-testid="wallpaper-preview">
            {preview.kind === 'image' ? (
              <SafeImage src={preview.url} alt={preview.name} />
            ) : (
              <video src={preview.url} controls autoPlay muted playsInline />
            )}
            <Typography.Text type="secondary">{`${preview.width} × ${preview.height} · ${formatBytes(preview.size)}`}</Typography.Text>
          </div>
        )}
      </Modal>
    </MediaList>
  );
};
