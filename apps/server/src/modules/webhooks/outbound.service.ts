import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, type WebhookEnvelope } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import type { Sender } from './webhook-sender';
import { type BackOff, retryDelayMs, signatureHeader } from './webhook-signing';
import type { DeliveryRecord, SubscriptionRecord, Tx, WebhooksRepository } from './webhooks.repository';

/** How long the set of event types some subscription chose is kept before it is read again. */
export const WANTED_TYPES_MS = 5000;

/** The job kind of one delivery attempt series; its payload names the delivery. */
export const DELIVERY_JOB_KIND = 'webhooks.deliver';

/** Something that happened to an object, as modules announce it. */
export type OutboundEvent = {
  type: WebhookEnvelope['type'];
  /** The account the object belongs to: subscriptions of it and of the accounts above it hear it. */
  ownerId: string;
  /** Names the object (`terminal:<sn>`); events of one object reach a receiver in order. */
  objectKey: string;
  data: Record<string, unknown>;
  /** When it happened; now when left out. */
  at?: Date;
};

export type OutboundOptions = BackOff & {
  /** Retries of one delivery stop this long after its first attempt. */
  retryForMs: number;
  /** A subscription is turned off once this many attempts in a row failed over at least `disableAfterMs`. */
  disableAfterFailures: number;
  disableAfterMs: number;
};

export const DEFAULT_OUTBOUND_OPTIONS: OutboundOptions = {
  baseMs: 30_000,
  capMs: 3 * 3_600_000,
  retryForMs: 24 * 3_600_000,
  disableAfterFailures: 10,
  disableAfterMs: 24 * 3_600_000,
};

type Notice = { id: string; userId: string; title: string; content: string };

/**
 * Signed outbound delivery, shared by webhook subscriptions and anything else that sends events out:
 * a job per delivery, HMAC-SHA256 over `timestamp.body`, per-object order, jittered back-off,
 * and a subscription turned off (with a notice to its owner) after failing for long enough.
 */
