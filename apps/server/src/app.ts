import { allEndpoints, type EndpointDef, LIMITS } from '@cpm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { type Broker, createBroker } from './gateway/broker';
import { startDeviceGateway } from './gateway/device-gateway';
import { registerAgentRoutes, superuserFromUrl } from './modules/agent/agent.routes';
import { createAgentService } from './modules/agent/agent.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createBrokerAuth } from './modules/auth/broker-auth';
import { createCatalogueService } from './modules/devices/catalogue.service';
import { registerDevicesRoutes } from './modules/devices/devices.routes';
import { createFleetEvents } from './modules/devices/fleet-events';
import { createTerminalsRepository } from './modules/devices/terminals.repository';
import { createTerminalsService } from './modules/devices/terminals.service';
import { registerDictsRoutes } from './modules/dicts/dicts.routes';
import { createDictsService } from './modules/dicts/dicts.service';
import { GROUP_USAGE_CHECKS } from './modules/groups/group-usage';
import { createGroupsRepository } from './modules/groups/groups.repository';
import { registerGroupsRoutes } from './modules/groups/groups.routes';
import { createGroupsService } from './modules/groups/groups.service';
import { createJobsModule } from './modules/jobs/jobs.module';
import type { JobsOptions } from './modules/jobs/jobs.service';
import { loadAppKeys } from './modules/keys/app-keys';
import { createMailer } from './modules/mail/mailer';
import { findGrants, findRolePermissions } from './modules/menus/menus.repository';
import { registerSysMenuRoutes } from './modules/menus/sys-menu.routes';
import { createSysMenuService } from './modules/menus/sys-menu.service';
import { createMessagesModule } from './modules/messages/messages.module';
import { createOplogRepository } from './modules/oplog/oplog.repository';
import { registerOplogRoutes } from './modules/oplog/oplog.routes';
import { createOplogService } from './modules/oplog/oplog.service';
import { registerPrivatizationRoutes } from './modules/privatization/privatization.routes';
import { createPrivatizationService } from './modules/privatization/privatization.service';
import { registerRegistryRoutes } from './modules/registry/registry.routes';
import { createRegistryService } from './modules/registry/registry.service';
import { createRolesRepository } from './modules/roles/roles.repository';
import { registerRolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { registerSystemRoutes } from './modules/system/system.routes';
import { isAccountVisible } from './modules/users/account-scope';
import { createUsersRepository } from './modules/users/users.repository';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createEndpointRegistry } from './plugins/endpoints';
import { registerErrorHandling } from './plugins/errors';
import { buildOpenApi, registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { type Clock, systemClock } from './shared/clock';
import { loggerOptions } from './shared/logger';
import { VERSION } from './version';

export type AppDeps = {
  config: Config;
  /** An open database; by default the one the configuration names. */
  database?: Database;
  clock?: Clock;
  /** false skips the broker (route tests that need no live events). */
  broker?: boolean;
  /** Device gateway timing (tests shorten or stop them). */
  gateway?: { flushMs?: number; sweepMs?: number; offlineAfterMs?: number };
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Background job runner timing; `run: false` leaves the runner stopped (tests drive it). */
  jobs?: Partial<JobsOptions> & { run?: boolean };
};

export type App = {
  app: FastifyInstance;
  database: Database;
  broker: Broker | null;
  seed: SeedResult;
  /** The device gateway's rules (tests drive the sweep and flush directly). */
  agent: ReturnType<typeof createAgentService>;
  /** Every endpoint the server answers, as registered. */
  endpoints: readonly EndpointDef[];
  /** Resolves once live notices queued so far have gone out. */
  noticesIdle(): Promise<void>;
  /** Background jobs: enqueue, handlers, the runner. */
  jobs: ReturnType<typeof createJobsModule>;
};

/** Builds the whole server: database (migrated and seeded), HTTP API, console, broker. Not yet listening. */
export const buildApp = async (deps: AppDeps): Promise<App> => {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? (await openDatabase(config));
  const seed = await seedDatabase(database.db, { adminPassword: config.adminPassword });

  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: LIMITS.bodyBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  registerErrorHandling(app);
  await registerSecurity(app);

  const db = database.db;
  const keys = await loadAppKeys(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });
  const oplogRepo = createOplogRepository(db);
  const oplog = createOplogService({
    repo: oplogRepo,
    clock,
    onError: (err) => app.log.error({ err }, 'operation log write failed'),
  });

  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    clock,
    findGrants: (userId) => findGrants(database.db, userId),
    captchaEnabled: config.captcha,
    captchaTtlMs: LIMITS.captchaTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    sessionMaxMs: config.sessionMaxMs,
    recordLogin: (attempt) =>
      oplog.recordAnonymous({ id: attempt.userId, name: attempt.username }, attempt.ip, {
        action: 'login',
        objectType: 'session',
        objectId: attempt.userId,
        objectName: attempt.username,
        result: attempt.ok ? 'success' : 'failure',
        detail: attempt.reason ?? null,
      }),
  });

  // The broker needs the device rules for authentication and the rules publish through the broker.
  let brokerRef: Broker | null = null;
  const events = createFleetEvents({
    db: database.db,
    clock,
    broker: {
      publish: (topic, payload, o) => (brokerRef ? brokerRef.publish(topic, payload, o) : Promise.resolve()),
    } as Broker,
  });
  const agent = createAgentService({
    db: database.db,
    clock,
    events,
    log: app.log,
    flushMs: deps.gateway?.flushMs,
    offlineAfterMs: deps.gateway?.offlineAfterMs,
  });

  const broker =
    deps.broker === false
      ? null
      : await createBroker({
          mqttUrl: config.mqttUrl,
          mqttPort: config.mqttPort,
          host: config.host,
          auth: createBrokerAuth({
            resolveSession: (token) => auth.resolve(token),
            authenticateDevice: (sn, secret) => agent.authenticate(sn, secret),
            devices: !config.mqttUrl,
          }),
          logger: app.log,
        });
  broker?.attachWebSocket(app.server);
  brokerRef = broker;
  const gateway = broker
    ? await startDeviceGateway({ broker, handler: agent, log: app.log, sweepMs: deps.gateway?.sweepMs })
    : null;

  const api = createEndpointRegistry(
    app,
    (token) => auth.resolve(token),
    (sn, secret) => agent.authenticate(sn, secret),
  );
  registerSystemRoutes(api, { database, broker });
  registerAuthRoutes(api, { auth, db: database.db });
  const terminalsRepo = createTerminalsRepository(database.db);
  registerDevicesRoutes(api, {
    terminals: createTerminalsService({
      db: database.db,
      repo: terminalsRepo,
      clock,
      broker,
      events,
      forgetDevice: agent.forget,
    }),
    catalogue: createCatalogueService({ db: database.db, clock }),
  });
  registerAgentRoutes(api, { agent, clock, superuser: superuserFromUrl(config.mqttUrl) });
  const groupsRepo = createGroupsRepository(db);
  registerGroupsRoutes(api, {
    groups: createGroupsService({
      repo: groupsRepo,
      db,
      clock,
      usageChecks: GROUP_USAGE_CHECKS,
      accountVisible: (caller, id) => isAccountVisible(db, caller, id),
    }),
  });
  registerOplogRoutes(api, { repo: oplogRepo });
  const rolesRepo = createRolesRepository(db);
  const roles = createRolesService({
    repo: rolesRepo,
    db,
    clock,
    oplog,
    permissionsOfRole: async (roleId) => findRolePermissions(db, roleId),
  });
  registerRolesRoutes(api, { roles, repo: rolesRepo });
  const usersRepo = createUsersRepository(db);
  registerUsersRoutes(api, {
    repo: usersRepo,
    users: createUsersService({
      repo: usersRepo,
      roles,
      rolesRepo,
      groups: groupsRepo,
      oplog,
      mailer,
      clock,
      publicUrl: config.publicUrl,
    }),
  });
  registerSysMenuRoutes(api, { menus: createSysMenuService({ db, clock, oplog }) });
  registerDictsRoutes(api, { dicts: createDictsService({ db, clock }) });
  registerPrivatizationRoutes(api, { customers: createPrivatizationService({ db, keys, clock, oplog }) });
  registerRegistryRoutes(api, {
    registry: createRegistryService({
      db,
      keys,
      mailer,
      oplog,
      users: usersRepo,
      clock,
      publicUrl: config.publicUrl,
    }),
  });
  const messages = createMessagesModule({ api, db: database.db, clock, broker, log: app.log });
  const jobs = createJobsModule({ api, db, clock, broker, log: app.log, options: deps.jobs });

  const missing = allEndpoints().filter((def) => !api.registered().includes(def));
  if (missing.length)
    throw new Error(`Endpoints without a handler: ${missing.map((d) => d.path).join(', ')}`);

  await registerOpenApi(app, () => buildOpenApi(api.registered(), VERSION));
  await registerWeb(app, config.webDist);

  if (deps.jobs?.run !== false) await jobs.start();

  app.addHook('onClose', async () => {
    await jobs.stop();
    await gateway?.stop();
    await agent.flush();
    await events.flush();
    await messages.noticesIdle();
    await broker?.close();
    if (!deps.database) await database.close();
  });
  return {
    app,
    database,
    broker,
    seed,
    agent,
    endpoints: api.registered(),
    noticesIdle: messages.noticesIdle,
    jobs,
  };
};
