import { ACCOUNT_STATE, allEndpoints, terminalTopic } from '@cpm/contracts';
import type { App, AppDeps } from './app.types';
import { openBroker } from './app-broker';
import type { AppEvents } from './app-events';
import { stopInOrder } from './app-shutdown';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed/seed';
import type { Broker } from './gateway/broker';
import { announceTerminalChanges, startDeviceGateway } from './gateway/device-gateway';
import { createAgentModule } from './modules/agent/agent.module';
import { registerAgentRoutes } from './modules/agent/agent.routes';
import { isSuperuserSn, superuserFromUrl } from './modules/agent/broker-superuser';
import { createHeartbeatAnswers } from './modules/agent/heartbeat-answers';
import { createAlertsModule } from './modules/alerts/alerts.module';
import { createAppMarketModule } from './modules/appmarket/appmarket.module';
import { appInstallTaskType, createTaskInstaller } from './modules/appmarket/task-install';
import { createAuditStreamModule } from './modules/auditstream/auditstream.module';
import { createAuthModule } from './modules/auth/auth.module';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createSessionConnections } from './modules/auth/session-connections';
import { registerUploads } from './modules/blobs/blob-http';
import { createBlobsModule } from './modules/blobs/blobs.module';
import { createCommandsModule } from './modules/commands/commands.module';
import { createDatacenterModule } from './modules/datacenter/datacenter.module';
import { RUN_RECORD_EXPORT_COLUMNS } from './modules/datacenter/run-record-columns';
import { createDevicesModule } from './modules/devices/devices.module';
import { createFleetEvents } from './modules/devices/fleet-events';
import { createDictsModule } from './modules/dicts/dicts.module';
import { createGeoModule } from './modules/geo/geo.module';
import { createPaymentLocksRepository } from './modules/geo/payment-locks.repository';
import { createPaymentLocksService } from './modules/geo/payment-locks.service';
import { createGroupsModule } from './modules/groups/groups.module';
import { createIdentityModule } from './modules/identity/identity.module';
import { createExportsModule } from './modules/jobs/exports.module';
import { createJobsModule } from './modules/jobs/jobs.module';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import { loadAppKeys } from './modules/keys/app-keys';
import { createKeysRepository } from './modules/keys/keys.repository';
import { createConsoleEventsRepository } from './modules/live/console-events.repository';
import { createConsoleEvents } from './modules/live/console-events.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailer } from './modules/mail/mailer';
import { createMediaRepository } from './modules/media/media.repository';
import { registerMediaRoutes } from './modules/media/media.routes';
import { createMediaService } from './modules/media/media.service';
import { findGrants } from './modules/menus/menus.repository';
import { createMessagesModule } from './modules/messages/messages.module';
import { createOplogRepository } from './modules/oplog/oplog.repository';
import { registerOplogRoutes } from './modules/oplog/oplog.routes';
import { createOplogService } from './modules/oplog/oplog.service';
import { createPrivatizationModule } from './modules/privatization/privatization.module';
import { createCallLimits } from './modules/registry/call-limits';
import { createCallCounters } from './modules/registry/request-counters.repository';
import { createRemoteModule } from './modules/remote/remote.module';
import { createReportsModule } from './modules/reports/reports.module';
import { createApiKeys, createServiceAccountsModule } from './modules/serviceaccounts/serviceaccounts.module';
import { createSupportModule } from './modules/support/support.module';
import { createSysFilesModule } from './modules/sysfiles/sysfiles.module';
import { createSystemRepository } from './modules/system/system.repository';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createTaskOutcomesService } from './modules/tasks/task-outcomes.service';
import { createTasksModule } from './modules/tasks/tasks.module';
import { createTasksRepository } from './modules/tasks/tasks.repository';
import { createUsersModule } from './modules/users/users.module';
import { createWebhooksModule } from './modules/webhooks/webhooks.module';
import { createEndpointRegistry } from './plugins/endpoints';
import { createHttpServer } from './plugins/http-server';
import { registerMetrics } from './plugins/metrics';
import { buildOpenApi, registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { systemClock } from './shared/clock';
import { createEventBus } from './shared/event-bus';
import { createSmsSender } from './shared/sms';
import { VERSION } from './version';

export type { App, AppDeps };

/** Builds the whole server: database (migrated and seeded), HTTP API, console, broker. Not yet listening. */
export const buildApp = async (deps: AppDeps): Promise<App> => {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? (await openDatabase(config));
  const seed = await seedDatabase(database.db, { adminPassword: config.adminPassword });

  const app = await createHttpServer(config, deps.logStream);

  const db = database.db;
  const keys = await loadAppKeys(createKeysRepository(db));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox: createMailRepository(db),
    log: app.log,
  });
  const bus = createEventBus<AppEvents>();
  const oplogRepo = createOplogRepository(db);
  const oplog = createOplogService({
    repo: oplogRepo,
    clock,
    onError: (err) => app.log.error({ err }, 'operation log write failed'),
    onRecorded: (entry) => void bus.emit('operation.recorded', entry),
  });
  // The session and device rules publish through the broker they authenticate for: this reference.
  let brokerRef: Broker | null = null;
  // Console sessions' long-lived connections, all closed when their session ends (on any instance).
  const sessionConnections = createSessionConnections({
    liveSessions: (ids) => auth.liveSessions(ids),
    log: app.log,
    intervalMs: deps.sessionCheckMs,
  });
  const sessionsEnded = (userIds: string[]) => {
    sessionConnections
      .announce(userIds)
      .catch((err: unknown) => app.log.error({ err, userIds }, 'could not announce ended sessions'));
  };
  const identity = createIdentityModule({ db, clock, keys, config });
  const { auth, ...signIn } = createAuthModule({ db, clock, config, keys, oplog, sessionsEnded, identity });

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
    heard: (changes) => void bus.emit('fleet.changed', changes),
  });
  const datacenter = createDatacenterModule({
    db,
    clock,
    retention: config.activityRetention,
    writeEveryMs: config.activityWriteMs,
    offlineAfterSec: deps.gateway?.offlineAfterMs ? deps.gateway.offlineAfterMs / 1000 : undefined,
  });
  const tasksRepo = createTasksRepository(db);
  // The heartbeat's pending work and payment lock, read once per terminal and change.
  const answers = createHeartbeatAnswers({
    clock,
    pending: (id) => tasksRepo.pending(id),
    paymentLock: (id) => paymentLocks.unconfirmed(id),
    log: app.log,
  });
  const paymentLocksRepo = createPaymentLocksRepository(db);
  const paymentLocks = createPaymentLocksService({
    changed: (id) => answers.changed([id]),
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
  // The external broker's superuser name is no terminal's SN (see the broker callbacks).
  const brokerSuperuser = superuserFromUrl(config.mqttUrl);
  const snReserved = (sn: string) => isSuperuserSn(brokerSuperuser, sn);
  const agent = createAgentModule({
    db: database.terminalDb ?? db,
    bus,
    paymentLocks,
    snReserved,
    connectsPerSec: config.terminalConnectsPerSec,
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
      : await openBroker(app, config, {
          resolveSession: (token) => auth.resolve(token),
          authenticateDevice: (sn, secret) => agent.authenticate(sn, secret),
          admitDevice: () => agent.admit(),
          connections: sessionConnections,
        });
  brokerRef = broker;
  // Registered before any route so its response hook times every one; counts are read when scraped.
  const metrics = registerMetrics(
    app,
    { ...config.metrics, host: config.host },
    {
      pool: () => database.pool?.(),
      jobCounts: () => createJobsRepository(db).countByStatus(),
      connections: () => broker?.connectedIdentities() ?? [],
      gateway: () => agent.stats(),
    },
  );
  const gateway = broker
    ? await startDeviceGateway({ broker, handler: agent, log: app.log, sweepMs: deps.gateway?.sweepMs })
    : null;
  await sessionConnections.start(broker);
  if (broker) await answers.listen(broker);

  await registerUploads(app);
  const api = createEndpointRegistry(
    app,
    (token, meta) => auth.resolve(token, meta),
    (sn, secret) => agent.authenticate(sn, secret),
    ({ actor, ip, ...entry }) => oplog.recordAnonymous(actor, ip, entry),
    createCallLimits({ limits: config.callLimits, clock, ...createCallCounters(db) }),
    sessionConnections.register,
    createApiKeys({ db, clock, oplog }).authenticate,
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
  registerAuthRoutes(api, { auth, ...signIn });
  identity.register(api, { auth, oplog });
  const jobs = createJobsModule({ api, db, clock, consoleEvents, log: app.log, options: deps.jobs });
  const devices = createDevicesModule({
    api,
    db,
    clock,
    broker,
    events,
    blobs: blobsModule.blobs,
    jobs,
    rollups: datacenter.service,
    forgetDevice: agent.forget,
    paymentLock: paymentLocks.standing,
    // The market is built later; the detail asks it only once requests run.
    marketNames: (auth, platform, packages) => appMarket.market.marketNames(auth, platform, packages),
    snReserved,
    log: app.log,
  });
  registerAgentRoutes(api, { agent, clock, superuser: brokerSuperuser, answers: (d) => answers.get(d.id) });
  const groupsRepo = createGroupsModule({ api, db, clock }).repo;
  registerOplogRoutes(api, { repo: oplogRepo });
  const audit = createAuditStreamModule({ api, db, clock, oplog, log: app.log, options: deps.auditStream });
  const dicts = createDictsModule({ api, db, clock });
  const { usersRepo, ...accounts } = createUsersModule({
    api,
    db,
    clock,
    mailer,
    keys,
    dicts,
    groups: groupsRepo,
    publicUrl: config.publicUrl,
    sessionsEnded,
    // Always the password itself: a fresh step-up does not stand in for the current password.
    confirmPassword: async (caller, password) => (await auth.reverify(caller, password)) === 'verified',
  });
  createPrivatizationModule({ api, db, clock, keys, dicts });
  createServiceAccountsModule({ api, db, clock, jobs, ...accounts });
  createSysFilesModule({
    api,
    db,
    blobs: blobsModule.blobs,
    usage: deps.sysFileUsage ?? { usedBy: (id) => tasksRepo.activeUsesOfFile(id) },
    log: app.log,
  });
  const messages = createMessagesModule({ api, db, clock, consoleEvents, log: app.log });
  const webhooks = createWebhooksModule({ api, db, clock, keys, jobs, bus, messages, config, log: app.log });
  const alertsBase = { api, db, clock, jobs, bus, config, log: app.log, messages, usersRepo };
  const alertsDeps = { ...alertsBase, webhooks, consoleEvents };
  const taskOutcomes = createTaskOutcomesService({ repo: tasksRepo });
  createReportsModule({ ...alertsDeps, devices, taskOutcomes, alerts: createAlertsModule(alertsDeps) });
  createExportsModule({
    api,
    jobs,
    blobs: blobsModule.blobs,
    notifyUser: messages.notifyUser,
    clock,
    terminals: devices.terminals,
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
    terminals: devices.terminals,
    blobs: blobsModule.blobs,
    users: usersRepo,
    groups: groupsRepo,
    notifyUser: (n) => messages.notifyUser(n),
    mailer,
    consoleEvents,
    jobs,
    sms: createSmsSender(config.sms, app.log),
    announce: (e) => void bus.emit('domain.event', e),
  });
  bus.on('terminal.fault', support.heard);
  const geo = createGeoModule({
    api,
    db,
    clock,
    log: app.log,
    geocoder: config.geocoder,
    paymentLocks,
    paymentLocksRepo,
    consoleEvents,
    events,
    users: usersRepo,
    terminals: devices.terminalsRepo,
    jobs,
    mailer,
  });
  bus.on('terminal.locations', geo.fences.checkFixes);
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
    terminals: devices.terminals,
    groups: groupsRepo,
    auth,
    connections: sessionConnections,
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
    auth,
    consoleEvents,
    notifyUser: messages.notifyUser,
    log: app.log,
    work: { changed: () => answers.changed(), taken: answers.taken },
    options: deps.tasks,
    announce: (e) => void bus.emit('domain.event', e),
    market: () => appMarket.market,
  });
  const appMarket = createAppMarketModule({
    api,
    healthCheckSec: config.appHealthCheckSec,
    db,
    clock,
    blobs: blobsModule.blobs,
    jobs,
    mailer,
    accountById: (id) => usersRepo.findById(id),
    async actingAs(userId) {
      const user = await usersRepo.findById(userId);
      if (user?.state !== ACCOUNT_STATE.active) return null;
      const grants = await findGrants(db, user.id);
      return { userId: user.id, sessionId: '', username: user.username, state: user.state, ...grants };
    },
    notifyUser: (n) => messages.notifyUser(n),
    installer: deps.appInstaller ?? createTaskInstaller(tasks.tasks, () => clock.now()),
    announce: (e) => void bus.emit('domain.event', e),
  });
  bus.on('terminal.appEvent', appMarket.heardAppEvent);
  tasks.types.add(appInstallTaskType(appMarket.market));
  const commands = createCommandsModule({
    api,
    db,
    clock,
    tasks: tasks.tasks,
    blobs: blobsModule.blobs,
    consoleEvents,
  });
  bus.on('terminal.taskOutput', (device, deliveryId, text, at) =>
    commands.commands
      .output(device, deliveryId, text, at)
      .catch((err: unknown) => app.log.warn({ err, sn: device.sn }, 'command output not kept')),
  );
  const missing = allEndpoints().filter((def) => !api.registered().includes(def));
  if (missing.length)
    throw new Error(`Endpoints without a handler: ${missing.map((d) => d.path).join(', ')}`);

  await registerOpenApi(app, () => buildOpenApi(api.registered(), VERSION));
  await registerWeb(app, config.webDist);

  if (deps.jobs?.run !== false) await jobs.start();

  stopInOrder(
    app,
    {
      agent,
      policies: devices.policies,
      tasks,
      jobs,
      audit,
      remote,
      gateway,
      sessionConnections,
      blobs: blobsModule,
      activity: datacenter.service.activity,
      events,
      notices: messages,
      broker,
      database: deps.database ? null : database,
    },
    deps.shutdown,
  );
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
    sessionConnections,
    webhooks: webhooks.outbound,
  };
};
