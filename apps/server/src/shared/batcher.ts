/**
 * Coalesces many single-key calls into one call for a batch of keys, one batch at a time, so a burst
 * (a fleet reconnecting at once) costs a statement per batch and holds at most one database
 * connection. Keys asked for within `waitMs` of the first waiting one (or `maxBatch` of them) go
 * together; while a batch is being answered, the keys that arrive wait for it too, and go as soon as
 * it is done if they have waited `waitMs` by then: the slower the answers, the fewer and larger the
 * batches, and never more than one per `waitMs` while they are quick. A key already waiting shares
 * its batch's answer.
 */
export const createBatcher = <K, V>(opts: {
  /** Answers for the keys; a key missing from the map answers undefined. */
  run: (keys: K[]) => Promise<Map<K, V>>;
  maxBatch?: number;
  waitMs?: number;
}) => {
  const maxBatch = opts.maxBatch ?? 500;
  const waitMs = opts.waitMs ?? 10;
  type Waiter = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void };
  let queued = new Map<K, Waiter[]>();
  // A queued key nobody waits for shares this list (never written to).
  const noWaiters: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  // Batches handed to `run` and not finished yet, and when the first key now queued arrived.
  let batches = 0;
  let firstAt = 0;
  const later = (ms: number) => {
    timer ??= setTimeout(() => void dispatch(), ms);
  };

  const dispatch = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queued;
    queued = new Map();
    if (batch.size === 0) return chain;
    inFlight += batch.size;
    batches++;
    chain = chain.then(async () => {
      try {
        const answers = await opts.run([...batch.keys()]);
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(answers.get(key));
      } catch (err) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      } finally {
        inFlight -= batch.size;
        // What arrived meanwhile goes together, once its first key has waited `waitMs`.
        if (--batches === 0 && queued.size > 0) {
          const left = waitMs - (performance.now() - firstAt);
          if (left > 0) later(left);
          else void dispatch();
        }
      }
    });
    return chain;
  };

  /** Puts `key` in the next batch with `waiter` among those answered, if any. */
  const join = (key: K, waiter?: Waiter) => {
    if (queued.size === 0) firstAt = performance.now();
    const waiters = queued.get(key);
    if (!waiter) {
      if (!waiters) queued.set(key, noWaiters);
    } else if (!waiters || waiters === noWaiters) queued.set(key, [waiter]);
    else waiters.push(waiter);
    if (queued.size >= maxBatch) void dispatch();
    else if (batches === 0) later(waitMs);
  };

  return {
    /** The answer for `key`, from the batch it joins. */
    get: (key: K): Promise<V | undefined> =>
      new Promise<V | undefined>((resolve, reject) => join(key, { resolve, reject })),
    /**
     * Puts `key` in the next batch without waiting for it: no promise, nothing held but the key. `run`
     * must then deal with its own failures, since nobody hears them here; `drain` waits for it.
     */
    queue: (key: K) => join(key),
    /** Runs what is queued now and resolves once every batch so far has finished. */
    drain: () => dispatch(),
    /** Keys queued or being answered. */
    pending: () => queued.size + inFlight,
  };
};

export type Batcher<K, V> = ReturnType<typeof createBatcher<K, V>>;

/**
 * Runs at most `max` calls at once; the rest wait in order. Terminal work done one message at a time
 * (events, output) goes through one, so it can hold at most `max` database connections and never
 * starve the batched writes beside it.
 */
export const createLimiter = (max: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next caller, so no newcomer can slip in beside it.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
  return Object.assign(run, { waiting: () => waiting.length });
};
