import { setMaxListeners } from 'node:events';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { JobContext } from '../jobs/jobs.service';
import type { PostOutcome, Sender } from './webhook-sender';
import { type BackOff, retryDelayMs, signatureHeader } from './webhook-signing';
import type {
  AttemptOutcome,
  DeliveryRecord,
  SubscriptionRecord,
  Tx,
  WebhooksRepository,
} from './webhooks.repository';

export type DispatchOptions = BackOff & {
  /** Retries of one delivery stop this long after its first attempt. */
  retryForMs: number;
  /** A subscription is turned off once this many attempts in a row failed over at least `disableAfterMs`. */
  disableAfterFailures: number;
  disableAfterMs: number;
  /** Deliveries of one subscription sent at once (each of another object), over kept-alive connections. */
  inflight: number;
  /** A run takes no new deliveries after this long, so other jobs get their turn; the next run goes on. */
  runForMs: number;
};

/**
 * Turns a subscription off with a notice to its owner, in `tx`, when its failure streak (as just
 * counted) is long enough in number and in time; answers what announces the notice.
 */
export type Disabler = (tx: Tx, sub: SubscriptionRecord, now: Date) => Promise<undefined | (() => void)>;

type Answered = { d: DeliveryRecord; sub: SubscriptionRecord; outcome: PostOutcome; at: Date };

/** How long the answers in flight are waited for after the first, to be recorded together. */
const GROUP_WINDOW_MS = 2;

/** How often a run with deliveries in flight looks for due ones besides the next of finished lanes. */
const LOOK_EVERY_MS = 50;

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * One run of a subscription's deliveries: up to `inflight` lane heads are sent at once; outcomes are
 * recorded in one transaction per group of answers (whatever arrived while the last one committed),
 * which also lets the next delivery of each finished lane go. A run ends when nothing is due; what
 * was answered but not yet recorded when the process dies is sent again by the next run.
 */
