import { allEndpoints, type EndpointDef, LIMITS } from '@cpm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { type Broker, createBroker } from './gateway/broker';
import { announceTerminalChanges, startDeviceGateway } from './gateway/device-gateway';
import { createAgentRepository } from './modules/agent/agent.repository';
import { registerAgentRoutes, superuserFromUrl } from './modules/agent/agent.routes';
import { createAgentService } from './modules/agent/agent.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createBrokerAuth } from './modules/auth/broker-auth';
import { registerUploads } from './modules/blobs/blob-http';
import { createBlobsModule } from './modules/blobs/blobs.module';
import { createBlobsRepository } from './modules/blobs/blobs.repository';
import type { BlobsService } from './modules/blobs/blobs.service';
import { createDatacenterModule } from './modules/datacenter/datacenter.module';
import { RUN_RECORD_EXPORT_COLUMNS } from './modules/datacenter/run-record-columns';
import { createCatalogue } from './modules/devices/catalogue';
import { registerDevicesRoutes } from './modules/devices/devices.routes';
import { createFleetEvents } from './modules/devices/fleet-events';
import { createTerminalsRepository } from './modules/devices/terminals.repository';
import { createTerminalsService } from './modules/devices/terminals.service';
import { createDictsRepository } from './modules/dicts/dicts.repository';
import { registerDictsRoutes } from './modules/dicts/dicts.routes';
import { createDictsService } from './modules/dicts/dicts.service';
import { groupUsageChecks } from './modules/groups/group-usage';
import { createGroupsRepository } from './modules/groups/groups.repository';
import { registerGroupsRoutes } from './modules/groups/groups.routes';
import { createGroupsService } from './modules/groups/groups.service';
import { createExportsModule } from './modules/jobs/exports.module';
import { createJobsModule } from './modules/jobs/jobs.module';
import type { JobsOptions } from './modules/jobs/jobs.service';
import { loadAppKeys } from './modules/keys/app-keys';
import { createKeysRepository } from './modules/keys/keys.repository';
import { createConsoleEventsRepository } from './modules/live/console-events.repository';
import { createConsoleEvents } from './modules/live/console-events.service';
import { announceSessionsEnded, watchSessionConnections } from './modules/live/session-connections';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailer } from './modules/mail/mailer';
import { createMediaRepository } from './modules/media/media.repository';
import { registerMediaRoutes } from './modules/media/media.routes';
import { createMediaService } from './modules/media/media.service';
import { createMenusRepository, findGrants, findRolePermissions } from './modules/menus/menus.repository';
import { registerSysMenuRoutes } from './modules/menus/sys-menu.routes';
import { createSysMenuService } from './modules/menus/sys-menu.service';
import { createMessagesModule } from './modules/messages/messages.module';
import { createOplogRepository } from './modules/oplog/oplog.repository';
import { registerOplogRoutes } from './modules/oplog/oplog.routes';
import { createOplogService } from './modules/oplog/oplog.service';
import { createPrivatizationRepository } from './modules/privatization/privatization.repository';
import { registerPrivatizationRoutes } from './modules/privatization/privatization.routes';
import { createPrivatizationService } from './modules/privatization/privatization.service';
import { createRegistryRepository } from './modules/registry/registry.repository';
import { registerRegistryRoutes } from './modules/registry/registry.routes';
import { createRegistryService } from './modules/registry/registry.service';
import { createRolesRepository } from './modules/roles/roles.repository';
import { registerRolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { createInspectionsRepository } from './modules/support/inspections.repository';
import { createInspectionsService } from './modules/support/inspections.service';
import { createOrdersRepository } from './modules/support/orders.repository';
import { createOrdersService } from './modules/support/orders.service';
import { registerSupportRoutes } from './modules/support/support.routes';
import { createSysFilesRepository } from './modules/sysfiles/sysfiles.repository';
import { registerSysFilesRoutes } from './modules/sysfiles/sysfiles.routes';
import { createSysFilesService, type FileUsage, noFileUses } from './modules/sysfiles/sysfiles.service';
import { createSystemRepository } from './modules/system/system.repository';
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
  gateway?: { flushMs?: number; sweepMs?: number; offlineAfterMs?: number; fleetEventsMs?: number };
  /** How often every live console connection's session is checked again (default 30 s). */
  sessionCheckMs?: number;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Background job runner timing; `run: false` leaves the runner stopped (tests drive it). */
  jobs?: Partial<JobsOptions> & { run?: boolean };
  /** Who uses system files (remote tasks); nothing does when absent. */
  sysFileUsage?: FileUsage;
};

