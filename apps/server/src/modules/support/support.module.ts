import { randomUUID } from 'node:crypto';
import { HEALTH_WINDOW_MAX_MINUTES } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import type { SmsSender } from '../../shared/sms';
import { createBlobsRepository } from '../blobs/blobs.repository';
import type { BlobsService } from '../blobs/blobs.service';
import type { TerminalsService } from '../devices/terminals.service';
import { createDictsRepository } from '../dicts/dicts.repository';
import { createDictsService } from '../dicts/dicts.service';
import type { GroupsRepository } from '../groups/groups.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ConsoleEvents } from '../live/console-events.service';
import type { Mailer } from '../mail/mailer';
import { mailLang } from '../mail/templates';
import type { NotifyUser } from '../messages/messages.service';
import type { UsersRepository } from '../users/users.repository';
import { createHealthRepository } from './health.repository';
import { createHealthService, type HeardFault } from './health.service';
import { createInspectionsRepository } from './inspections.repository';
import { createInspectionsService } from './inspections.service';
import { createOrdersRepository } from './orders.repository';
import { createOrdersService } from './orders.service';
import { registerSupportRoutes } from './support.routes';

/** The job kind that sends one SMS (retried by the jobs runner when the provider fails). */
export const SMS_JOB_KIND = 'support.sms';

/** The daily job that forgets faults which never came to anything. */
export const HEALTH_PRUNE_JOB_KIND = 'support.healthPrune';

/**
 * Faults that opened no order and no proposal are kept this long: four times the longest window a
 * rule may count over, so no rule ever misses a fault, and the table stays small at any fleet size.
 * Faults linked to an order or a proposal stay as its evidence.
 */
export const HEALTH_EVENT_RETENTION_DAYS = (4 * HEALTH_WINDOW_MAX_MINUTES) / (24 * 60);

/** A signed link to a photo lives this long: enough to read a record or an order page. */
const PHOTO_LINK_SECONDS = 3600;

/**
 * Technical support wired together: after-sales orders, inspections, peripheral health and its SMS
 * job; registers the endpoints and answers the services others use (exports, the device gateway).
 */
export const createSupportModule = (deps: {
  api: EndpointRegistry;
  db: Parameters<typeof createOrdersRepository>[0];
  clock: Clock;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  terminals: Pick<TerminalsService, 'detail'>;
  blobs: Pick<BlobsService, 'signUrl'>;
  users: UsersRepository;
  /** Names the store of a terminal that has no store name of its own. */
  groups: Pick<GroupsRepository, 'nearestStoreName'>;
  notifyUser: NotifyUser;
  mailer: Mailer;
  consoleEvents: Pick<ConsoleEvents, 'audienceOf' | 'publishToUsers'>;
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob' | 'schedule'>;
  sms: SmsSender;
  /** Hears order and inspection state changes (webhooks). */
  announce?: AnnounceDomainEvent;
}) => {
  const { db, clock, users } = deps;
  const dicts = createDictsService({ repo: createDictsRepository(db), clock });
  const blobRows = createBlobsRepository(db);
  const signUrl = (blobId: string) => deps.blobs.signUrl(blobId, PHOTO_LINK_SECONDS).url;
  /** Reads a terminal for work nobody asked for in person (peripheral health): no data scope applies. */
  const systemAuth = (ownerId: string): AuthContext => ({
    userId: ownerId,
    sessionId: '',
    username: 'system',
    state: 1,
    permissions: new Set(),
    dataScope: 'all',
  });

  const orders = createOrdersService({
    repo: createOrdersRepository(db),
    clock,
    terminal: (auth, sn) => deps.terminals.detail(auth, sn),
    storeGroupName: (groupId) => deps.groups.nearestStoreName(groupId),
    media: (auth, id) => blobRows.findVisible(auth, id),
    mediaById: (id) => blobRows.findById(id),
    accountVisible: (auth, id) => users.findVisible(auth, id),
    accountById: (id) => users.findById(id),
    accountsHolding: (auth, permission) => users.findHolding(auth, permission),
    dicts: () => dicts.bundle(),
    notifyUser: (n) => deps.notifyUser(n),
    mailer: deps.mailer,
    signUrl,
    audienceOf: (ownerId) => deps.consoleEvents.audienceOf(ownerId),
    domainEvent: deps.announce,
    publishLive: (userIds, event) =>
      deps.consoleEvents.publishToUsers([...new Set(userIds)], 'support', event),
    log: deps.log,
  });
  const healthRepo = createHealthRepository(db);
  const health = createHealthService({
    repo: healthRepo,
    clock,
    orders,
    terminal: async (sn, ownerId) => {
      try {
        return await orders.terminal(systemAuth(ownerId), sn);
      } catch {
        return null;
      }
    },
    account: (id) => users.findById(id),
    dicts: () => dicts.bundle(),
    async smsRecipients(ownerId) {
      const byPhone = new Map<string, 'en' | 'zh'>();
      for (const id of await deps.consoleEvents.audienceOf(ownerId)) {
        const u = await users.findById(id);
        if (u?.hardwareSmsAlert && u.enabled && u.phone && !byPhone.has(u.phone))
          byPhone.set(u.phone, mailLang(u));
      }
      return [...byPhone].map(([phone, lang]) => ({ phone, lang }));
    },
    async queueSms(to, text) {
      await deps.jobs.enqueueJob({ kind: SMS_JOB_KIND, payload: { to, text } });
    },
    notifyUser: (n) => deps.notifyUser(n),
    newId: randomUUID,
  });
  const inspections = createInspectionsService({
    repo: createInspectionsRepository(db),
    clock,
    domainEvent: deps.announce,
    media: (auth, id) => blobRows.findVisible(auth, id),
    orders,
    signUrl,
    proposalVisible: (auth, id) => health.proposalVisible(auth, id),
  });

  deps.jobs.registerHandler<{ to: string; text: string }>(SMS_JOB_KIND, async (ctx) => {
    await deps.sms.send(ctx.payload.to, ctx.payload.text);
    return { provider: deps.sms.provider };
  });
  deps.jobs.registerHandler(HEALTH_PRUNE_JOB_KIND, async () => ({
    deleted: await healthRepo.pruneUnlinked(
      new Date(clock.now().getTime() - HEALTH_EVENT_RETENTION_DAYS * 86_400_000),
    ),
  }));
  deps.jobs.schedule({ name: HEALTH_PRUNE_JOB_KIND, cron: '53 3 * * *', kind: HEALTH_PRUNE_JOB_KIND });
  registerSupportRoutes(deps.api, { orders, inspections, health, dicts: () => dicts.bundle() });

  return {
    orders,
    inspections,
    health,
    /** What the device gateway calls for each peripheral fault or hardware exception; never rejects. */
    async heard(fault: HeardFault) {
      try {
        return await health.heard(fault);
      } catch (err) {
        deps.log.warn({ err, sn: fault.sn }, 'peripheral health could not handle a fault');
        return null;
      }
    },
  };
};

export type SupportModule = ReturnType<typeof createSupportModule>;
