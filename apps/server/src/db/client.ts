import { fork } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every repository receives; the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  /**
   * Terminal-side work (authentication, hello, heartbeats, online state) on PostgreSQL: its own small
   * pool, so a fleet reconnecting at once queues there and never ahead of the API's requests. Absent on
   * PGlite (one connection) and where the database was opened without it: use `db`.
   */
  terminalDb?: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  /** PostgreSQL pool occupancy for the metrics (absent on PGlite, which has one connection). */
  pool?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const dbFolder = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(dbFolder, 'migrations');

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** The migrations this code knows, oldest first (`tag` names the SQL file). */
export const knownMigrations = (): Journal['entries'] =>
  (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal).entries;

/**
 * The folder to migrate from: all migrations, or a copy holding only the first `upTo` (restoring a
 * backup made by an earlier release starts at its schema, then moves forward).
 */
const migrationsUpTo = (upTo: number | undefined) => {
  const entries = knownMigrations();
  if (upTo === undefined || upTo >= entries.length) return migrationsFolder;
  const folder = mkdtempSync(path.join(tmpdir(), 'cpm-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const kept = entries.slice(0, upTo);
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: kept }),
  );
  for (const e of kept)
    copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
};

/**
 * Opens the database the configuration names and applies pending migrations:
 * PostgreSQL for `postgres://`, an in-memory PGlite for `memory://`, else PGlite in `DATA_DIR/db`.
 */
export const openDatabase = async (opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Apply only the first this many migrations (restore and upgrade checks); default all. */
  migrateUpTo?: number;
  /** PostgreSQL connections for terminal-side work (`terminalDb`); none (no separate pool) when unset. */
  databaseTerminalPool?: number;
}): Promise<Database> => {
  const url = opts.databaseUrl;
  const migrationsFolder = migrationsUpTo(opts.migrateUpTo);
  if (url?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A connection the server drops (restart, failover, a terminated backend, an idle-in-transaction
    // timeout) must not take the process down. The pool listens on idle connections only; a connection
    // lost while checked out (inside a transaction) emits its error on the client, so every client
    // gets a listener too. The query in flight fails on its own, and the pool replaces the connection.
    pool.on('connect', (client) =>
      client.on('error', (error) => process.stderr.write(`database connection lost: ${error.message}\n`)),
    );
    // The pool repeats an idle connection's error on itself, and throws if nobody listens; the
    // client's own listener above has logged it already.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    await migrateNodePg(db, { migrationsFolder });
    const terminalPool = opts.databaseTerminalPool
      ? new pg.Pool({ connectionString: url, max: opts.databaseTerminalPool })
      : undefined;
    terminalPool?.on('connect', (client) =>
      client.on('error', (error) => process.stderr.write(`database connection lost: ${error.message}\n`)),
    );
    terminalPool?.on('error', () => undefined);
    return {
      db: db as unknown as Db,
      terminalDb: terminalPool
        ? (drizzleNodePg(terminalPool, { schema, casing: 'snake_case' }) as unknown as Db)
        : undefined,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), terminalPool?.end()]);
      },
    };
  }
  if (url === 'memory://') {
    const client = new PGlite();
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return pgliteDatabase(client);
  }
  const dir = path.join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPglite(dir, migrationsFolder);
  const client = new PGlite(dir);
  await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  return pgliteDatabase(client);
};

/**
 * Creates and migrates a new embedded database in a child process (see `create-pglite.mjs`), so the
 * memory that creation takes leaves with the child instead of staying with the server.
 */
const createPglite = (dir: string, migrationsFolder: string) =>
  new Promise<void>((resolve, reject) => {
    const child = fork(path.join(dbFolder, 'create-pglite.mjs'), [dir, migrationsFolder], {
      execArgv: [],
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database in ${dir} failed (exit ${code})`)),
    );
  });

const pgliteDatabase = (client: PGlite): Database => {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
};
