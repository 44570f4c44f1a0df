import {
  ACCOUNT_STATE,
  allEndpoints,
  type DeviceEvent,
  type EndpointDef,
  LIMITS,
  terminalTopic,
} from '@cpm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { type Broker, createBroker } from './gateway/broker';
import { announceTerminalChanges, startDeviceGateway } from './gateway/device-gateway';
import { createAgentRepository } from './modules/agent/agent.repository';
import { registerAgentRoutes } from './modules/agent/agent.routes';
import { createAgentService } from './modules/agent/agent.service';
import { isSuperuserSn, superuserFromUrl } from './modules/agent/broker-superuser';
import { createAppMarketModule } from './modules/appmarket/appmarket.module';
import type { AppInstaller } from './modules/appmarket/appmarket.service';
import { appInstallTaskType, createTaskInstaller } from './modules/appmarket/task-install';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createBrokerAuth } from './modules/auth/broker-auth';
import { createDeviceTokens } from './modules/auth/device-token';
import { registerUploads } from './modules/blobs/blob-http';
import { createBlobsModule } from './modules/blobs/blobs.module';
import type { BlobsService } from './modules/blobs/blobs.service';
import { createCommandsModule } from './modules/commands/commands.module';
import { createDatacenterModule } from './modules/datacenter/datacenter.module';
import type { DatacenterService } from './modules/datacenter/datacenter.service';
import { RUN_RECORD_EXPORT_COLUMNS } from './modules/datacenter/run-record-columns';
import { createCatalogue } from './modules/devices/catalogue.module';
import { registerDevicesRoutes } from './modules/devices/devices.routes';
import { createFleetEvents } from './modules/devices/fleet-events';
import { createTerminalsRepository } from './modules/devices/terminals.repository';
import { createTerminalsService, TAKEN_ANSWER_LIMIT } from './modules/devices/terminals.service';
import { createDictsRepository } from './modules/dicts/dicts.repository';
import { registerDictsRoutes } from './modules/dicts/dicts.routes';
import { createDictsService } from './modules/dicts/dicts.service';
import { createCityIndex } from './modules/geo/city-index';
import { createFenceAlerts } from './modules/geo/fence-alerts';
import { createFencesRepository } from './modules/geo/fences.repository';
import { createFencesService } from './modules/geo/fences.service';
import { createGeoRepository } from './modules/geo/geo.repository';
import { registerFenceRoutes, registerGeoRoutes } from './modules/geo/geo.routes';
import { createGeoService } from './modules/geo/geo.service';
import { createPaymentLocksRepository } from './modules/geo/payment-locks.repository';
import { createPaymentLocksService } from './modules/geo/payment-locks.service';
import { createStreetGeocoder } from './modules/geo/street-geocoder';
import { groupUsageChecks } from './modules/groups/group-usage.repository';
import { createGroupsRepository } from './modules/groups/groups.repository';
import { registerGroupsRoutes } from './modules/groups/groups.routes';
import { createGroupsService } from './modules/groups/groups.service';
import { createExportsModule } from './modules/jobs/exports.module';
import { createJobsModule } from './modules/jobs/jobs.module';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import type { JobsOptions } from './modules/jobs/jobs.service';
import { loadAppKeys } from './modules/keys/app-keys';
import { createKeysRepository } from './modules/keys/keys.repository';
import { createConsoleEventsRepository } from './modules/live/console-events.repository';
import { createConsoleEvents } from './modules/live/console-events.service';
import { listenLiveMqttPort } from './modules/live/live-mqtt-port';
import { announceSessionsEnded, watchSessionConnections } from './modules/live/session-connections';
import { registerMailJob } from './modules/mail/mail.jobs';
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
import { hitLimit } from './modules/registry/request-counters.repository';
import { createRemoteModule } from './modules/remote/remote.module';
import { createRolesRepository } from './modules/roles/roles.repository';
import { registerRolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { createSupportModule, SMS_JOB_KIND } from './modules/support/support.module';
import { createSysFilesRepository } from './modules/sysfiles/sysfiles.repository';
import { registerSysFilesRoutes } from './modules/sysfiles/sysfiles.routes';
import { createSysFilesService, type FileUsage } from './modules/sysfiles/sysfiles.service';
import { createSystemRepository } from './modules/system/system.repository';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createTasksModule, type TasksModule, type TasksOptions } from './modules/tasks/tasks.module';
import { createTasksRepository } from './modules/tasks/tasks.repository';
import { createUsersRepository, isAccountVisible } from './modules/users/users.repository';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createEndpointRegistry } from './plugins/endpoints';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { buildOpenApi, registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { type Clock, systemClock } from './shared/clock';
import { loggerOptions } from './shared/logger';
import { createSmsSender } from './shared/sms';
import { VERSION } from './version';

/** A shutdown step taking this long is logged by name. */
const SLOW_SHUTDOWN_STEP_MS = 1_000;

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
  /** Creates install tasks for the app market (remote tasks); nothing installs when absent. */
  appInstaller?: AppInstaller;
  /** Remote tasks' monitor, fan-out batch and nudge limits (tests stop the monitor). */
  tasks?: TasksOptions;
};

