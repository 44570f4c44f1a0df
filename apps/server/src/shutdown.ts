import type { FastifyInstance } from 'fastify';

/** A shutdown step taking this long is logged by name. */
const SLOW_SHUTDOWN_STEP_MS = 1_000;
/**
 * What the steps before the final ones may take together. `main.ts` exits after 10 s whatever is left;
 * with the HTTP server's own close before the steps and the final steps after them, this keeps the
 * whole stop inside that grace on a loaded machine.
 */
export const SHUTDOWN_STEPS_BUDGET_MS = 6_000;
/** What each final step (the broker, the database) may take, whatever the others took. */
export const FINAL_STEP_MS = 1_000;

/**
 * One named part of the server to stop; a step with nothing to stop answers undefined. A final step
 * is waited for `FINAL_STEP_MS` even when the others used up the budget.
 */
export type ShutdownStep = [name: string, run: () => Promise<unknown> | undefined, final?: 'final'];

/** Resolves when `running` settles or after `ms` (never, when infinite), answering whether it settled in time. */
const within = (running: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(() => resolve(false), Math.max(0, ms)) : undefined;
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    running.then(done, done);
  });

/**
 * Stops the server's parts one after another when it closes, within a deadline by construction: the
 * steps share `budgetMs`, and one still running when the budget is spent is left running (named in the
 * log) while the stop goes on; each final step is waited for `finalMs` of its own. A failing step is
 * logged and the stop goes on, so the database still closes. Each step is timed: one that
 * holds the stop up is named in the log, so a slow shutdown says where the time went.
 */
export const closeInOrder = (
  app: FastifyInstance,
  steps: ShutdownStep[],
  // Without bounds every step is waited for to its end (tests, and any caller with no grace to meet).
  opts: { budgetMs?: number; finalMs?: number } = {},
) => {
  const budgetMs = opts.budgetMs ?? Number.POSITIVE_INFINITY;
  const finalMs = opts.finalMs ?? Number.POSITIVE_INFINITY;
  app.addHook('onClose', async () => {
    const deadline = performance.now() + budgetMs;
    for (const [name, run, final] of steps) {
      const started = performance.now();
      // Every step starts, so each part stops taking work; only the wait for it is bounded.
      const running = run();
      if (!running) continue;
      const limit = final ? finalMs : deadline - started;
      const settled = await within(
        running.catch((err: unknown) => app.log.error({ err, step: name }, 'shutdown step failed')),
        limit,
      );
      const ms = Math.round(performance.now() - started);
      if (!settled) app.log.warn({ step: name, ms }, 'shutdown step cut short');
      else if (ms >= SLOW_SHUTDOWN_STEP_MS) app.log.warn({ step: name, ms }, 'shutdown step was slow');
    }
  });
};
