import { mediaRoutes, sysFileRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { type PickerOption, SearchSelect } from '../../../shared/crud/SearchSelect';
import { formatBytes } from '../../../shared/upload/formatBytes';

/** What a task can carry to terminals: a system file (any, or only system updates), a wallpaper, a boot animation. */
export type ResourceKind = 'sysFile' | 'otaFile' | 'wallpaper' | 'bootAnimation';

const PAGE = { current: 1, size: 50 };

const fetchOptions = async (kind: ResourceKind, name: string | undefined): Promise<PickerOption[]> => {
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
  id,
}: {
  id?: string;
  kind: ResourceKind;
  value?: string;
  onChange?: (id: string | undefined) => void;
  testId?: string;
  /** The chosen item's name when it is not on the first page of the list (a copied task's file). */
  known?: { id: string; name: string } | null;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <SearchSelect
      queryKey={['tasks', 'resources', kind]}
      load={(search) => fetchOptions(kind, search)}
      value={value}
      onChange={onChange}
      known={known}
      placeholder={t(`params.pick.${kind}`)}
      notFound={t('params.noResource')}
      testId={testId}
      id={id}
    />
  );
};
