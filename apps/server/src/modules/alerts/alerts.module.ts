import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from '../../app-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { DomainEvent } from '../../shared/domain-events';
import type { EventBus } from '../../shared/event-bus';
import { createSmsSender, type SmsSender } from '../../shared/sms';
import type { Tx } from '../jobs/jobs.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ConsoleEvents } from '../live/console-events.service';
import type { MessagesService } from '../messages/messages.service';
import { createAlarmsRepository } from './alarms.repository';
import { createAlarmsService } from './alarms.service';
import { createAlertsRepository } from './alerts.repository';
import { registerAlertsRoutes } from './alerts.routes';
import { createAlertsService } from './alerts.service';
import { registerDigest } from './digest.service';
import { createEvaluateRepository } from './evaluate.repository';
import { createNotifyRepository } from './notify.repository';
import { createNotifyService, type Recipient } from './notify.service';

export const EVALUATE_JOB = 'alerts.evaluate';

/**
 * Wires alerts: rules and the alert centre, the evaluation round every minute (a job), notices
 * through the mail jobs, the SMS seam, in-app notices and the webhooks' publishing, digests, and live
 * events that refresh the consoles' alert lists.
 */
export const createAlertsModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  jobs: JobsService;
  config: Pick<Config, 'sms'>;
  log: FastifyBaseLogger;
  usersRepo: { findByIdsOrRoles(userIds: string[], roleIds: string[]): Promise<Recipient[]> };
  messages: Pick<MessagesService, 'notifyUser'>;
  webhooks: { outbound: { publish(e: DomainEvent): Promise<unknown> } };
  /** The SMS gateway; by default the configured one. */
  sms?: SmsSender;
  bus: EventBus<AppEvents>;
  consoleEvents: Pick<ConsoleEvents, 'publishToTerminalAudience'>;
}) => {
  const repo = createAlertsRepository(deps.db);
  const notifyRepo = createNotifyRepository(deps.db);
  // The jobs' transaction is the same database's: in-app notices are stored with the rest.
  const notifyUser = (n: { id: string; userId: string; title: string; content: string }, tx: Tx) =>
    deps.messages.notifyUser(n, tx as unknown as Parameters<MessagesService['notifyUser']>[1]);
  const notices = createNotifyService({
    ...deps,
    repo,
    notifyRepo,
    notifyUser,
    sms: deps.sms ?? createSmsSender(deps.config.sms, deps.log),
    recipients: (u, r) => deps.usersRepo.findByIdsOrRoles(u, r),
    publish: (e) => deps.webhooks.outbound.publish(e),
  });
  registerDigest({ repo: notifyRepo, jobs: deps.jobs, notifyUser, clock: deps.clock });
  const alerts = createAlertsService({
    repo,
    evaluateRule: createEvaluateRepository(deps.db).evaluate,
    queue: notices.queue,
    clock: deps.clock,
    // Alerts are visible to whoever sees the rule owner's terminals: the same audience.
    announce: (rule) =>
      void deps.consoleEvents
        .publishToTerminalAudience(rule.ownerId, 'alert', { type: 'alert', ruleId: rule.id })
        .catch((err: unknown) => deps.log.warn({ err, ruleId: rule.id }, 'alert event not sent')),
  });
  registerAlertsRoutes(deps.api, { alerts, prefs: notifyRepo, now: () => deps.clock.now() });
  deps.jobs.registerHandler(EVALUATE_JOB, async () => ({ rules: (await alerts.evaluateAll()).length }), {
    maxAttempts: 1,
  });
  deps.jobs.schedule({ name: EVALUATE_JOB, cron: '* * * * *', kind: EVALUATE_JOB });
  const alarms = createAlarmsService({ repo: createAlarmsRepository(deps.db), log: deps.log });
  deps.bus.on('terminal.alarm', alarms.heard);
  return { alerts, alarms };
};
