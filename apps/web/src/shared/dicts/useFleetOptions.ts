import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http';
import { useModelOptions } from '../crud/ModelSelect';
import { FLEET_QUERY_ROOT } from '../live/useLiveEvents';

type Option = { value: string; label: string };

/**
 * The terminal groups, models and enterprises the user may see, as options for list filters
 * (run records, terminals); shared by every page that filters terminals by them.
 */
export const useFleetOptions = () => {
  const models = useModelOptions('id');
  const groups = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'groups'],
    queryFn: () => call(devicesRoutes.groupOptions, { loading: false }),
  });
  const owners = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'owners'],
    queryFn: () => call(devicesRoutes.ownerOptions, { loading: false }),
  });
  return {
    models: models.options,
    groups: (groups.data ?? []).map((g): Option => ({ value: g.id, label: `${g.name} (${g.number})` })),
    owners: (owners.data ?? []).map((o): Option => ({ value: o.id, label: o.name })),
  };
};
