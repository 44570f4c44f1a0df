import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TemplateKind } from './database-template';

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL, for tests whose servers run in other
 * processes: its URL, and `drop`, which removes it even while connections to it remain. Empty, or a
 * copy of the run's `from` snapshot (see database-template.ts), which spares the first process to
 * open it the migrations and, from `seeded`, the seeding (the admin's password hash, the app keys).
 */
export const createScratchDatabase = async (opts: { from?: TemplateKind } = {}) => {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `cpm_test_${randomBytes(6).toString('hex')}`;
  const templates = opts.from ? inject('databaseTemplates') : undefined;
  if (templates && templates.kind !== 'postgres') throw new Error('the run has no PostgreSQL templates');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    `create database ${name}${opts.from && templates ? ` template ${templates[opts.from]}` : ''}`,
  );
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
