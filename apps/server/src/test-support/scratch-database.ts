import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL, for tests whose servers run in other
 * processes: its URL, and `drop`, which removes it even while connections to it remain.
 */
export const createScratchDatabase = async () => {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `cpm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};
