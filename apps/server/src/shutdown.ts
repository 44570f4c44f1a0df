import type { FastifyInstance } from 'fastify';

/** A shutdown step taking this long is logged by name. */
const SLOW_SHUTDOWN_STEP_MS = 1_000;

/** One named part of the server to stop; a step with nothing to stop answers undefined. */
export type ShutdownStep = [name: string, run: () => Promise<unknown> | undefined];

/**
 * Stops the server's parts one after another when it closes. Each step is timed: one that holds the
 * stop up is named in the log, so a shutdown that misses its deadline says where the time went.
 */
export const closeInOrder = (app: FastifyInstance, steps: ShutdownStep[]) => {
  app.addHook('onClose', async () => {
    for (const [name, run] of steps) {
      const started = performance.now();
      await run();
      const ms = Math.round(performance.now() - started);
      if (ms >= SLOW_SHUTDOWN_STEP_MS) app.log.warn({ step: name, ms }, 'shutdown step was slow');
    }
  });
};
