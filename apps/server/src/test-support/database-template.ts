import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../db/client';
import * as schema from '../db/schema';
import { seedDatabase } from '../db/seed/seed';
import { loadAppKeys } from '../modules/keys/app-keys';
import { createKeysRepository } from '../modules/keys/keys.repository';

/**
 * Every test file starts from a copy of one of two snapshots made once per run: `migrated` (the
 * schema, no rows) or `seeded` (also the default menu, roles, dictionaries, the `admin` account and the
 * application keys). Migrating, seeding, hashing the admin's password and making an RSA key are the
 * slow part of a fresh database; copying a finished one is not.
 */
export type TemplateKind = 'migrated' | 'seeded';

/** Where the snapshots of this run are: PGlite data directories, or PostgreSQL database names. */
export type DatabaseTemplates =
  | { kind: 'pglite'; root: string; migrated: string; seeded: string }
  | { kind: 'postgres'; base: string; migrated: string; seeded: string };

/** The first administrator's password in every test app. */
export const ADMIN_PASSWORD = 'Admin#Test1';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/** Brings a migrated database to the `seeded` state, as buildApp would on its first start. */
export const seedTemplate = async (db: Db) => {
  await seedDatabase(db, { adminPassword: ADMIN_PASSWORD });
  await loadAppKeys(createKeysRepository(db));
};

const pgliteDatabase = (client: PGlite, onClose: () => void = () => undefined): Database => {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    async close() {
      await client.close();
      onClose();
    },
  };
};

/**
 * Builds both PGlite snapshots as data directories under `root`: copying a closed data directory and
 * starting PGlite on the copy takes a fraction of a fresh start (initdb), and less than loading a
 * `dumpDataDir` tarball into memory. A memory-backed folder (/dev/shm) keeps the copies off the disk.
 */
export const buildPgliteTemplates = async (root: string) => {
  const migrated = path.join(root, 'migrated');
  const seeded = path.join(root, 'seeded');
  const first = pgliteDatabase(new PGlite(migrated));
  try {
    await migratePglite(first.db as never, { migrationsFolder });
  } finally {
    await first.close();
  }
  cpSync(migrated, seeded, { recursive: true });
  const second = pgliteDatabase(new PGlite(seeded));
  try {
    await seedTemplate(second.db);
  } finally {
    await second.close();
  }
  return { kind: 'pglite' as const, root, migrated, seeded };
};

/** A folder for the run's PGlite data directories: in memory when the system has /dev/shm. */
export const pgliteRoot = () =>
  mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cpm-test-db-'));

/** PGlite on a copy of a snapshot directory, removed on close; the migrator confirms it is current. */
export const openPgliteClone = async (root: string, template: string): Promise<Database> => {
  const dir = mkdtempSync(path.join(root, 'file-'));
  cpSync(template, dir, { recursive: true });
  const database = pgliteDatabase(new PGlite(dir), () => rmSync(dir, { recursive: true, force: true }));
  await migratePglite(database.db as never, { migrationsFolder });
  return database;
};

/** Applies this code's pending migrations to an open database (one opened at an earlier schema). */
export const migrateToCurrent = (database: Database) =>
  database.kind === 'pglite'
    ? migratePglite(database.db as never, { migrationsFolder })
    : migrateNodePg(database.db as never, { migrationsFolder });

const withAdminClient = async <T>(base: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** The URL of database `name` on the server `base` points at. */
export const databaseUrl = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A fresh name for a database of this run. */
export const testDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/**
 * Creates the two PostgreSQL template databases: one migrated, one copied from it and seeded. No
 * connection to them stays open, as `CREATE DATABASE ... TEMPLATE` requires.
 */
export const buildPostgresTemplates = async (base: string) => {
  const migrated = testDatabaseName('cpm_tpl_migrated');
  const seeded = testDatabaseName('cpm_tpl_seeded');
  await withAdminClient(base, (c) => c.query(`create database ${migrated}`));
  const first = await openDatabase({ databaseUrl: databaseUrl(base, migrated), dataDir: '' });
  await first.close();
  await withAdminClient(base, (c) => c.query(`create database ${seeded} template ${migrated}`));
  const second = await openDatabase({ databaseUrl: databaseUrl(base, seeded), dataDir: '' });
  try {
    await seedTemplate(second.db);
  } finally {
    await second.close();
  }
  return { kind: 'postgres' as const, base, migrated, seeded };
};

/** Drops databases of this run (templates at teardown, clones when a test file closes them). */
export const dropPostgresDatabases = (base: string, names: string[]) =>
  withAdminClient(base, async (c) => {
    for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
  });

/** A PostgreSQL database copied from a template; dropped on close. */
export const openPostgresClone = (base: string, template: string) => openNewPostgres(base, { template });

/** A new PostgreSQL database, empty (migrated on opening) or copied from `template`; dropped on close. */
export const openNewPostgres = async (
  base: string,
  opts: { template?: string; prefix?: string } = {},
): Promise<Database> => {
  const name = testDatabaseName(opts.prefix ?? 'cpm_test');
  const from = opts.template ? ` template ${opts.template}` : '';
  await withAdminClient(base, (c) => c.query(`create database ${name}${from}`));
  const database = await openDatabase({ databaseUrl: databaseUrl(base, name), dataDir: '' });
  return {
    ...database,
    async close() {
      await database.close();
      await dropPostgresDatabases(base, [name]);
    },
  };
};