export const createOutboundService = (deps: {
  repo: WebhooksRepository;
  jobs: Pick<JobsService, 'enqueueJob' | 'registerHandler'>;
  send: Sender;
  secretOf: (sub: SubscriptionRecord) => string;
  clock: Clock;
  notifyUser: (n: Notice, tx?: Tx) => Promise<{ announce: () => void }>;
  options?: Partial<OutboundOptions>;
  random?: () => number;
}) => {
  const { repo, clock } = deps;
  const o: OutboundOptions = { ...DEFAULT_OUTBOUND_OPTIONS, ...deps.options };

  // Terminals going on and offline make many events that nobody may want: which types some
  // subscription chose is read at most every few seconds (and again at once after a change here).
  let wanted: { until: number; types: Promise<Set<string>> } | null = null;
  const isWanted = async (type: string) => {
    const now = clock.now().getTime();
    if (!wanted || now >= wanted.until)
      wanted = { until: now + WANTED_TYPES_MS, types: repo.subscribedTypes().then((t) => new Set(t)) };
    return (await wanted.types).has(type);
  };

  const queue = (tx: Tx, d: DeliveryRecord, runAt?: Date) =>
    deps.jobs.enqueueJob({ kind: DELIVERY_JOB_KIND, payload: { deliveryId: d.id }, runAt }, tx);

  /** Appends one event to a subscription's log; the job exists only if the row does. */
  const append = async (tx: Tx, sub: SubscriptionRecord, e: OutboundEvent, eventId: string) => {
    const at = e.at ?? clock.now();
    const body: WebhookEnvelope = {
      id: eventId,
      type: e.type,
      time: at.toISOString(),
      enterprise: e.ownerId,
      data: e.data,
    };
    const row = await repo.enqueue(tx, {
      subscriptionId: sub.id,
      eventId,
      eventType: e.type,
      objectKey: e.objectKey,
      body,
      createdAt: clock.now(),
    });
    if (row?.status === 'pending') await queue(tx, row);
    return row;
  };

  const disableNotice = (sub: SubscriptionRecord, failures: number): Notice => ({
    id: randomUUID(),
    userId: sub.ownerId,
    title: `Webhook 已停用：${sub.name} / Webhook disabled: ${sub.name}`,
    content: [
      `<p>${failures} 次投递连续失败，订阅已自动停用 / ${failures} delivery attempts failed in a row; the subscription was turned off.</p>`,
      '<p>修复接收端后，在 Webhooks 页面重新启用并重新发送失败的投递 / Fix the receiver, then enable it again on the Webhooks page and send the failed deliveries again.</p>',
    ].join(''),
  });

  /** One attempt of a pending delivery; the outcome, the next attempt or the next in line commit together. */
  const deliver = async (ctx: JobContext<{ deliveryId: string }>) => {
    const d = await repo.findDelivery(ctx.payload.deliveryId);
    // Delivered (a 2xx was recorded), given up, or waiting: nothing to send.
    if (d?.status !== 'pending') return { skipped: d?.status ?? 'missing' };
    const sub = await repo.findById(d.subscriptionId);
    if (!sub) return { skipped: 'missing' };
    const outcome = sub.enabled
      ? await (async () => {
          const body = JSON.stringify(d.body);
          const t = Math.floor(clock.now().getTime() / 1000);
          return deps.send({
            url: sub.url,
            body,
            headers: {
              [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(deps.secretOf(sub), t, body),
              [WEBHOOK_EVENT_ID_HEADER]: d.eventId,
            },
            signal: ctx.signal,
          });
        })()
      : { status: null, durationMs: 0, error: 'subscription disabled' };
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const now = clock.now();
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const retryAt = new Date(now.getTime() + retryDelayMs(d.attempts + 1, o, deps.random));
    const retry = !ok && sub.enabled && retryAt.getTime() - d.seriesStartedAt.getTime() <= o.retryForMs;
    const status = ok ? 'delivered' : retry ? 'pending' : 'failed';
    const announce = await ctx.inLease(async (tx) => {
      const recorded = await repo.recordAttempt(tx, d.id, {
        status,
        responseCode: outcome.status,
        durationMs: outcome.durationMs,
        error: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        nextAttemptAt: retry ? retryAt : null,
        now,
      });
      if (!recorded) return undefined;
      let told: undefined | (() => void);
      if (ok) {
        if (sub.consecutiveFailures > 0) await repo.succeeded(tx, sub.id);
      } else if (sub.enabled) {
        const streak = await repo.failed(tx, sub.id, now);
        const lasted = streak?.failingSince ? now.getTime() - streak.failingSince.getTime() : 0;
        if (
          streak &&
          streak.consecutiveFailures >= o.disableAfterFailures &&
          lasted >= o.disableAfterMs &&
          (await repo.disable(tx, sub.id, `${streak.consecutiveFailures} attempts failed in a row`, now))
        )
          told = (await deps.notifyUser(disableNotice(sub, streak.consecutiveFailures), tx)).announce;
      }
      if (retry) await queue(tx, d, retryAt);
      else {
        const next = await repo.promoteNext(tx, sub.id, d.objectKey, now);
        if (next) await queue(tx, next);
      }
      return told;
    });
    announce?.();
    return { status, responseCode: outcome.status };
  };

  deps.jobs.registerHandler(DELIVERY_JOB_KIND, deliver, { maxAttempts: 20 });

  return {
    /** Sends an event to every enabled subscription that chose its type; answers the event id. */
    async publish(e: OutboundEvent): Promise<string | null> {
      if (!(await isWanted(e.type))) return null;
      const subs = await repo.matching(e.type, e.ownerId);
      if (subs.length === 0) return null;
      const eventId = randomUUID();
      await repo.transaction(async (tx) => {
        for (const sub of subs) await append(tx, sub, e, eventId);
      });
      return eventId;
    },

    /** Reads the chosen event types again on the next event (a subscription was saved or removed). */
    subscriptionsChanged() {
      wanted = null;
    },

    /** Sends an event to one subscription whatever its choice of types (the test ping). */
    sendTo: (sub: SubscriptionRecord, e: OutboundEvent) =>
      repo.transaction((tx) => append(tx, sub, e, randomUUID())),

    /** Starts a new attempt series of a finished delivery with the same event id. */
    resend: (deliveryId: string) =>
      repo.transaction(async (tx) => {
        const row = await repo.restart(tx, deliveryId, clock.now());
        if (row?.status === 'pending') await queue(tx, row);
        return row;
      }),

    /** The handler, for tests that run one attempt. */
    deliver,
  };
};

export type OutboundService = ReturnType<typeof createOutboundService>;
