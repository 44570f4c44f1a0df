import { PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { BootAnimationRow, FrameFormat } from '@cpm/contracts';
import { mediaRoutes } from '@cpm/contracts/routes';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { MEDIA_QUERY_KEYS } from '../mediaKeys';
import { BootAnimationDialog } from './BootAnimationDialog';
import { BootPreview } from './BootPreview';
import { MediaList } from './MediaList';

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
  ];

  return (
    <MediaList<BootAnimationRow, Filter>
      kind="boot"
      list={list}
      filters={[
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
      columns={columns}
      open={{
        icon: <PlayCircleOutlined />,
        label: t('boot.preview'),
        testId: 'boot-play',
        onOpen: setPlaying,
      }}
      download={() => ({ label: t('boot.download'), fileName: 'bootanimation.zip', testId: 'boot-download' })}
      remove={(r) => call(mediaRoutes.bootDelete, { query: { id: r.id }, notifySuccess: true })}
      create={{
        icon: <PlusOutlined />,
        label: t('boot.create'),
        testId: 'boot-create',
        onClick: () => setCreating(true),
      }}
    >
      <BootAnimationDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          void list.invalidate();
        }}
      />
      <BootPreview row={playing} onClose={() => setPlaying(null)} />
    </MediaList>
  );
};
