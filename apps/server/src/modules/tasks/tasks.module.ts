import { randomUUID } from 'node:crypto';
import { terminalFilters, terminalTopic } from '@cpm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import type { AuthService } from '../auth/auth.service';
import type { BlobsService } from '../blobs/blobs.service';
import type { JobsService } from '../jobs/jobs.service';
import type { ConsoleEvents } from '../live/console-events.service';
import { createMediaRepository } from '../media/media.repository';
import { findPermissionHolders } from '../menus/menus.repository';
import type { NotifyUser } from '../messages/messages.service';
import { createSysFilesRepository } from '../sysfiles/sysfiles.repository';
import type { UsersRepository } from '../users/users.repository';
import { createNudger } from './nudger';
import { createTaskAgentService } from './task-agent.service';
import { announceTaskChanges, createTaskChanges } from './task-changes';
import { announceTaskEvents } from './task-domain-events';
import { createTaskExports } from './task-exports';
import { fillSearchNames } from './task-names';
import { createTaskRunner, type TaskRunnerOptions } from './task-runner';
import { createTaskTypeRegistry } from './task-type-registry';
import { announceWorkChanges, type WorkChanges } from './task-work';
import { createTasksRepository, type TasksRepository } from './tasks.repository';
import { registerTasksRoutes } from './tasks.routes';
import { createTasksService, type TasksServiceDeps } from './tasks.service';
import { createWhitelistRepository } from './whitelist.repository';
import { createWhitelistService } from './whitelist.service';

/** Timing of the tasks module (tests stop the monitor and drive `tick` themselves). */
export type TasksOptions = Partial<TaskRunnerOptions> & {
  /** How often the monitor runs; false: never on its own. */
  monitorMs?: number | false;
  /** Nudge limits (see the nudger). */
  nudgePerSecond?: number;
  nudgePerTerminalMs?: number;
};

/** How long a terminal's link to a wallpaper or boot animation stays valid. */
const MEDIA_LINK_SECONDS = 24 * 3600;

/**
 * Wires remote tasks: repository, type registry, nudges through the broker, the fan-out job and the
 * monitor, the services and routes, and the `up/result` subscription.
 */
export const createTasksModule = async (deps: {
  api: EndpointRegistry;
  db: Db;
  repo?: TasksRepository;
  clock: Clock;
  jobs: JobsService;
  broker: Broker | null;
  blobs: BlobsService;
  users: UsersRepository;
  auth: Pick<AuthService, 'confirmRisky'>;
  consoleEvents: Pick<ConsoleEvents, 'audienceOf' | 'publishToUsers'>;
  notifyUser: NotifyUser;
  /** Hears task domain events (webhooks). */
  announce?: AnnounceDomainEvent;
  log: FastifyBaseLogger;
  /** The app market's names for the app picker (see the service). */
  market?: TasksServiceDeps['market'];
  /** Told when the work terminals could pull may have changed (the heartbeat answers it). */
  work?: WorkChanges;
  options?: TasksOptions;
}) => {
  const { clock, broker, log } = deps;
  const plain = deps.repo ?? createTasksRepository(deps.db);
  await fillSearchNames(plain);
  const storage = deps.work ? announceWorkChanges(plain, deps.work) : plain;
  const changes = createTaskChanges({
    ownersOf: (ids) => storage.ownersOf(ids),
    audienceOf: (ownerId) => deps.consoleEvents.audienceOf(ownerId),
    publish: (userIds, event) => deps.consoleEvents.publishToUsers(userIds, 'task', event),
    log,
  });
  const announced = announceTaskChanges(storage, (ids) => changes.changed(ids));
  const repo = deps.announce ? announceTaskEvents(announced, deps.announce) : announced;
  const whitelistRepo = createWhitelistRepository(deps.db);
  const sysFiles = createSysFilesRepository(deps.db);
  const media = createMediaRepository(deps.db);
  const types = createTaskTypeRegistry({
    sysFile: (auth, id) => sysFiles.findVisible(auth, id),
    wallpaper: (auth, id) => media.findWallpaper(auth, id),
    bootAnimation: (auth, id) => media.findBoot(auth, id),
    packageKnown: (auth, name) => repo.packageKnown(auth, name),
  });
  const nudgePayload = () => JSON.stringify({ type: 'task', ts: clock.now().getTime() });
  const nudger = createNudger({
    send: broker
      ? (sn) => broker.publish(terminalTopic(sn, 'down', 'task'), nudgePayload(), { qos: 0 })
      : null,
    now: () => Date.now(),
    onError: (err) => log.warn({ err }, 'task nudge not sent'),
    perSecond: deps.options?.nudgePerSecond,
    perTerminalMs: deps.options?.nudgePerTerminalMs,
  });
  const notify = async (n: Omit<Parameters<NotifyUser>[0], 'id'>) => {
    const { announce } = await deps.notifyUser({ id: randomUUID(), ...n });
    announce();
  };
  const runner = createTaskRunner({
    repo,
    jobs: deps.jobs,
    nudger,
    clock,
    log,
    notify,
    workAdded: () => deps.work?.changed(),
    options: deps.options,
  });
  runner.register();
  const tasks = createTasksService({
    repo,
    whitelists: whitelistRepo,
    types,
    runner,
    clock,
    nudge: (sns) => nudger.nudge(sns),
    reverify: (auth, password) => deps.auth.confirmRisky(auth, password),
    notify,
    approvers: (creatorId) => findPermissionHolders(deps.db, 'task:task:approve', creatorId),
    market: deps.market,
  });
  const agent = createTaskAgentService({
    repo,
    types,
    clock,
    log,
    links: { signed: (blobId) => deps.blobs.signUrl(blobId, MEDIA_LINK_SECONDS).url },
  });
  registerTasksRoutes(deps.api, {
    tasks,
    whitelists: createWhitelistService({ repo: whitelistRepo, clock }),
    agent,
    exports: createTaskExports({ tasks, repo }),
    blobs: deps.blobs,
  });

  const unsubscribe = broker
    ? // Shared: one instance of several on the broker takes each result. Answering the write lets the
      // embedded broker acknowledge the result only once it is stored.
      await broker.subscribe(
        terminalFilters.upAll.replace(/\+$/, 'result'),
        (topic, payload) =>
          agent
            .handleResultMessage(topic, payload)
            .catch((err: unknown) => log.error({ err, topic }, 'task result failed')),
        { shared: true },
      )
    : null;

  let running: Promise<void> | null = null;
  const tick = async () => {
    // One pass at a time on this instance; a pass still running when the timer fires is not doubled.
    running ??= runner.tick().finally(() => {
      running = null;
    });
    return running;
  };
  const monitorMs = deps.options?.monitorMs ?? 5000;
  const timer =
    monitorMs === false
      ? null
      : setInterval(() => {
          tick().catch((err: unknown) => log.error({ err }, 'task monitor failed'));
        }, monitorMs);
  timer?.unref();

  return {
    tasks,
    agent,
    types,
    /** One monitor pass (tests call it; the timer calls it otherwise). */
    tick,
    /** Resolves once queued nudges have gone out. */
    nudgesIdle: () => nudger.idle(),
    nudgeStats: () => nudger.stats(),
    /** Announces the task changes gathered so far at once (tests). */
    announceChanges: () => changes.flush(),
    async stop() {
      if (timer) clearInterval(timer);
      changes.close();
      nudger.stop();
      await running;
      await unsubscribe?.();
    },
  };
};

export type TasksModule = Awaited<ReturnType<typeof createTasksModule>>;
