/**
 * The frame of a crash test's worker script: run as `<script> enqueue` it queues work and exits; as
 * `<script> work` it runs jobs until SIGTERM; as `<script> enqueue-work` it queues work, then runs
 * jobs (one process start fewer than the first two in turn). It reports on stdout, one line per event
 * (`say`), `ready` once the runner has started.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { type Database, openDatabase } from '../db/client';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createJobsService, type JobsService } from '../modules/jobs/jobs.service';
import { systemClock } from '../shared/clock';

type JobsDeps = Parameters<typeof createJobsService>[0];

/** Prints one report line. */
export const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs the worker script `moduleUrl` (its `import.meta.url`) when it is the process's entry point,
 * not when a test imports it for its constants. The database is DATABASE_URL or DATA_DIR's PGlite;
 * `setup` registers the script's handlers and answers what `enqueue` does.
 */
export const runCrashWorker = (
  moduleUrl: string,
  jobsDeps: Pick<JobsDeps, 'publish' | 'options'>,
  setup: (world: { database: Database; jobs: JobsService }) => Promise<() => Promise<void>>,
) => {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const main = async () => {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: process.env.DATA_DIR ?? '',
    });
    const jobs = createJobsService({
      ...jobsDeps,
      repo: createJobsRepository(database.db),
      clock: systemClock,
      log: pino(
        { level: process.env.LOG_LEVEL ?? 'silent' },
        pino.destination(2),
      ) as unknown as FastifyBaseLogger,
    });
    const enqueue = await setup({ database, jobs });
    const mode = process.argv[2];
    if (mode === 'enqueue' || mode === 'enqueue-work') await enqueue();
    if (mode === 'enqueue') {
      await database.close();
      return;
    }
    await jobs.start();
    say('ready');
    process.on('SIGTERM', () => {
      jobs
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  };
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
};
