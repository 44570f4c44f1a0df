import { randomUUID } from 'node:crypto';
import type { NoticeText, WebhookEnvelope } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import { type Disabler, type DispatchOptions, dispatchRun } from './webhook-dispatch';
import type { Sender } from './webhook-sender';
import type { SubscriptionRecord, Tx, WebhooksRepository } from './webhooks.repository';

/** How long the set of event types some subscription chose is kept before it is read again. */
export const WANTED_TYPES_MS = 5000;

/** The job kind that sends a subscription's due deliveries; one queued or running per subscription. */
export const DISPATCH_JOB_KIND = 'webhooks.dispatch';

/** The job kind that fails for good what ran out of retries unseen (hourly). */
export const SWEEP_JOB_KIND = 'webhooks.sweep';

/** The job kind that deletes finished deliveries past the log's retention (daily). */
export const PRUNE_JOB_KIND = 'webhooks.prune';

/** The job kind of one delivery in earlier versions: still queued ones hand their delivery on. */
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

export type OutboundOptions = DispatchOptions;

export const DEFAULT_OUTBOUND_OPTIONS: OutboundOptions = {
  baseMs: 30_000,
  capMs: 3 * 3_600_000,
  retryForMs: 24 * 3_600_000,
  disableAfterFailures: 10,
  disableAfterMs: 24 * 3_600_000,
  inflight: 64,
  runForMs: 30_000,
};

type Notice = { id: string; userId: string; title: string; content: string; notice?: NoticeText };

/**
 * Signed outbound delivery, shared by webhook subscriptions and anything else that sends events out:
 * a job per subscription sends its due deliveries (see `dispatchRun`), HMAC-SHA256 over
 * `timestamp.body`, per-object order, jittered back-off, and a subscription turned off (with a
 * notice to its owner) after failing for long enough.
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

  /**
   * Makes sure the subscription's dispatch job runs by `runAt` (now) and sees what `tx` writes: called
   * before the lanes are touched, so that every writer takes the job row, then the lanes.
   */
  const kick = (tx: Tx, subscriptionId: string, runAt?: Date) =>
    deps.jobs.enqueueJob(
      {
        kind: DISPATCH_JOB_KIND,
        payload: { subscriptionId },
        singletonKey: `${DISPATCH_JOB_KIND}:${subscriptionId}`,
        runAt: runAt ?? clock.now(),
        join: true,
      },
      tx,
    );

  /** Appends one event to a subscription's log, in the transaction that wakes its dispatch job. */
  const append = async (tx: Tx, sub: SubscriptionRecord, e: OutboundEvent, eventId: string) => {
    const at = e.at ?? clock.now();
    const body: WebhookEnvelope = {
      id: eventId,
      type: e.type,
      time: at.toISOString(),
      enterprise: e.ownerId,
      data: e.data,
    };
    await kick(tx, sub.id);
    const row = await repo.enqueue(tx, {
      subscriptionId: sub.id,
      eventId,
      eventType: e.type,
      objectKey: e.objectKey,
      body,
      createdAt: clock.now(),
    });
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
    notice: { key: 'webhookDisabled', params: { name: sub.name, failures } },
  });

  const disable: Disabler = async (tx, sub, now) => {
    const failures = sub.consecutiveFailures;
    const lasted = sub.failingSince ? now.getTime() - sub.failingSince.getTime() : 0;
    if (!sub.enabled || failures < o.disableAfterFailures || lasted < o.disableAfterMs) return undefined;
    if (!(await repo.disable(tx, sub.id, `${failures} attempts failed in a row`, now))) return undefined;
    return (await deps.notifyUser(disableNotice(sub, failures), tx)).announce;
  };

  /**
   * Fails for good the pending deliveries whose retry period ended without a run recording it (a
   * server down for that long), counts each toward its subscription's disabling, and lets the next
   * of their objects go. Answers how many.
   */
  const sweep = async () => {
    const now = clock.now();
    const due = await repo.exhausted(new Date(now.getTime() - o.retryForMs));
    let failed = 0;
    for (const subscriptionId of new Set(due.map((d) => d.subscriptionId))) {
      const ids = due.filter((d) => d.subscriptionId === subscriptionId).map((d) => d.id);
      const announce = await repo.transaction(async (tx) => {
        await kick(tx, subscriptionId);
        const gone = await repo.failForGood(tx, ids, 'retries exhausted', now);
        failed += gone.length;
        if (gone.length === 0) return undefined;
        await repo.promoteNextOf(
          tx,
          subscriptionId,
          gone.map((g) => g.objectKey),
          now,
        );
        const s = await repo.failed(tx, subscriptionId, now, gone.length);
        return s ? disable(tx, s, now) : undefined;
      });
      announce?.();
    }
    return { failed };
  };
  deps.jobs.registerHandler(SWEEP_JOB_KIND, sweep);

  const dispatch = (ctx: JobContext<{ subscriptionId: string }>) =>
    dispatchRun(
      { repo, send: deps.send, secretOf: deps.secretOf, clock, disable, options: o, random: deps.random },
      ctx,
    );

  deps.jobs.registerHandler(DISPATCH_JOB_KIND, dispatch, {
    maxAttempts: 20,
    // In the transaction that ends the run: a retry that is not due yet, or work left by a run that
    // used its time, gets the next run (publishers joined this job, so nothing of theirs is missed).
    finish: async (job, _result, tx) => {
      const { subscriptionId } = job.payload as { subscriptionId: string };
      const at = await repo.nextDue(tx, subscriptionId);
      if (at) await kick(tx, subscriptionId, new Date(Math.max(at.getTime(), clock.now().getTime())));
      return undefined;
    },
  });
  deps.jobs.registerHandler(DELIVERY_JOB_KIND, async (ctx: JobContext<{ deliveryId: string }>) => {
    const d = await repo.findDelivery(ctx.payload.deliveryId);
    if (d) await repo.transaction((tx) => kick(tx, d.subscriptionId));
    return { handedTo: d ? DISPATCH_JOB_KIND : null };
  });

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
    async resend(deliveryId: string) {
      const d = await repo.findDelivery(deliveryId);
      if (!d) return null;
      return repo.transaction(async (tx) => {
        await kick(tx, d.subscriptionId);
        return repo.restart(tx, deliveryId, clock.now());
      });
    },

    /** One run of a subscription's deliveries, for tests. */
    dispatch,

    /** The hourly sweep (see `sweep`), for tests. */
    sweep,
  };
};

export type OutboundService = ReturnType<typeof createOutboundService>;
