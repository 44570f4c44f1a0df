import { appMarketRoutes, mediaRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { type PickerOption, SearchSelect } from '../../../shared/crud/SearchSelect';

const PAGE = { current: 1, size: 50 };

/** Android apps of the app market by name or package; a policy names apps by their package. */
const loadApps = async (keyword: string | undefined): Promise<PickerOption[]> => {
  const page = await call(appMarketRoutes.market, {
    query: { ...PAGE, keyword, platform: 'android' },
    loading: false,
  });
  return page.records.map((r) => ({ value: r.packageName, label: r.name, detail: r.packageName }));
};

type AppPickerProps = { label: string; testId?: string } & (
  | { multiple?: false; value: string | null; onChange: (pkg: string | null) => void }
  | { multiple: true; value: string[]; onChange: (pkgs: string[]) => void }
);

/** Picks one app (the kiosk app) or several (allowed, required) from the app market. */
export const AppPicker = (p: AppPickerProps) => {
  const { t } = useTranslation('policies');
  const common = {
    queryKey: [...queryKeys.policies.all, 'apps'],
    load: loadApps,
    ariaLabel: p.label,
    placeholder: t('pick.app'),
    notFound: t('pick.noApp'),
    testId: p.testId,
  };
  return p.multiple ? (
    <SearchSelect
      {...common}
      style={{ width: 'min(360px, 100%)' }}
      multiple
      value={p.value}
      onChange={p.onChange}
      knownMany={p.value.map((v) => ({ id: v, name: v }))}
    />
  ) : (
    <SearchSelect
      {...common}
      style={{ width: 'min(260px, 100%)' }}
      allowClear
      value={p.value ?? undefined}
      onChange={(v) => p.onChange(v ?? null)}
      known={p.value ? { id: p.value, name: p.value } : null}
    />
  );
};

/** Picks a wallpaper or a boot animation of the media library by name; the policy keeps its id. */
export const MediaPicker = ({
  kind,
  label,
  value,
  onChange,
}: {
  kind: 'wallpaper' | 'bootAnimation';
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) => {
  const { t } = useTranslation('policies');
  const load = async (name: string | undefined): Promise<PickerOption[]> => {
    const query = { ...PAGE, ...(name ? { name } : {}) };
    const page =
      kind === 'wallpaper'
        ? await call(mediaRoutes.wallpaperPage, { query, loading: false })
        : await call(mediaRoutes.bootPage, { query, loading: false });
    return page.records.map((r) => ({ value: r.id, label: r.name, detail: `${r.width}×${r.height}` }));
  };
  return (
    <SearchSelect
      style={{ width: 'min(260px, 100%)' }}
      queryKey={[...queryKeys.policies.all, 'media', kind]}
      load={load}
      allowClear
      ariaLabel={label}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      // An id saved earlier and not on the first page still shows as chosen, not as blank.
      known={value ? { id: value, name: t('pick.savedMedia') } : null}
      placeholder={t(`pick.${kind}`)}
      notFound={t('pick.noMedia')}
      testId={`policy-media-${kind}`}
    />
  );
};
