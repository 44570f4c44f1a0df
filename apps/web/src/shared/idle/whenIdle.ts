import { useEffect, useState } from 'react';

/** The longest a deferred start waits for an idle moment on a page that never goes idle. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Resolves in a task of its own once the browser is idle (or after `timeout` ms at the latest), so
 * work that the first paint does not need (chart code, live connections, the bell's count) runs after
 * the page is drawn instead of lengthening the tasks that draw it.
 */
export const whenIdle = (timeout = IDLE_TIMEOUT_MS): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` after the browser was idle and after every step queued before it, each in a task of its
 * own: several charts drawn at once would otherwise block the page for the sum of their times.
 */
export const inIdleTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
  const turn = queue.then(() => whenIdle()).then(work);
  queue = turn.catch(() => undefined);
  return turn;
};

/** False until the browser was first idle after the component mounted. */
export const useIdle = (): boolean => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenIdle().then(() => {
      if (mounted) setIdle(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return idle;
};
