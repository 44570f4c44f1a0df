import type { FastifyBaseLogger } from 'fastify';

/** Bounds every wait on the network so a dead broker can neither hang a request nor shutdown. */
export const OPERATION_TIMEOUT_MS = 10_000;
export const CLOSE_STEP_TIMEOUT_MS = 3_000;

/** Waits for `promise` at most `ms`; true when it settled in time. Used where a late answer is harmless. */
export const settle = async (promise: Promise<unknown>, ms: number, what: string, log: FastifyBaseLogger) => {
  try {
    await withTimeout(promise, ms, what);
    return true;
  } catch (err) {
    log.warn({ err }, `${what} did not finish cleanly`);
    return false;
  }
};

/** Settles as `promise` does, or rejects after `ms` or when `signal` aborts. */
export const withTimeout = <T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  signal?: AbortSignal,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(`${what} abandoned: MQTT broker is closed`));
    const onAbort = () => finish(() => reject(new Error(`${what} abandoned: MQTT broker is closed`)));
    const timer = setTimeout(() => finish(() => reject(new Error(`${what} timed out after ${ms} ms`))), ms);
    const finish = (settleWith: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settleWith();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => finish(() => resolve(value)),
      (err: unknown) => finish(() => reject(err)),
    );
  });

/** A close that runs once however often it is called; later calls wait for the first. */
export const once = (fn: () => Promise<void>): (() => Promise<void>) => {
  let running: Promise<void> | undefined;
  return () => {
    running ??= fn();
    return running;
  };
};
