import { mediaRoutes, sysFileRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatBytes } from '../../../shared/upload/formatBytes';

/** What a task can carry to terminals: a system file (any, or only system updates), a wallpaper, a boot animation. */
export type ResourceKind = 'sysFile' | 'otaFile' | 'wallpaper' | 'bootAnimation';

type Option = { value: string; label: string; detail: string };

const PAGE = { current: 1, size: 50 };

const fetchOptions = async (kind: ResourceKind, name: string | undefined): Promise<Option[]> => {
  const q = { ...PAGE, ...(name ? { name } : {}) };
  if (kind === 'wallpaper') {
    const page = await call(mediaRoutes.wallpaperPage, { query: q, loading: false });
    return page.records.map((r) => ({
      value: r.id,
      label: r.name,
      detail: `${r.width}×${r.height} · ${formatBytes(r.size)}`,
    }));
  }
  if (kind === 'bootAnimation') {
    const page = await call(mediaRoutes.bootPage, { query: q, loading: false });
    return page.records.map((r) => ({
      value: r.id,
      label: r.name,
      detail: `${r.width}×${r.height} · ${r.frameCount} · ${formatBytes(r.size)}`,
    }));
  }
  const page = await call(sysFileRoutes.page, {
    query: { ...q, ...(kind === 'otaFile' ? { type: '1' as const } : {}) },
    loading: false,
  });
  return page.records.map((r) => ({
    value: r.id,
    label: `${r.name} ${r.version}`,
    detail: `${r.fileName} · ${formatBytes(r.size)}`,
  }));
};

/** Picks a file, wallpaper or boot animation by name, searching on the server. */
export const ResourceSelect = ({
  kind,
  value,
  onChange,
  testId,
  known,
}: {
  kind: ResourceKind;
  value?: string;
  onChange?: (id: string) => void;
  testId?: string;
  /** The chosen item's name when it is not on the first page of the list (a copied task's file). */
  known?: { id: string; name: string } | null;
}) => {
  const { t } = useTranslation('tasks');
  const [search, setSearch] = useState<string>();
  const options = useQuery({
    queryKey: ['tasks', 'resources', kind, search ?? ''],
    queryFn: () => fetchOptions(kind, search),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim() || undefined) }}
      value={value}
      onChange={onChange}
      loading={options.isFetching}
      placeholder={t(`params.pick.${kind}`)}
      notFoundContent={options.isFetching ? null : t('params.noResource')}
      data-testid={testId}
      options={[
        ...(known && !options.data?.some((o) => o.value === known.id)
          ? [{ value: known.id, label: known.name, detail: '' }]
          : []),
        ...(options.data ?? []),
      ].map((o) => ({
        value: o.value,
        label: o.label,
        title: o.label,
        detail: o.detail,
      }))}
      optionRender={(o) => (
        <Space direction="vertical" size={0}>
          <span>{o.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {(o.data as { detail?: string }).detail}
          </Typography.Text>
        </Space>
      )}
    />
  );
};
