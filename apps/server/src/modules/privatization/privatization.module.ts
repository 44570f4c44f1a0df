import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { DictsService } from '../dicts/dicts.service';
import type { AppKeys } from '../keys/app-keys';
import { createPrivatizationRepository } from './privatization.repository';
import { registerPrivatizationRoutes } from './privatization.routes';
import { createPrivatizationService } from './privatization.service';

/** Wires private-deployment customers: the service, which keeps their passwords sealed with the app keys, and its routes. */
export const createPrivatizationModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  keys: AppKeys;
  dicts: Pick<DictsService, 'bundle'>;
}) => {
  registerPrivatizationRoutes(deps.api, {
    dicts: deps.dicts,
    customers: createPrivatizationService({
      repo: createPrivatizationRepository(deps.db),
      keys: deps.keys,
      clock: deps.clock,
    }),
  });
};
