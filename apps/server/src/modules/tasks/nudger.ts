/**
 * Wakes terminals that have new work (`down/task`). A nudge only says "pull now": the work is in the
 * database, so a lost nudge loses nothing. Two limits keep the broker calm: one terminal is nudged
 * at most once per `perTerminalMs` (a second nudge within it is sent once the period is over, so a
 * terminal that pulled just before new work arrived still hears of it), and the whole instance
 * sends at most `perSecond` nudges a second. A terminal still waiting after that is nudged again by
 * the task monitor.
 */
/** Nudges in flight at once. */
const SLICE = 256;

export const createNudger = (deps: {
  /** Publishes one nudge (QoS 0); null when there is no broker. */
  send: ((sn: string) => Promise<void>) | null;
  now: () => number;
  onError: (err: unknown) => void;
  perTerminalMs?: number;
  perSecond?: number;
}) => {
  const perTerminalMs = deps.perTerminalMs ?? 5000;
  const perSecond = deps.perSecond ?? 20_000;
  const last = new Map<string, number>();
  const queue: string[] = [];
  const queued = new Set<string>();
  /** Terminals nudged too recently to nudge now: sent when their period is over. */
  const later = new Set<string>();
  let laterTimer: NodeJS.Timeout | null = null;
  let draining: Promise<void> | null = null;
  let sent = 0;
  let skipped = 0;

  const drain = async () => {
    while (queue.length) {
      const started = deps.now();
      const batch = queue.splice(0, Math.max(1, Math.floor(perSecond / 10)));
      for (const sn of batch) queued.delete(sn);
      // A few hundred in flight at a time, so a broker connection's buffer is not flooded.
      for (let i = 0; i < batch.length; i += SLICE)
        await Promise.all(
          batch.slice(i, i + SLICE).map((sn) =>
            (deps.send as (sn: string) => Promise<void>)(sn).then(
              () => {
                sent++;
              },
              (err: unknown) => deps.onError(err),
            ),
          ),
        );
      // A tenth of the per-second budget per 100 ms.
      const wait = 100 - (deps.now() - started);
      if (queue.length && wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  /** Starts sending unless already sending; nudges queued while it finished start it again. */
  const kick = () => {
    if (draining || !queue.length) return;
    draining = drain().finally(() => {
      draining = null;
      kick();
    });
  };

  const flushLater = () => {
    laterTimer = null;
    const due = [...later];
    later.clear();
    nudge(due);
  };

  /**
   * Queues nudges for these terminals (those nudged very recently get theirs when their period
   * ends). `urgent` skips the per-terminal period: a person waits on the answer (a remote command
   * to a few terminals), and a handful of extra pulls cannot load the broker.
   */
  const nudge = (sns: readonly string[], opts: { urgent?: boolean } = {}) => {
    if (!deps.send || sns.length === 0) return;
    const now = deps.now();
    for (const sn of sns) {
      if (queued.has(sn)) continue;
      const at = last.get(sn);
      if (!opts.urgent && at !== undefined && now - at < perTerminalMs) {
        skipped++;
        later.add(sn);
        continue;
      }
      last.set(sn, now);
      queue.push(sn);
      queued.add(sn);
    }
    if (later.size && !laterTimer) {
      laterTimer = setTimeout(flushLater, perTerminalMs);
      laterTimer.unref();
    }
    if (last.size > 1_000_000) for (const [sn, at] of last) if (now - at >= perTerminalMs) last.delete(sn);
    kick();
  };

  return {
    nudge,
    /** Resolves once every queued nudge has gone out. */
    idle: () => draining ?? Promise.resolve(),
    stats: () => ({ sent, skipped, queued: queue.length, later: later.size }),
    /** Drops nudges not yet sent (shutdown). */
    stop() {
      if (laterTimer) clearTimeout(laterTimer);
      later.clear();
    },
  };
};

export type Nudger = ReturnType<typeof createNudger>;
