import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { createDictsRepository } from './dicts.repository';
import { registerDictsRoutes } from './dicts.routes';
import { createDictsService } from './dicts.service';

/** Wires dictionaries: the service (which other modules read labels from) and its routes. */
export const createDictsModule = (deps: { api: EndpointRegistry; db: Db; clock: Clock }) => {
  const dicts = createDictsService({ repo: createDictsRepository(deps.db), clock: deps.clock });
  registerDictsRoutes(deps.api, { dicts });
  return dicts;
};
