import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { httpUrlSchema } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

const base = '/upms/v1/upms/webhooks';

/** Every domain event a subscription may choose; `webhook.ping` is only sent by the test button. */
export const WEBHOOK_EVENT_TYPES = [
  'terminal.created',
  'terminal.online',
  'terminal.offline',
  'terminal.moved',
  'terminal.deleted',
  'task.created',
  'task.deliverySucceeded',
  'task.deliveryFailed',
  'task.finished',
  'app.submitted',
  'app.reviewed',
  'app.released',
  'app.paused',
  'order.stateChanged',
  'inspection.stateChanged',
  'user.registered',
  'user.approved',
  // Every operation log entry, security events included: the audit stream to a webhook.
  'audit.entry',
  // Alerts of alert rules whose channels include the webhook, and incidents grouping many of them.
  'alert.raised',
  'alert.acknowledged',
  'alert.closed',
  'incident.opened',
  'incident.closed',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** What the receiver gets as the body of every delivery. */
export const WebhookEnvelopeSchema = z.object({
  /** The event's id: the same on every attempt and on "send again", for idempotency. */
  id: z.string(),
  type: z.union([WebhookEventTypeSchema, z.literal('webhook.ping')]),
  /** When the event happened (ISO 8601). */
  time: z.string(),
  /** The account (enterprise) the object belongs to. */
  enterprise: z.string(),
  /** The object the event is about. */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-CPM-Signature';
/** The event id header; the same on every attempt of one event. */
export const WEBHOOK_EVENT_ID_HEADER = 'X-CPM-Event-Id';
/** How old a signed timestamp a receiver should still accept (seconds). */
export const WEBHOOK_REPLAY_WINDOW_SEC = 300;

export const WebhookUrlSchema = httpUrlSchema(
  LIMITS.titleMax * 4,
  '地址不是有效的 http(s) 网址',
  'The URL is not a valid http(s) URL',
);

export const WebhookRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the server turned it off (repeated failure), or null. */
  disabledReason: z.string().nullable(),
  /** Attempts that failed in a row, across its deliveries; reset by any success. */
  consecutiveFailures: z.number().int(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookRow = z.infer<typeof WebhookRowSchema>;

export const WebhookSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  url: WebhookUrlSchema,
  eventTypes: z.array(WebhookEventTypeSchema).min(1).max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean(),
});
export type WebhookSave = z.infer<typeof WebhookSaveSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['waiting', 'pending', 'delivered', 'failed'] as const;
/** waiting: behind an earlier delivery of the same object; pending: being tried; failed: gave up. */
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookDeliveryRowSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** The object the event is about (`terminal:<sn>`); deliveries of one object go in order. */
  objectKey: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt, or null when it did not answer. */
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRowSchema>;

const IdBody = z.strictObject({ id: z.uuid() });

export const webhooksEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: "Webhook subscriptions of the caller's accounts, paged",
    tag: 'upms',
    permission: 'user:webhook:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(WebhookRowSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    summary:
      'Create (user:webhook:add) or edit (user:webhook:edit) a subscription; a new one answers its secret once',
    tag: 'upms',
    permission: SIGNED_IN,
    body: WebhookSaveSchema,
    result: z.object({ id: z.string(), secret: z.string().nullable() }),
    oplog: {
      objectType: 'webhook',
      action: { of: ({ body }) => (body.id ? 'webhook.update' : 'webhook.create') },
    },
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: `${base}/rotateSecret`,
    summary: 'Replace the signing secret; the new one is answered once',
    tag: 'upms',
    permission: 'user:webhook:edit',
    body: IdBody,
    result: z.object({ secret: z.string() }),
    oplog: { objectType: 'webhook', action: 'webhook.rotate' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Delete a subscription and its delivery log',
    tag: 'upms',
    permission: 'user:webhook:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'webhook', action: 'webhook.delete' },
  }),
  ping: defineEndpoint({
    method: 'POST',
    path: `${base}/ping`,
    summary: 'Queue a signed `webhook.ping` delivery to the subscription',
    tag: 'upms',
    permission: 'user:webhook:edit',
    body: IdBody,
    result: z.object({ deliveryId: z.string() }),
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: `${base}/deliveries`,
    summary: "A subscription's delivery log, newest first",
    tag: 'upms',
    permission: 'user:webhook:view',
    query: PageQuerySchema.extend({
      subscriptionId: z.uuid(),
      status: WebhookDeliveryStatusSchema.optional(),
    }),
    result: pageSchema(WebhookDeliveryRowSchema),
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: `${base}/resend`,
    summary: 'Send a logged delivery again with the same event id (a new attempt series)',
    tag: 'upms',
    permission: 'user:webhook:edit',
    body: IdBody,
    result: z.null(),
  }),
};
