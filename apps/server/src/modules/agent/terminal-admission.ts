/** Terminal-side work waiting on the database beyond which no further terminal is admitted. */
export const MAX_TERMINAL_BACKLOG = 20_000;
/** Event-loop delay (90th percentile of the last half second) beyond which no further terminal is admitted. */
export const MAX_LOOP_DELAY_MS = 500;
/**
 * How often the event-loop delay is sampled: ten samples in each half second read, enough to see a
 * loop half a second late, without waking an idle server a hundred times a second.
 */
export const LOOP_SAMPLE_MS = 50;

/**
 * Which connecting terminals the server takes now: at most `connectsPerSec` a second (a token bucket
 * holding one second's worth), and none while the terminal-side work already waiting on the database
 * (`backlog`: credentials being read, signs of life not yet written) is beyond `maxBacklog`, nor while
 * the process is already late answering what it has (`loopDelayMs` beyond `maxLoopDelayMs`). A
 * terminal refused is told "server unavailable" and comes back after the device protocol's back-off,
 * so a fleet reconnecting at once arrives at the pace the machine serves instead of all at once.
 */
export const createTerminalAdmission = (opts: {
  connectsPerSec: number;
  backlog: () => number;
  maxBacklog?: number;
  loopDelayMs?: () => number;
  maxLoopDelayMs?: number;
  now?: () => number;
}) => {
  const now = opts.now ?? (() => performance.now());
  const maxBacklog = opts.maxBacklog ?? MAX_TERMINAL_BACKLOG;
  const maxLoopDelayMs = opts.maxLoopDelayMs ?? MAX_LOOP_DELAY_MS;
  const burst = Math.max(1, opts.connectsPerSec);
  let tokens = burst;
  let at = now();
  let admitted = 0;
  let refused = 0;

  return {
    /** True when a terminal may connect now (and counts it); false: refuse it for load. */
    admit(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - at) * opts.connectsPerSec) / 1000);
      at = t;
      if (tokens < 1 || opts.backlog() >= maxBacklog || (opts.loopDelayMs?.() ?? 0) > maxLoopDelayMs) {
        refused++;
        return false;
      }
      tokens -= 1;
      admitted++;
      return true;
    },
    /** Connections admitted and refused for load since start. */
    counts: () => ({ admitted, refused }),
  };
};

export type TerminalAdmission = ReturnType<typeof createTerminalAdmission>;
