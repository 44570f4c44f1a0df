import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookRow, WebhookSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import type { OutboundService } from './outbound.service';
import { newWebhookSecret } from './webhook-signing';
import type { DeliveryRecord, SubscriptionRecord, WebhooksRepository } from './webhooks.repository';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https always; plain http only for this machine and only when the server allows it. */
export const urlAllowed = (url: string, allowHttp: boolean) => {
  const u = new URL(url);
  return u.protocol === 'https:' || (allowHttp && u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toWebhookRow = (r: SubscriptionRecord): WebhookRow => ({
  id: r.id,
  name: r.name,
  url: r.url,
  eventTypes: r.eventTypes as WebhookRow['eventTypes'],
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  consecutiveFailures: r.consecutiveFailures,
  ownerId: r.ownerId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toDeliveryRow = (d: DeliveryRecord): WebhookDeliveryRow => ({
  id: d.id,
  subscriptionId: d.subscriptionId,
  eventId: d.eventId,
  eventType: d.eventType,
  objectKey: d.objectKey,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.responseCode,
  durationMs: d.durationMs,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: iso(d.nextAttemptAt),
  deliveredAt: iso(d.deliveredAt),
});

/** Webhook subscriptions of an account: the secret is shown once, kept encrypted, used to sign. */
export const createWebhooksService = (deps: {
  repo: WebhooksRepository;
  outbound: Pick<OutboundService, 'sendTo' | 'resend' | 'subscriptionsChanged'>;
  encrypt: (plain: string) => string;
  clock: Clock;
  allowHttp: boolean;
}) => {
  const { repo, clock } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));

  return {
    async page(auth: AuthContext, q: { name?: string; current: number; size: number }) {
      const { rows, total } = await repo.page(auth, { name: q.name, offset: pageOffset(q), limit: q.size });
      return toPage(rows.map(toWebhookRow), total, q);
    },

    /** Creates (answering the secret once) or edits; enabling again clears the failure streak. */
    async save(auth: AuthContext, note: OperationNote, body: WebhookSave) {
      requireAddOrEdit(auth, 'user:webhook', body.id);
      if (!urlAllowed(body.url, deps.allowHttp)) throw new AppError('webhookUrlNotSecure');
      const existing = body.id ? await mustFind(auth, body.id) : null;
      const now = clock.now();
      const fields = {
        name: body.name,
        url: body.url,
        eventTypes: [...new Set(body.eventTypes)],
        enabled: body.enabled,
      };
      if (existing) {
        const reenabled = body.enabled && !existing.enabled;
        await repo.update(existing.id, {
          ...fields,
          updatedAt: now,
          ...(reenabled ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
        });
        deps.outbound.subscriptionsChanged();
        note.subject({ id: existing.id, name: body.name });
        return { id: existing.id, secret: null };
      }
      const secret = newWebhookSecret();
      const row = await repo.insert({
        ...fields,
        secretEnc: deps.encrypt(secret),
        ownerId: auth.userId,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
      deps.outbound.subscriptionsChanged();
      note.subject({ id: row.id, name: row.name });
      return { id: row.id, secret };
    },

    /** A new secret, answered once; the old one stops signing at once. */
    async rotateSecret(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      const secret = newWebhookSecret();
      await repo.update(row.id, { secretEnc: deps.encrypt(secret), updatedAt: clock.now() });
      note.subject({ id: row.id, name: row.name });
      return { secret };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      await repo.remove(row.id);
      deps.outbound.subscriptionsChanged();
      note.subject({ id: row.id, name: row.name });
    },

    /** Queues a signed `webhook.ping` to the subscription. */
    async ping(auth: AuthContext, id: string) {
      const sub = await mustFind(auth, id);
      if (!sub.enabled) throw new AppError('webhookDisabled');
      const row = await deps.outbound.sendTo(sub, {
        type: 'webhook.ping',
        ownerId: sub.ownerId,
        objectKey: `ping:${sub.id}`,
        data: { subscriptionId: sub.id, name: sub.name },
      });
      return { deliveryId: row?.id ?? '' };
    },

    async deliveries(
      auth: AuthContext,
      q: { subscriptionId: string; status?: WebhookDeliveryStatus; current: number; size: number },
    ) {
      await mustFind(auth, q.subscriptionId);
      const { rows, total } = await repo.deliveries(q.subscriptionId, {
        status: q.status,
        offset: pageOffset(q),
        limit: q.size,
      });
      return toPage(rows.map(toDeliveryRow), total, q);
    },

    /** Sends a logged delivery again with its event id; one still being tried is left as it is. */
    async resend(auth: AuthContext, deliveryId: string) {
      const d = orNotFound(await repo.findDelivery(deliveryId));
      const sub = await mustFind(auth, d.subscriptionId);
      if (!sub.enabled) throw new AppError('webhookDisabled');
      await deps.outbound.resend(d.id);
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
