/**
 * A separate process for the crash test: `enqueue` queues one job; `work` runs jobs until SIGTERM.
 * The job writes one side-effect row per step, each committed with its checkpoint through
 * `inLease`, and one `done` row when it finishes; counting those rows proves every step ran once.
 * HANG_AT_STEP makes a worker stop before that step, so a test can kill it at a known point.
 * Reports on stdout, one line per event: `job <id>`, `ready`, `step <n> attempt <a>`, `succeeded <id>`.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { runCrashWorker, say } from '../../test-support/crash-worker';

export const CRASH_KIND = 'test.crash';
export const CRASH_STEPS = 8;

runCrashWorker(
  import.meta.url,
  {
    publish: async (_userId, event) => {
      if (event.status === 'succeeded') say(`succeeded ${event.jobId}`);
    },
    options: { leaseMs: Number(process.env.LEASE_MS ?? 1500), pollMs: 100, retryBaseMs: 100 },
  },
  async ({ database, jobs }) => {
    await database.db.execute(
      sql`create table if not exists job_crash_effects (job_id uuid not null, step int not null, worker int not null)`,
    );
    jobs.registerHandler<{ stepMs: number }>(
      CRASH_KIND,
      async (ctx) => {
        const from = (ctx.checkpoint as { next: number } | null)?.next ?? 0;
        for (let step = from; step < CRASH_STEPS; step++) {
          // The process to be killed stops here mid-job (still renewing its lease) until it is killed.
          if (step === Number(process.env.HANG_AT_STEP ?? -1)) await new Promise(() => {});
          await ctx.inLease(
            (tx) =>
              tx.execute(sql`insert into job_crash_effects values (${ctx.id}, ${step}, ${process.pid})`),
            { next: step + 1 },
          );
          await ctx.progress(((step + 1) / CRASH_STEPS) * 100);
          say(`step ${step} attempt ${ctx.attempt}`);
          await delay(ctx.payload.stepMs);
        }
        return { steps: CRASH_STEPS };
      },
      {
        finish: async (job, _result, tx) => {
          await tx.execute(sql`insert into job_crash_effects values (${job.id}, -1, ${process.pid})`);
          return undefined;
        },
      },
    );
    return async () => {
      const row = await jobs.enqueueJob({ kind: CRASH_KIND, payload: { stepMs: 150 }, userId: randomUUID() });
      say(`job ${row.id}`);
    };
  },
);
