import { type MapConfig, systemEndpoints } from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { VERSION } from '../../version';
import type { SystemRepository } from './system.repository';

/** Liveness and readiness for load balancers and orchestrators; the maps' base layer for the console. */
export const registerSystemRoutes = (
  api: EndpointRegistry,
  deps: { system: SystemRepository; broker: Broker | null; map: MapConfig },
) => {
  api.register(systemEndpoints.mapConfig, () => deps.map);

  api.register(systemEndpoints.healthz, () => ({ status: 'ok' as const, checks: {}, version: VERSION }));

  api.register(systemEndpoints.readyz, async ({ reply }) => {
    const database = await deps.system.ping().then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const broker = deps.broker
      ? deps.broker.isReady()
        ? ('ok' as const)
        : ('down' as const)
      : ('off' as const);
    const ready = database === 'ok' && broker !== 'down';
    if (!ready) reply.status(503);
    return {
      status: ready ? ('ok' as const) : ('unavailable' as const),
      checks: { database, broker },
      version: VERSION,
    };
  });
};
