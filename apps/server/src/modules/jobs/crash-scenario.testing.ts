/**
 * The crash scenario of the job crash tests, on PGlite (jobs.crash.test.ts) and on PostgreSQL
 * (jobs.crash.postgres.test.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { startScript } from '../../test-support/child-script';
import { CRASH_STEPS } from './crash-worker.fixture';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-worker.fixture.ts');

/** Starts the worker script in its own Node process. */
const start = (mode: 'enqueue-work' | 'work', env: Record<string, string>) =>
  startScript(worker, [mode], env);

export type Effect = { step: number; worker: number };

/**
 * The crash scenario: worker A takes the job and is killed with SIGKILL mid-job; worker B (started
 * while A is alive when both may open the database, after A died otherwise) takes the job up once
 * A's lease has lapsed and finishes it. Every step's side effect must exist exactly once.
 */
export const crashScenario = async (
  scenarioEnv: Record<string, string>,
  opts: { concurrent: boolean },
  read: () => Promise<{ effects: Effect[]; job: { status: string; attempts: number } }>,
) => {
  // Long enough that a busy machine renews in time (every third of it): PGlite runs its queries on
  // the worker's own thread, and on a loaded machine 3 s let the lease lapse under the live worker,
  // which then used up its attempts. Short enough that the take-over comes within seconds.
  const env = { LEASE_MS: '10000', ...scenarioEnv };
  // A queues the job itself, then takes it.
  const a = start('enqueue-work', { ...env, HANG_AT_STEP: '3' });
  const jobId = (await a.waitFor(/^job /)).slice(4);
  await a.waitFor(/^step 0 /);
  const b = opts.concurrent ? start('work', env) : null;
  if (b) await b.waitFor(/^ready$/);
  await a.waitFor(/^step 2 /);
  a.proc.kill('SIGKILL');
  await a.exited;
  expect(a.lines.some((l) => l.startsWith('succeeded'))).toBe(false);

  const taker = b ?? start('work', env);
  await taker.waitFor(new RegExp(`^succeeded ${jobId}$`));
  taker.proc.kill('SIGTERM');
  expect(await taker.exited).toBe(0);

  const { effects, job } = await read();
  const steps = effects.map((e) => e.step).sort((x, y) => x - y);
  expect(steps).toEqual([-1, ...Array.from({ length: CRASH_STEPS }, (_, i) => i)]);
  const byA = effects.filter((e) => e.worker === a.proc.pid).map((e) => e.step);
  const byB = effects.filter((e) => e.worker === taker.proc.pid).map((e) => e.step);
  // A committed steps 0-2 before it died; B resumed from its checkpoint and did the rest and the finish.
  expect(byA.sort()).toEqual([0, 1, 2]);
  expect(byB.sort((x, y) => x - y)).toEqual([
    -1,
    ...Array.from({ length: CRASH_STEPS - 3 }, (_, i) => i + 3),
  ]);
  expect(taker.lines).toContain('step 3 attempt 2');
  expect(job).toEqual({ status: 'succeeded', attempts: 2 });
};
