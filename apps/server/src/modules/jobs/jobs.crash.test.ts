// Runs in the first server pass only: its processes open the embedded database whatever the pass
// (the PostgreSQL scenario is jobs.crash.postgres.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { killScripts, migratedDataDir } from '../../test-support/child-script';
import { crashScenario, type Effect } from './crash-scenario.testing';

afterAll(killScripts);

describe('a job whose process is killed', () => {
  it('is finished exactly once by another process (PGlite in DATA_DIR, one process at a time)', async () => {
    // Start from the run's migrated database instead of creating one (initdb) in the first process.
    const { dir: dataDir, remove } = migratedDataDir('cpm-jobs-crash-');
    try {
      await crashScenario({ DATA_DIR: dataDir, DATABASE_URL: '' }, { concurrent: false }, async () => {
        const database = await openDatabase({ dataDir });
        try {
          const effects = (await database.db.execute(
            sql`select step, worker from job_crash_effects`,
          )) as unknown as {
            rows: Effect[];
          };
          const job = (await database.db.execute(
            sql`select status, attempts from jobs where kind = 'test.crash'`,
          )) as unknown as {
            rows: { status: string; attempts: number }[];
          };
          return { effects: effects.rows, job: job.rows[0] };
        } finally {
          await database.close();
        }
      });
    } finally {
      remove();
    }
  }, 240_000);
});