export type App = {
  app: FastifyInstance;
  database: Database;
  broker: Broker | null;
  seed: SeedResult;
  /** The device gateway's rules (tests drive the sweep and flush directly). */
  agent: ReturnType<typeof createAgentService>;
  /** The data centre's rules (tests write the gathered rollups with `activity.writeAll`). */
  datacenter: DatacenterService;
  /** Files: uploads, downloads, signed links, the orphan sweep (a scheduler calls `sweepOrphans`). */
  blobs: BlobsService;
  /** Every endpoint the server answers, as registered. */
  endpoints: readonly EndpointDef[];
  /** Resolves once live notices queued so far have gone out. */
  noticesIdle(): Promise<void>;
  /** Background jobs: enqueue, handlers, the runner. */
  jobs: ReturnType<typeof createJobsModule>;
  /** Remote desktop: session rules and the relay. */
  remote: Awaited<ReturnType<typeof createRemoteModule>>;
  /** The app market's rules (tests run the health gate directly). */
  appMarket: ReturnType<typeof createAppMarketModule>['market'];
  /** Remote tasks: services, the monitor pass (`tick`), nudges. */
  tasks: TasksModule;
  /** Prometheus metrics: the registry, and the separate listener's port once listening. */
  metrics: ReturnType<typeof registerMetrics>;
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
  // Set once the broker and the device rules exist; sessions, events and the metrics read them late.
  let brokerRef: Broker | null = null;
  let agentRef: ReturnType<typeof createAgentService> | null = null;
  // Registered first so its response hook times every route, broker and gateway counts are read when scraped.
  const metrics = registerMetrics(
    app,
    { ...config.metrics, host: config.host },
    {
      pool: () => database.pool?.(),
      jobCounts: () => createJobsRepository(database.db).countByStatus(),
      connections: () => brokerRef?.connectedIdentities() ?? [],
      gateway: () => agentRef?.stats() ?? { accepted: 0, malformed: 0, refused: 0, rateLimited: 0 },
    },
  );
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
  const sessionsEnded = (userIds: string[]) => {
    if (!brokerRef || userIds.length === 0) return;
    announceSessionsEnded(brokerRef, userIds).catch((err: unknown) =>
      app.log.error({ err, userIds }, 'could not announce ended sessions'),
    );
  };

  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    deviceTokens: createDeviceTokens(keys.deviceTokenKey),
    sessionsEnded,
    clock,
    accountVisible: (caller, id) => isAccountVisible(db, caller, id),
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
    writeEveryMs: config.activityWriteMs,
    offlineAfterSec: deps.gateway?.offlineAfterMs ? deps.gateway.offlineAfterMs / 1000 : undefined,
  });
  // Peripheral health (technical support) hears every fault; it is wired once the API exists.
  let faultSink: NonNullable<Parameters<typeof createAgentService>[0]['onFault']> = async () => undefined;
  // The app market is built after the gateway; crashes reach it once it is there.
  let appHealth: ((sn: string, ev: DeviceEvent, at: Date) => Promise<void>) | null = null;
  // Geofences hear every accepted fix; they are wired once mail, jobs and accounts exist.
  let locationSink: NonNullable<Parameters<typeof createAgentService>[0]['onLocations']> = async () =>
    undefined;
  const paymentLocksRepo = createPaymentLocksRepository(database.db);
  const paymentLocks = createPaymentLocksService({
    repo: paymentLocksRepo,
    clock,
    log: app.log,
    send: async (sn, cmd) => {
      await brokerRef
        ?.publish(terminalTopic(sn, 'down', 'cmd'), JSON.stringify(cmd), { qos: 1 })
        .catch((err: unknown) => app.log.warn({ err, sn }, 'payment lock not sent'));
    },
    audit: (entry) => oplog.recordAnonymous({ id: null, name: 'system' }, null, entry),
  });
  // Remote commands stream what terminals print; they are built after the gateway too.
  let taskOutput: NonNullable<Parameters<typeof createAgentService>[0]['taskOutput']> = async () => undefined;
  // The external broker's superuser name is no terminal's SN (see the broker callbacks).
  const brokerSuperuser = superuserFromUrl(config.mqttUrl);
  const snReserved = (sn: string) => isSuperuserSn(brokerSuperuser, sn);
  // Shared by every instance (the database's request counters): see TAKEN_ANSWER_LIMIT.
  const countTakenAnswers = (accountId: string, amount: number) =>
    hitLimit(
      db,
      `taken:${accountId}`,
      TAKEN_ANSWER_LIMIT,
      clock.now(),
      'terminalTakenAnswersThrottled',
      amount,
    );
  const agent: ReturnType<typeof createAgentService> = createAgentService({
    snReserved,
    onLocations: (fixes) => locationSink(fixes),
    onHello: (device) => paymentLocks.hello(device),
    onPaymentLock: (device, locked, at) => paymentLocks.reported(device.id, locked, at),
    taskOutput: (device, deliveryId, text, at) => taskOutput(device, deliveryId, text, at),
    appHealth: (sn, ev, at) => appHealth?.(sn, ev, at) ?? Promise.resolve(),
    // Terminal-side work has its own small pool on PostgreSQL, so a fleet reconnecting never waits ahead of the API.
    repo: createAgentRepository(database.terminalDb ?? database.db),
    connectsPerSec: config.terminalConnectsPerSec,
    onFault: (fault) => faultSink(fault),
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

  agentRef = agent;
  const broker =
    deps.broker === false
      ? null
      : await createBroker({
          mqttUrl: config.mqttUrl,
          mqttPort: config.mqttPort,
          shareGroup: config.mqttShareGroup,
          host: config.host,
          auth: createBrokerAuth({
            resolveSession: (token) => auth.resolve(token),
            authenticateDevice: (sn, secret) => agent.authenticate(sn, secret),
            admitDevice: () => agent.admit(),
            devices: !config.mqttUrl,
          }),
          logger: app.log,
        });
  broker?.attachWebSocket(app.server);
  // Live messaging on a port of its own as well (LIVE_MQTT_PORT), once the main port listens.
  const liveMqttPort = config.liveMqttPort;
  if (broker && liveMqttPort) {
    let live: Awaited<ReturnType<typeof listenLiveMqttPort>> | null = null;
    app.addHook('onListen', async () => {
      live = await listenLiveMqttPort({
        port: liveMqttPort,
        host: config.host,
        attach: (server) => broker.attachWebSocket(server),
      });
      app.log.info({ port: live.port }, 'live messaging (/mqtt) listening on its own port');
    });
    app.addHook('preClose', async () => {
      await live?.close();
    });
  }
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
    paymentLock: paymentLocks.standing,
    snReserved,
    countTakenAnswers,
  });
  const catalogue = createCatalogue({
    db: database.db,
    clock,
    terminals: terminalsRepo,
    rollups: datacenter.service,
    snReserved,
    countTakenAnswers,
  });
  registerDevicesRoutes(api, { terminals, catalogue, blobs: blobsModule.blobs });
  const cities = createCityIndex();
  registerGeoRoutes(api, {
    geo: createGeoService({
      repo: createGeoRepository(db),
      clock,
      cities,
      street: createStreetGeocoder(config.geocoder),
    }),
  });
  const tasksRepo = createTasksRepository(db);
  registerAgentRoutes(api, {
    agent,
    clock,
    superuser: brokerSuperuser,
    pendingWork: (device) => tasksRepo.pending(device.id),
    paymentLock: (device) => paymentLocks.unconfirmed(device.id),
  });
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
  const dicts = createDictsService({ repo: createDictsRepository(db), clock });
  registerUsersRoutes(api, {
    repo: usersRepo,
    dicts,
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
  registerDictsRoutes(api, { dicts });
  registerPrivatizationRoutes(api, {
    dicts,
    customers: createPrivatizationService({ repo: createPrivatizationRepository(db), keys, clock }),
  });
  registerSysFilesRoutes(api, {
    files: createSysFilesService({
      repo: createSysFilesRepository(db),
      blobs: blobsModule.blobs,
      usage: deps.sysFileUsage ?? { usedBy: (id) => tasksRepo.activeUsesOfFile(id) },
      log: app.log,
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
  // The dashboard's counters: their change rows folded into one per key every minute.
  jobs.registerHandler('devices.tallies', () => catalogue.dashboard.foldTallies());
  jobs.schedule({ name: 'devices.tallies', cron: '* * * * *', kind: 'devices.tallies' });
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
    supportOrders: (auth, filter) => support.orders.exportRows(auth, filter),
    inspectionRecords: (auth, filter) => support.inspections.exportRows(auth, filter),
    dicts,
  });

  registerMediaRoutes(api, {
    media: createMediaService({ repo: createMediaRepository(db), blobs: blobsModule.blobs, clock, jobs }),
  });

  const support = createSupportModule({
    api,
    db,
    clock,
    log: app.log,
    terminals,
    blobs: blobsModule.blobs,
    users: usersRepo,
    notifyUser: (n) => messages.notifyUser(n),
    mailer,
    consoleEvents,
    jobs,
    sms: createSmsSender(config.sms, app.log),
  });
  faultSink = support.heard;
  const fences = createFencesService({
    repo: createFencesRepository(db),
    clock,
    log: app.log,
    locks: { reconcile: paymentLocks.reconcile, violatorsOf: paymentLocksRepo.violatorsOf },
    alert: createFenceAlerts({
      audienceOf: (ownerId) => consoleEvents.audienceOf(ownerId),
      account: (id) => usersRepo.findById(id),
      terminalName: async (id) => (await terminalsRepo.findById(id))?.name ?? '',
      queueMail: registerMailJob(jobs, mailer),
      queueSms: async (to, text) => {
        await jobs.enqueueJob({ kind: SMS_JOB_KIND, payload: { to, text } });
      },
      emit: (change) => events.emit(change),
      cities,
      log: app.log,
    }),
  });
  registerFenceRoutes(api, { fences });
  locationSink = fences.checkFixes;
  await datacenter.attach(api, jobs);
  const remote = await createRemoteModule({
    api,
    app,
    db,
    config,
    clock,
    log: app.log,
    broker,
    blobs: blobsModule.blobs,
    terminals,
    groups: groupsRepo,
    auth,
    users: usersRepo,
    jobs,
  });
  const tasks = await createTasksModule({
    api,
    db,
    repo: tasksRepo,
    clock,
    jobs,
    broker,
    blobs: blobsModule.blobs,
    users: usersRepo,
    consoleEvents,
    notifyUser: messages.notifyUser,
    log: app.log,
    options: deps.tasks,
  });
  const appMarket = createAppMarketModule({
    api,
    db,
    clock,
    blobs: blobsModule.blobs,
    jobs,
    mailer,
    accountById: (id) => usersRepo.findById(id),
    async actingAs(userId) {
      const user = await usersRepo.findById(userId);
      if (user?.state !== ACCOUNT_STATE.active) return null;
      const grants = await findGrants(database.db, user.id);
      return { userId: user.id, sessionId: '', username: user.username, state: user.state, ...grants };
    },
    notifyUser: (n) => messages.notifyUser(n),
    installer: deps.appInstaller ?? createTaskInstaller(tasks.tasks, () => clock.now()),
  });
  appHealth = async (sn, ev, at) => {
    const app = ev.app;
    if (!app?.packageName) return;
    if ((ev.type === 'appCrash' || ev.type === 'appAnr') && app.versionCode !== undefined)
      await appMarket.market.recordCrash(sn, {
        type: ev.type,
        packageName: app.packageName,
        versionCode: app.versionCode,
        at,
      });
    if (ev.type === 'appInstalled' || ev.type === 'appRemoved')
      await appMarket.market.recordTerminalApp(sn, {
        installed: ev.type === 'appInstalled',
        packageName: app.packageName,
        versionCode: app.versionCode ?? null,
        at,
      });
  };
  tasks.types.add(appInstallTaskType(appMarket.market));
  const commands = createCommandsModule({
    api,
    db,
    clock,
    tasks: tasks.tasks,
    blobs: blobsModule.blobs,
    consoleEvents,
  });
  taskOutput = async (device, deliveryId, text, at) => {
    await commands.commands
      .output(device, deliveryId, text, at)
      .catch((err: unknown) => app.log.warn({ err, sn: device.sn }, 'command output not kept'));
  };

  const missing = allEndpoints().filter((def) => !api.registered().includes(def));
  if (missing.length)
    throw new Error(`Endpoints without a handler: ${missing.map((d) => d.path).join(', ')}`);

  await registerOpenApi(app, () => buildOpenApi(api.registered(), VERSION));
  await registerWeb(app, config.webDist);

  if (deps.jobs?.run !== false) await jobs.start();

  // Before the HTTP server stops: open console connections would hold its close for the whole grace.
  app.addHook('preClose', async () => {
    broker?.endWebSockets();
  });
  app.addHook('onClose', async () => {
    // Each step is timed: one that holds the stop up is named in the log, so a shutdown that misses
    // its deadline says where the time went.
    const step = async (name: string, run: () => Promise<unknown> | undefined) => {
      const started = performance.now();
      await run();
      const ms = Math.round(performance.now() - started);
      if (ms >= SLOW_SHUTDOWN_STEP_MS) app.log.warn({ step: name, ms }, 'shutdown step was slow');
    };
    // Terminal work stops first (connections refused, messages ignored, what runs finished and written),
    // so nothing a terminal sends reaches the database after it closes.
    await step('agent', () => agent.stop());
    await step('tasks', () => tasks.stop());
    await step('jobs', () => jobs.stop());
    await step('remote', () => remote.close());
    await step('gateway', () => gateway?.stop());
    await step('session connections', () => sessionConnections?.stop());
    await step('blobs', () => blobsModule.stop());
    await step('heartbeats', () => agent.flush());
    // The rollups gathered since their last write: a graceful stop loses none. A failure is logged and
    // the stop goes on, so the database still closes.
    await step('activity', () =>
      datacenter.service.activity
        .writeAll()
        .catch((err: unknown) => app.log.error({ err }, 'activity rollups not written at shutdown')),
    );
    await step('events', () => events.flush());
    await step('notices', () => messages.noticesIdle());
    await step('broker', () => broker?.close());
    if (!deps.database) await step('database', () => database.close());
  });
  return {
    app,
    database,
    broker,
    seed,
    agent,
    datacenter: datacenter.service,
    blobs: blobsModule.blobs,
    endpoints: api.registered(),
    noticesIdle: messages.noticesIdle,
    jobs,
    remote,
    appMarket: appMarket.market,
    tasks,
    metrics,
  };
};
