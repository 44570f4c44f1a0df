import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownership, parentRef, timestamps, ts, uuidKey } from '../../db/columns';

/** Webhook subscriptions of an account; the signing secret is kept AES-GCM encrypted under the server key. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuidKey(),
    name: text().notNull(),
    url: text().notNull(),
    eventTypes: text().array().notNull(),
    /** `v1:iv:tag:ciphertext` (base64) under the key in app_keys; needed in clear to sign. */
    secretEnc: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    /** Attempts failed in a row across its deliveries, and when that streak began; reset by a success. */
    consecutiveFailures: integer().notNull().default(0),
    failingSince: ts(),
    ...ownership(),
    ...timestamps(),
  },
  (t) => [index('webhook_subscriptions_owner_idx').on(t.ownerId)],
);

/**
 * One event for one subscription. Deliveries of one object to one subscription form a lane, sent one
 * at a time so that they arrive in order. The lane's head is its `pending` delivery (one attempted
 * and due again at `nextAttemptAt`, or put first by "send again"), else its oldest `waiting` one, due
 * at once: the next of a lane goes without being written, so a delivery's row is written once more
 * only when an attempt is recorded (see `recordAttempts`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidKey(),
    /** Insertion order, which is the order within a lane. */
    seq: bigserial({ mode: 'number' }).notNull(),
    subscriptionId: parentRef(() => webhookSubscriptions.id),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    objectKey: text().notNull(),
    /** The envelope sent as the body, the same on every attempt. */
    body: jsonb().notNull(),
    status: text({ enum: ['waiting', 'pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    durationMs: integer(),
    error: text(),
    createdAt: ts().notNull(),
    /** When the current attempt series began; retries stop a configured time after it. */
    seriesStartedAt: ts().notNull(),
    lastAttemptAt: ts(),
    nextAttemptAt: ts(),
    deliveredAt: ts(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_log_idx').on(t.subscriptionId, t.seq),
    index('webhook_deliveries_lane_idx')
      .on(t.subscriptionId, t.objectKey, t.seq)
      .where(sql`${t.status} in ('waiting', 'pending')`),
    // A lane's pending delivery, which is its head (at most one a lane): one probe per lane.
    index('webhook_deliveries_head_idx')
      .on(t.subscriptionId, t.objectKey)
      .where(sql`${t.status} = 'pending'`),
  ],
);