export type App = {
  app: FastifyInstance;
  database: Database;
  broker: Broker | null;
  seed: SeedResult;
  /** The device gateway's rules (tests drive the sweep and flush directly). */
  agent: ReturnType<typeof createAgentService>;
  /** Files: uploads, downloads, signed links, the orphan sweep (a scheduler calls `sweepOrphans`). */
  blobs: BlobsService;
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
  await registerSecurity(app, { tileUrl: config.map.tileUrl });

  const db = database.db;
  const keys = await loadAppKeys(createKeysRepository(db));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox: createMailRepository(db),
    log: app.log,
  });
  const oplogRepo = createOplogRepository(db);
  const oplog = createOplogService({
    repo: oplogRepo,
    clock,
    onError: (err) => app.log.error({ err }, 'operation log write failed'),
  });

  // Sessions ended here or on another instance close their live connections (see session-connections).
  let brokerRef: Broker | null = null;
  const sessionsEnded = (userIds: string[]) => {
    if (!brokerRef || userIds.length === 0) return;
    announceSessionsEnded(brokerRef, userIds).catch((err: unknown) =>
      app.log.error({ err, userIds }, 'could not announce ended sessions'),
    );
  };

  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    sessionsEnded,
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
  const consoleEvents = createConsoleEvents({
    publish: () => (brokerRef ? brokerRef.publish : null),
    repo: createConsoleEventsRepository(db),
    clock,
    log: app.log,
  });
  const events = createFleetEvents({
    console: consoleEvents,
    log: app.log,
    flushMs: deps.gateway?.fleetEventsMs,
  });
  const datacenter = createDatacenterModule({
    db: database.db,
    clock,
    retention: config.activityRetention,
    offlineAfterSec: deps.gateway?.offlineAfterMs ? deps.gateway.offlineAfterMs / 1000 : undefined,
  });
  const agent = createAgentService({
    repo: createAgentRepository(database.db),
    activity: datacenter.service.activity,
    clock,
    events,
    log: app.log,
    flushMs: deps.gateway?.flushMs,
    offlineAfterMs: deps.gateway?.offlineAfterMs,
    notifyInstances: async (sns) => {
      if (brokerRef) await announceTerminalChanges(brokerRef, sns);
    },
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
  const sessionConnections = broker
    ? await watchSessionConnections({
        broker,
        liveSessionIds: (ids) => auth.liveSessionIds(ids),
        log: app.log,
        intervalMs: deps.sessionCheckMs,
      })
    : null;

  await registerUploads(app);
  const api = createEndpointRegistry(
    app,
    (token) => auth.resolve(token),
    (sn, secret) => agent.authenticate(sn, secret),
    ({ actor, ip, ...entry }) => oplog.recordAnonymous(actor, ip, entry),
  );
  registerSystemRoutes(api, { system: createSystemRepository(database), broker, map: config.map });
  const blobsModule = await createBlobsModule({
    api,
    db,
    config,
    clock,
    signingKey: keys.urlSigningKey,
    log: app.log,
  });
  registerAuthRoutes(api, { auth });
  const terminalsRepo = createTerminalsRepository(database.db);
  const terminals = createTerminalsService({
    repo: terminalsRepo,
    clock,
    broker,
    events,
    forgetDevice: agent.forget,
  });
  registerDevicesRoutes(api, {
    terminals,
    catalogue: createCatalogue({ db: database.db, clock, terminals: terminalsRepo }),
    blobs: blobsModule.blobs,
  });
  registerAgentRoutes(api, { agent, clock, superuser: superuserFromUrl(config.mqttUrl) });
  const groupsRepo = createGroupsRepository(db);
  registerGroupsRoutes(api, {
    groups: createGroupsService({
      repo: groupsRepo,
      clock,
      usageChecks: groupUsageChecks(db),
      accountVisible: (caller, id) => isAccountVisible(db, caller, id),
    }),
  });
  registerOplogRoutes(api, { repo: oplogRepo });
  const rolesRepo = createRolesRepository(db);
  const menusRepo = createMenusRepository(db);
  const roles = createRolesService({
    repo: rolesRepo,
    menus: menusRepo,
    clock,
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
      mailer,
      clock,
      publicUrl: config.publicUrl,
      sessionsEnded,
    }),
  });
  registerSysMenuRoutes(api, { menus: createSysMenuService({ repo: menusRepo, clock }) });
  registerDictsRoutes(api, { dicts: createDictsService({ repo: createDictsRepository(db), clock }) });
  registerPrivatizationRoutes(api, {
    customers: createPrivatizationService({ repo: createPrivatizationRepository(db), keys, clock }),
  });
  registerSysFilesRoutes(api, {
    files: createSysFilesService({
      repo: createSysFilesRepository(db),
      blobs: blobsModule.blobs,
      usage: deps.sysFileUsage ?? noFileUses,
    }),
  });
  registerRegistryRoutes(api, {
    registry: createRegistryService({
      repo: createRegistryRepository(db),
      keys,
      mailer,
      users: usersRepo,
      clock,
      publicUrl: config.publicUrl,
      sessionsEnded,
    }),
  });
  const messages = createMessagesModule({ api, db: database.db, clock, consoleEvents, log: app.log });
  const jobs = createJobsModule({ api, db, clock, consoleEvents, log: app.log, options: deps.jobs });
  createExportsModule({
    api,
    jobs,
    blobs: blobsModule.blobs,
    notifyUser: messages.notifyUser,
    clock,
    terminals,
    users: usersRepo,
    runRecords: datacenter.service.runRecordRows,
    runRecordColumns: RUN_RECORD_EXPORT_COLUMNS as never,
  });

  registerMediaRoutes(api, {
    media: createMediaService({ repo: createMediaRepository(db), blobs: blobsModule.blobs, clock }),
  });

  const dictsForSupport = createDictsService({ repo: createDictsRepository(db), clock });
  const supportMedia = createBlobsRepository(db);
  const supportOrdersService = createOrdersService({
    repo: createOrdersRepository(db),
    clock,
    terminal: (auth, sn) => terminals.detail(auth, sn),
    media: (auth, id) => supportMedia.findVisible(auth, id),
    mediaById: (id) => supportMedia.findById(id),
    accountVisible: (auth, id) => usersRepo.findVisible(auth, id),
    accountById: (id) => usersRepo.findById(id),
    dicts: () => dictsForSupport.bundle(),
    notifyUser: (n) => messages.notifyUser(n),
    mailer,
  });
  registerSupportRoutes(api, {
    orders: supportOrdersService,
    inspections: createInspectionsService({
      repo: createInspectionsRepository(db),
      clock,
      media: (auth, id) => supportMedia.findVisible(auth, id),
      orders: supportOrdersService,
    }),
  });
  await datacenter.attach(api, jobs);

  const missing = allEndpoints().filter((def) => !api.registered().includes(def));
  if (missing.length)
    throw new Error(`Endpoints without a handler: ${missing.map((d) => d.path).join(', ')}`);

  await registerOpenApi(app, () => buildOpenApi(api.registered(), VERSION));
  await registerWeb(app, config.webDist);

  if (deps.jobs?.run !== false) await jobs.start();

  app.addHook('onClose', async () => {
    await jobs.stop();
    await gateway?.stop();
    await sessionConnections?.stop();
    await blobsModule.stop();
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
    blobs: blobsModule.blobs,
    endpoints: api.registered(),
    noticesIdle: messages.noticesIdle,
    jobs,
  };
};
