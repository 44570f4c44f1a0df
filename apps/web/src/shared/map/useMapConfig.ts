import type { MapConfig } from '@cpm/contracts';
import { systemRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http';

/** The server's base-layer setting for maps (fetched once per session). */
export const useMapConfig = () =>
  useQuery<MapConfig>({
    queryKey: ['system', 'mapConfig'],
    queryFn: () => call(systemRoutes.mapConfig, { loading: false, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
