import { type PaymentLockCommand, systemTopics, TerminalWorkChangedSchema } from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';
import { type Clock, nowMs } from '../../shared/clock';

/** What a heartbeat answers about a terminal's work beside the server time. */
export type HeartbeatAnswer = { pending: number; paymentLock: PaymentLockCommand | null };

/**
 * Longest an answer is trusted without reading it again. Changes are announced to every instance at
 * once, so this only bounds an announcement lost with the broker: a terminal then hears of new work
 * within a minute, as it would from the task monitor's nudges.
 */
export const HEARTBEAT_ANSWER_TTL_MS = 60_000;
const ANSWERS_MAX = 200_000;
/** Most terminal ids in one announcement (the notice's schema allows no more). */
const ANNOUNCE_MAX_IDS = 10_000;

type Entry = { answer: HeartbeatAnswer; until: number };

/**
 * The heartbeat's `pending` and `paymentLock`, read from the database once per terminal and change
 * rather than once per heartbeat. A write that may give terminals work (a task's deliveries, a wave, a
 * resume, a payment lock asked or confirmed) calls `changed`, which drops the answers here and, through
 * the broker, on every other instance; a terminal's own pull or result drops its answer here. A read
 * that started before a drop is not kept, and one under way is not shared after it, so an answer never
 * hides work written before the drop: at worst it tells of work already taken (the terminal pulls and
 * finds none). Without a broker only this instance hears of changes.
 */
export const createHeartbeatAnswers = (deps: {
  clock: Clock;
  /** Waiting work a terminal could pull now. */
  pending: (terminalId: string) => Promise<number>;
  /** The payment lock a terminal has not confirmed. */
  paymentLock: (terminalId: string) => Promise<PaymentLockCommand | null>;
  log: { warn(obj: object, msg: string): void };
  ttlMs?: number;
  max?: number;
}) => {
  const ttlMs = deps.ttlMs ?? HEARTBEAT_ANSWER_TTL_MS;
  const max = deps.max ?? ANSWERS_MAX;
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<HeartbeatAnswer>>();
  let broker: Pick<Broker, 'publish' | 'subscribe'> | null = null;
  // Changes made in one turn of the event loop go out as one notice.
  let outgoing: Set<string> | 'all' | null = null;

  const read = (terminalId: string) => {
    const under = reading.get(terminalId);
    if (under) return under;
    const promise: Promise<HeartbeatAnswer> = Promise.all([
      deps.pending(terminalId),
      deps.paymentLock(terminalId),
    ]).then(([pending, paymentLock]) => {
      const answer = { pending, paymentLock };
      // A drop while it was read took it out of `reading`: what it read may be older than the drop.
      if (reading.get(terminalId) === promise) {
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        entries.set(terminalId, { answer, until: nowMs(deps.clock) + ttlMs });
      }
      return answer;
    });
    reading.set(terminalId, promise);
    const done = () => {
      if (reading.get(terminalId) === promise) reading.delete(terminalId);
    };
    promise.then(done, done);
    return promise;
  };

  /** Drops what this instance keeps about these terminals (absent: every terminal). */
  const forgetLocally = (terminalIds?: readonly string[]) => {
    if (!terminalIds) {
      entries.clear();
      reading.clear();
      return;
    }
    for (const id of terminalIds) {
      entries.delete(id);
      reading.delete(id);
    }
  };

  const announce = () => {
    const ids = outgoing;
    outgoing = null;
    if (!broker || !ids) return;
    const bodies =
      ids === 'all'
        ? [{}]
        : Array.from({ length: Math.ceil(ids.size / ANNOUNCE_MAX_IDS) }, (_, i) => ({
            terminalIds: [...ids].slice(i * ANNOUNCE_MAX_IDS, (i + 1) * ANNOUNCE_MAX_IDS),
          }));
    for (const body of bodies)
      broker
        .publish(systemTopics.terminalWork, JSON.stringify(body), { qos: 1 })
        .catch((err: unknown) => deps.log.warn({ err }, 'terminal work change not announced'));
  };

  return {
    /** A terminal's answer: kept, or read once for every heartbeat waiting on it. */
    async get(terminalId: string): Promise<HeartbeatAnswer> {
      const entry = entries.get(terminalId);
      const { pending, paymentLock } =
        entry && entry.until > nowMs(deps.clock) ? entry.answer : await read(terminalId);
      // A lock is stamped when it is sent, as on the broker.
      return {
        pending,
        paymentLock: paymentLock && { ...paymentLock, ts: deps.clock.now().getTime() },
      };
    },

    /** Work of these terminals (absent: any terminal) may have changed: every instance reads again. */
    changed(terminalIds?: readonly string[]) {
      forgetLocally(terminalIds);
      if (!broker) return;
      const first = outgoing === null;
      if (!terminalIds) outgoing = 'all';
      else if (outgoing !== 'all') {
        outgoing ??= new Set();
        for (const id of terminalIds) outgoing.add(id);
      }
      if (first) setImmediate(announce);
    },

    /** A terminal took or finished its work (a pull, a result): only this instance read it. */
    taken(terminalId: string) {
      forgetLocally([terminalId]);
    },

    forgetLocally,

    /** Hears other instances' changes (and its own) on the broker; answers how to stop. */
    async listen(withBroker: Pick<Broker, 'publish' | 'subscribe'>) {
      broker = withBroker;
      return withBroker.subscribe(systemTopics.terminalWork, (topic, payload) => {
        let body: unknown;
        try {
          body = JSON.parse(payload.toString('utf8'));
        } catch {
          body = undefined;
        }
        const parsed = TerminalWorkChangedSchema.safeParse(body);
        if (!parsed.success) return deps.log.warn({ topic }, 'malformed terminal work notice ignored');
        forgetLocally(parsed.data.terminalIds);
      });
    },

    /** Answers kept now (tests). */
    size: () => entries.size,
  };
};

export type HeartbeatAnswers = ReturnType<typeof createHeartbeatAnswers>;
