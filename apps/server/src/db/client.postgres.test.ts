import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-app';
import type { Database } from './client';

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('PostgreSQL connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('survive a connection dropped inside a transaction: the work fails, the process lives, the pool recovers', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const work = database.db.transaction(async (tx) => {
        const pid = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // As a failover or an idle-in-transaction timeout would: the server ends this backend.
        await admin.query('select pg_terminate_backend($1)', [pid.rows[0]?.pid]);
        await tx.execute(sql`select 1`);
      });
      await expect(work).rejects.toThrow();
      // Before the fix the dropped client's 'error' event had no listener and ended the process here.
      await database.ping();
      const again = (await database.db.execute(sql`select 41 + 1 as n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(again.rows[0]?.n).toBe(42);
    } finally {
      await admin.end();
    }
  });
});