export const dispatchRun = async (
  deps: {
    repo: WebhooksRepository;
    send: Sender;
    secretOf: (sub: SubscriptionRecord) => string;
    clock: Clock;
    disable: Disabler;
    options: DispatchOptions;
    random?: () => number;
  },
  ctx: Pick<JobContext<{ subscriptionId: string }>, 'payload' | 'signal' | 'inLease'>,
) => {
  const { repo, clock, options: o } = deps;
  const subscriptionId = ctx.payload.subscriptionId;
  const began = performance.now();
  /** Deliveries sent and not yet recorded: the next look for due ones leaves them out. */
  const busy = new Set<string>();
  const answered: Answered[] = [];
  let changed: (() => void) | null = null;
  /** The subscription's failure streak as this run knows it (read once, then kept up to date). */
  let streak: number | null = null;
  const totals = { sent: 0, delivered: 0 };
  /** When the run last looked for due deliveries, and whether that look may have left some out. */
  let lookedAt = Number.NEGATIVE_INFINITY;
  let moreDue = true;
  // Each request in flight listens to the run's signal.
  setMaxListeners(o.inflight + 10, ctx.signal);

  const attempt = async (sub: SubscriptionRecord, d: DeliveryRecord): Promise<PostOutcome> => {
    if (!sub.enabled) return { status: null, durationMs: 0, error: 'subscription disabled' };
    try {
      const body = JSON.stringify(d.body);
      const t = Math.floor(clock.now().getTime() / 1000);
      totals.sent++;
      return await deps.send({
        url: sub.url,
        body,
        headers: {
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(deps.secretOf(sub), t, body),
          [WEBHOOK_EVENT_ID_HEADER]: d.eventId,
        },
        signal: ctx.signal,
      });
    } catch (err) {
      return { status: null, durationMs: 0, error: err instanceof Error ? err.message : String(err) };
    }
  };

  const start = (sub: SubscriptionRecord, d: DeliveryRecord) => {
    busy.add(d.id);
    attempt(sub, d).then((outcome) => {
      answered.push({ d, sub, outcome, at: clock.now() });
      changed?.();
    });
  };

  /**
   * Records a group of outcomes; retries get their time, finished lanes let their next one go.
   * Answers the deliveries that went (to be sent at once) and the subscription as it is now.
   */
  const record = async (group: Answered[]) => {
    const now = clock.now();
    let reset = false;
    let failures = 0;
    const rows: AttemptOutcome[] = group.map(({ d, sub, outcome, at }) => {
      const ok = is2xx(outcome.status);
      // Attempts on a disabled subscription were not made: they count toward no streak.
      if (ok) {
        reset = true;
        failures = 0;
      } else if (sub.enabled) failures++;
      const retryAt = new Date(at.getTime() + retryDelayMs(d.attempts + 1, o, deps.random));
      // A waiting head's attempt is the first of its series, which the recording starts at `now`.
      const series = d.status === 'waiting' ? now : d.seriesStartedAt;
      const retry = !ok && sub.enabled && retryAt.getTime() - series.getTime() <= o.retryForMs;
      return {
        id: d.id,
        objectKey: d.objectKey,
        status: ok ? 'delivered' : retry ? 'pending' : 'failed',
        responseCode: outcome.status,
        durationMs: outcome.durationMs,
        error: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        nextAttemptAt: retry ? retryAt : null,
      };
    });
    const { told, next, sub } = await ctx.inLease(async (tx) => {
      const r = await repo.recordAttempts(tx, subscriptionId, rows, now);
      let told: undefined | (() => void);
      if (reset && (streak ?? 0) > 0) {
        await repo.succeeded(tx, subscriptionId);
        streak = 0;
      }
      if (failures > 0) {
        const s = await repo.failed(tx, subscriptionId, now, failures);
        streak = s?.consecutiveFailures ?? 0;
        if (s) told = await deps.disable(tx, s, now);
      }
      totals.delivered += r.recorded.filter((x) => x.status === 'delivered').length;
      return { told, next: r.next, sub: r.subscription };
    });
    told?.();
    return { next, sub };
  };

  /** Records what was answered (on the way out, only real answers) and frees those deliveries. */
  const recordAnswered = async (answersOnly = false) => {
    const group = answered.splice(0).filter((a) => !answersOnly || a.outcome.status !== null);
    const went = group.length ? await record(group) : { next: [], sub: null };
    for (const a of group) busy.delete(a.d.id);
    return went;
  };

  const waitForAnswer = () =>
    new Promise<void>((resolve) => {
      changed = resolve;
    });

  for (;;) {
    if (answered.length === 0 && busy.size > 0) {
      await waitForAnswer();
      // Answers that come in just after this one join its group: an embedded database holds the
      // event loop for a whole transaction, so they are read over the next turns, not at once.
      const woke = performance.now();
      while (answered.length < busy.size && performance.now() - woke < GROUP_WINDOW_MS)
        await new Promise((resolve) => setImmediate(resolve));
    }
    changed = null;
    if (ctx.signal.aborted) {
      // Stopping: what receivers accepted is recorded so that the next run does not send it again.
      while (answered.length < busy.size) await waitForAnswer();
      await recordAnswered(true);
      throw ctx.signal.reason;
    }
    const went = await recordAnswered();
    const open = performance.now() - began < o.runForMs;
    // The next of each finished lane goes at once, to the subscription as the recording read it.
    if (open && went.sub) for (const d of went.next) if (busy.size < o.inflight) start(went.sub, d);
    if (busy.size >= o.inflight) continue;
    // The look for due lane heads (new lanes, retries come due) is left out while deliveries are in
    // flight and the last look found all there was, unless it is LOOK_EVERY_MS old: the finished
    // lanes' next ones come with their recording. With nothing in flight it always looks.
    const stale = performance.now() - lookedAt >= LOOK_EVERY_MS;
    if (open && (busy.size === 0 || moreDue || stale)) {
      const sub = went.sub ?? (await repo.findById(subscriptionId));
      const room = o.inflight - busy.size;
      const due = sub ? await repo.due(subscriptionId, clock.now(), [...busy], room) : [];
      lookedAt = performance.now();
      moreDue = due.length === room;
      if (sub && streak === null) streak = sub.consecutiveFailures;
      for (const d of due) start(sub as SubscriptionRecord, d);
      if (due.length > 0) continue;
    }
    if (busy.size === 0 && answered.length === 0) break;
  }
  return totals;
};
