import type { TaskPlatform } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { SearchSelect } from '../../../shared/crud/SearchSelect';
import { installedAppLabel } from '../../../shared/text/installedApp';

/**
 * Picks an app installed on terminals in the caller's scope, by its market name, reported name or
 * package, for an uninstall or permission task; the value is the package the task names.
 */
export const PackageSelect = ({
  platform,
  value,
  onChange,
  testId,
  id,
}: {
  id?: string;
  platform: TaskPlatform;
  value?: string;
  onChange?: (packageName: string | undefined) => void;
  testId?: string;
}) => {
  const { t } = useTranslation('tasks');
  const load = async (keyword: string | undefined) =>
    (await call(remoteTaskRoutes.packages, { query: { keyword, platform }, loading: false })).map((p) => ({
      value: p.packageName,
      // The market's name when it has the app, as the terminal's apps tab names it; the package below.
      label:
        installedAppLabel(p, p.marketName ? { [p.packageName]: p.marketName } : {}).name ?? p.packageName,
      detail: t('params.installedOn', { name: p.packageName, count: p.terminals }),
    }));
  return (
    <SearchSelect
      queryKey={['tasks', 'installed-packages', platform]}
      load={load}
      value={value}
      onChange={onChange}
      known={value ? { id: value, name: value } : null}
      placeholder={t('params.pickPackage')}
      notFound={t('params.noPackage')}
      testId={testId}
      id={id}
    />
  );
};
