import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AppKeys } from '../keys/app-keys';
import { enterpriseOf } from '../registry/request-counters.repository';
import { createRolesRepository } from '../roles/roles.repository';
import { createUsersRepository } from '../users/users.repository';
import { createFactorsRepository } from './factors.repository';
import { registerFactorsRoutes } from './factors.routes';
import { createFactorsService } from './factors.service';
import { createPasskeysRepository } from './passkeys.repository';
import { registerPasskeysRoutes } from './passkeys.routes';
import { createPasskeysService } from './passkeys.service';
import { createTotp } from './totp';
import { createWebAuthn } from './webauthn';

/**
 * Wires second factors: authenticator codes and passkeys. Built before the sign-in (which asks it what
 * follows a password); its routes are registered once the endpoint registry exists.
 */
export const createIdentityModule = (deps: {
  db: Db;
  clock: Clock;
  keys: AppKeys;
  config: Pick<Config, 'webauthn'>;
}) => {
  const { db } = deps;
  const users = createUsersRepository(db);
  const roles = createRolesRepository(db);
  const passkeysRepo = createPasskeysRepository(db);
  const factors = createFactorsService({
    repo: createFactorsRepository(db),
    keys: deps.keys,
    totp: createTotp(),
    clock: deps.clock,
    enterpriseOf: (userId) => enterpriseOf(db, userId),
    roleIdsOf: (userId) => users.roleIdsOf(userId),
    findAccount: (id) => users.findById(id),
    passkeysOf: (userId) => passkeysRepo.listOf(userId),
    visibleAccount: (auth, id) => users.findVisible(auth, id),
    visibleRole: (auth, id) => roles.findVisible(auth, id),
  });
  const { rpId, rpName, origins } = deps.config.webauthn;
  const passkeys = createPasskeysService({
    repo: passkeysRepo,
    webauthn: rpId ? createWebAuthn({ rpId, rpName, origins }) : null,
    clock: deps.clock,
    findAccount: (id) => users.findById(id),
    recoveryCodesForFirstFactor: (userId) => factors.recoveryCodesForFirstFactor(userId),
    passwordlessAllowed: (userId) => factors.passwordlessAllowed(userId),
  });
  return {
    factors,
    passkeys,
    register: (api: EndpointRegistry) => {
      registerFactorsRoutes(api, { factors });
      registerPasskeysRoutes(api, { passkeys });
    },
  };
};
