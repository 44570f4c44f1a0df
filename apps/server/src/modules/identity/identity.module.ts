import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { loginRecorder } from '../auth/auth.module';
import type { AuthService } from '../auth/auth.service';
import type { AppKeys } from '../keys/app-keys';
import type { OplogService } from '../oplog/oplog.service';
import { enterpriseOf } from '../registry/request-counters.repository';
import { createRolesRepository } from '../roles/roles.repository';
import { createUsersRepository } from '../users/users.repository';
import { createFactorsRepository } from './factors.repository';
import { registerFactorsRoutes } from './factors.routes';
import { createFactorsService } from './factors.service';
import { createPasskeysRepository } from './passkeys.repository';
import { registerPasskeysRoutes } from './passkeys.routes';
import { createPasskeysService } from './passkeys.service';
import { createSsoAccountsRepository } from './sso.accounts.repository';
import { createOidcClient } from './sso.oidc';
import { createSsoRepository } from './sso.repository';
import { registerSsoRoutes } from './sso.routes';
import { createSsoService } from './sso.service';
import { createSsoSignInService } from './sso.signin.service';
import { createTotp } from './totp';
import { createWebAuthn } from './webauthn';

/** Where providers send the browser back: the console's sign-in page. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/login`;

/**
 * Wires second factors (codes and passkeys) and single sign-on. Built before the sign-in (which asks it what follows a
 * password and whether a password may sign in at all); its routes are registered once the endpoint
 * registry and the sign-in exist.
 */
export const createIdentityModule = (deps: {
  db: Db;
  clock: Clock;
  keys: AppKeys;
  config: Pick<Config, 'webauthn' | 'publicUrl'>;
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
    keepsRequiredFactor: (userId, id) => factors.keepsRequiredFactor(userId, id),
  });
  const ssoRepo = createSsoRepository(db);
  const redirectUri = ssoRedirectUri(deps.config.publicUrl);
  const sso = createSsoService({
    repo: ssoRepo,
    keys: deps.keys,
    clock: deps.clock,
    redirectUri,
    enterpriseOf: (userId) => enterpriseOf(db, userId),
    visibleAccount: (auth, id) => users.findVisible(auth, id),
    visibleRole: (auth, id) => roles.findVisible(auth, id),
  });
  return {
    factors,
    passkeys,
    passwordRefused: sso.passwordRefused,
    register(
      api: EndpointRegistry,
      signIn: { auth: Pick<AuthService, 'openSession' | 'ssoBindingOf' | 'logout'>; oplog: OplogService },
    ) {
      registerFactorsRoutes(api, { factors });
      registerPasskeysRoutes(api, { passkeys });
      const accounts = createSsoAccountsRepository(db, deps.clock);
      const ssoSignIn = createSsoSignInService({
        repo: ssoRepo,
        oidc: createOidcClient(),
        keys: deps.keys,
        clock: deps.clock,
        redirectUri,
        accounts,
        openSession: async (userId, meta) =>
          signIn.auth.openSession(orNotFound(await users.findById(userId)), meta),
        record: (attempt) => loginRecorder(signIn.oplog)(attempt).catch(() => undefined),
      });
      registerSsoRoutes(api, { sso, signIn: ssoSignIn, auth: signIn.auth });
    },
  };
};
