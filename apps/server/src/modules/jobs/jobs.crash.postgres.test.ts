import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { killScripts } from '../../test-support/child-script';
import { createScratchDatabase } from '../../test-support/scratch-database';
import { crashScenario, type Effect } from './crash-scenario.testing';

afterAll(killScripts);

describe('a job whose process is killed', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is finished exactly once by another process running at the same time (PostgreSQL)',
    async () => {
      const scratch = await createScratchDatabase({ from: 'migrated' });
      try {
        await crashScenario({ DATABASE_URL: scratch.url }, { concurrent: true }, async () => {
          const client = new pg.Client({ connectionString: scratch.url });
          await client.connect();
          try {
            const effects = await client.query<Effect>('select step, worker from job_crash_effects');
            const job = await client.query<{ status: string; attempts: number }>(
              `select status, attempts from jobs where kind = 'test.crash'`,
            );
            return { effects: effects.rows, job: job.rows[0] };
          } finally {
            await client.end();
          }
        });
      } finally {
        await scratch.drop();
      }
    },
    240_000,
  );
});
