import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http';
import { useDict } from '../../shared/dicts/useDict';
import { FLEET_QUERY_ROOT } from '../../shared/live/useLiveEvents';

/** Terminal models as select options (by name, as versions list them). */
export const useModelOptions = () => {
  const models = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'models'],
    queryFn: () => call(devicesRoutes.modelList, { loading: false }),
  });
  return (models.data ?? []).map((m) => ({ value: m.name, label: m.name }));
};

/** The app type dictionary (`app_type`) as options and labels. */
export const useAppTypes = () => useDict('app_type');
