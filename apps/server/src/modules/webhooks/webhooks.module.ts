import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from '../../app-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { DomainEvent } from '../../shared/domain-events';
import type { EventBus } from '../../shared/event-bus';
import type { JobsService } from '../jobs/jobs.service';
import type { AppKeys } from '../keys/app-keys';
import type { MessagesService } from '../messages/messages.service';
import { createOutboundService, PRUNE_JOB_KIND, SWEEP_JOB_KIND } from './outbound.service';
import { createHttpSender, type Sender } from './webhook-sender';
import {
  auditEventOfOperation,
  eventOfFleetChange,
  eventOfOperation,
  isWebhookEvent,
} from './webhook-sources';
import { createWebhooksRepository } from './webhooks.repository';
import { registerWebhooksRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

/** How long one delivery attempt waits for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Wires webhooks: subscriptions and their routes, the signed outbound delivery (answered for other
 * modules to send through), and the bus subscriptions that turn domain events into deliveries.
 */
export const createWebhooksModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  keys: Pick<AppKeys, 'encryptSecret' | 'decryptSecret'>;
  jobs: JobsService;
  bus: EventBus<AppEvents>;
  messages: Pick<MessagesService, 'notifyUser'>;
  config: Pick<Config, 'webhooks'>;
  log: FastifyBaseLogger;
  send?: Sender;
}) => {
  const repo = createWebhooksRepository(deps.db);
  // Decrypting per attempt would cost more than signing; the cache follows the stored ciphertext.
  const secrets = new Map<string, { enc: string; plain: string }>();
  const outbound = createOutboundService({
    repo,
    jobs: deps.jobs,
    send: deps.send ?? createHttpSender({ timeoutMs: WEBHOOK_TIMEOUT_MS }),
    secretOf: (sub) => {
      const hit = secrets.get(sub.id);
      if (hit?.enc === sub.secretEnc) return hit.plain;
      const plain = deps.keys.decryptSecret(sub.secretEnc);
      secrets.set(sub.id, { enc: sub.secretEnc, plain });
      return plain;
    },
    clock: deps.clock,
    notifyUser: (n, tx) =>
      deps.messages.notifyUser(n, tx as unknown as Parameters<MessagesService['notifyUser']>[1]),
    options: deps.config.webhooks,
  });
  deps.jobs.schedule({ name: SWEEP_JOB_KIND, cron: '31 * * * *', kind: SWEEP_JOB_KIND });
  deps.jobs.registerHandler(PRUNE_JOB_KIND, async () => ({
    deleted: await repo.pruneLog(
      new Date(deps.clock.now().getTime() - deps.config.webhooks.logDays * 86_400_000),
    ),
  }));
  deps.jobs.schedule({ name: PRUNE_JOB_KIND, cron: '37 3 * * *', kind: PRUNE_JOB_KIND });
  registerWebhooksRoutes(deps.api, {
    webhooks: createWebhooksService({
      repo,
      outbound,
      encrypt: deps.keys.encryptSecret,
      clock: deps.clock,
      allowHttp: deps.config.webhooks.allowHttp,
    }),
  });

  const publish = async (e: DomainEvent | null) => {
    if (!e || !isWebhookEvent(e)) return;
    try {
      await outbound.publish(e);
    } catch (err) {
      deps.log.error({ err, type: e.type, objectKey: e.objectKey }, 'webhook event not queued');
    }
  };
  deps.bus.on('domain.event', publish);
  deps.bus.on('operation.recorded', (op) => {
    publish(eventOfOperation(op));
    publish(auditEventOfOperation(op));
  });
  deps.bus.on('fleet.changed', async (changes) => {
    for (const c of changes) await publish(eventOfFleetChange(c, deps.clock.now()));
  });
  return { outbound };
};
