import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { BlobStore } from '../modules/blobs/blob-store';
import { VERSION } from '../version';

/** What a backup folder holds besides its data: enough to restore it and to check it is whole. */
export type BackupManifest = {
  format: 1;
  /** Server version that made it. */
  version: string;
  createdAt: string;
  /** Migrations applied to the database when it was made; restore starts from that schema. */
  migrations: number;
  /** Rows per table (`db/<table>.jsonl`, one JSON object per line). */
  tables: Record<string, number>;
  /** File bytes under `blobs/<sha256>`. */
  blobs: { count: number; bytes: number };
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const BATCH = 2_000;

/**
 * The product's tables (schema `public`), in name order. A partitioned table counts once, as its parent:
 * restored rows land in its default partition, and the monthly partition job moves them out again.
 */
const tableNames = async (db: Db) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((r) => r.name);

/** Columns filled from a sequence (identity or serial), whose sequences must continue after restored rows. */
const sequenceColumns = async (db: Db) =>
  rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')
        and table_name in (select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not c.relispartition)`,
  );

const appliedMigrations = async (db: Db) => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  ).catch(() => [{ n: 0 }]);
  return Number(row?.n ?? 0);
};

const sha256OfFile = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * Writes a backup of a running server into `dir` (which must not exist yet): every table's rows as read
 * in one snapshot, then the bytes of every file those rows name, each checked against its hash. Files
 * uploaded after the snapshot are not in it, and neither are rows that would name them, so the backup
 * never points at bytes it lacks.
 */
export const createBackup = async (opts: { database: Database; store: BlobStore; dir: string }) => {
  const { database, store, dir } = opts;
  if (existsSync(dir)) throw new Error(`backup folder ${dir} exists already`);
  await mkdir(path.join(dir, 'db'), { recursive: true });
  await mkdir(path.join(dir, 'blobs'));
  const tables: Record<string, number> = {};
  let migrations = 0;
  const hashes: string[] = [];

  // One snapshot for every table: rows that refer to each other are read as of the same moment.
  await database.db.transaction(
    async (tx) => {
      const db = tx as unknown as Db;
      migrations = await appliedMigrations(db);
      for (const table of await tableNames(db)) {
        const out = createWriteStream(path.join(dir, 'db', `${table}.jsonl`));
        let count = 0;
        // A cursor reads the table once, in batches, whatever its size.
        await db.execute(
          sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table)} t`,
        );
        for (;;) {
          const rows = await rowsOf<{ j: string }>(db, sql.raw(`fetch ${BATCH} from backup_rows`));
          for (const r of rows)
            if (!out.write(`${r.j}\n`)) await new Promise<void>((ok) => out.once('drain', () => ok()));
          count += rows.length;
          if (rows.length < BATCH) break;
        }
        await db.execute(sql`close backup_rows`);
        await new Promise<void>((resolve, reject) =>
          out.end((err?: Error | null) => (err ? reject(err) : resolve())),
        );
        tables[table] = count;
      }
      if (tables.blob_contents !== undefined)
        for (const r of await rowsOf<{ sha256: string }>(
          db,
          sql`select sha256 from blob_contents order by sha256`,
        ))
          hashes.push(r.sha256);
    },
    database.kind === 'postgres' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
  );

  let bytes = 0;
  for (const sha256 of hashes) {
    const file = path.join(dir, 'blobs', sha256);
    await pipeline(await store.open(sha256), createWriteStream(file));
    const actual = await sha256OfFile(file);
    if (actual !== sha256) throw new Error(`stored file ${sha256} is damaged (its bytes hash to ${actual})`);
    bytes += (await stat(file)).size;
  }
  const manifest: BackupManifest = {
    format: 1,
    version: VERSION,
    createdAt: new Date().toISOString(),
    migrations,
    tables,
    blobs: { count: hashes.length, bytes },
  };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};

export const readManifest = async (dir: string): Promise<BackupManifest> => {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  return manifest;
};

/**
 * Loads a backup into an empty database that is at the backup's schema (`openDatabase` with
 * `migrateUpTo: manifest.migrations`) and puts its files into the store, each checked against its hash.
 * All rows go in one transaction with triggers (and so foreign-key checks) off while loading, as
 * pg_restore does, since rows of one table may refer to each other in any order; on PostgreSQL that
 * needs a role allowed to set `session_replication_role` (the database owner as superuser, or granted
 * it). Refuses a database that has accounts: restore never mixes two states.
 */
export const restoreBackup = async (opts: { database: Database; store: BlobStore; dir: string }) => {
  const { database, store, dir } = opts;
  const manifest = await readManifest(dir);
  const db = database.db;
  const applied = await appliedMigrations(db);
  if (applied !== manifest.migrations)
    throw new Error(`the database is at migration ${applied}, the backup at ${manifest.migrations}`);
  const present = new Set(await tableNames(db));
  for (const table of Object.keys(manifest.tables))
    if (!present.has(table)) throw new Error(`the backup has table ${table}, which the database lacks`);
  // Migrations may have put default rows in; accounts mean a server has run here, and restore never
  // mixes two states.
  const [used] = await rowsOf<{ any: boolean }>(db, sql`select exists (select 1 from users) as any`);
  if (used?.any) throw new Error('the database is in use (it has accounts); restore into a new, empty one');

  // Bytes first: once the rows are in, every file they name is already there.
  const blobDir = path.join(dir, 'blobs');
  const files = existsSync(blobDir) ? await readdir(blobDir) : [];
  if (files.length !== manifest.blobs.count)
    throw new Error(`the backup lists ${manifest.blobs.count} files but holds ${files.length}`);
  const staging = path.join(dir, '.restore-staging');
  await mkdir(staging, { recursive: true });
  try {
    for (const sha256 of files) {
      const source = path.join(blobDir, sha256);
      if ((await sha256OfFile(source)) !== sha256) throw new Error(`backup file ${sha256} is damaged`);
      // put() moves its temp file away, so it gets a copy.
      const temp = path.join(staging, sha256);
      await copyFile(source, temp);
      await store.put(sha256, temp);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`set local session_replication_role = replica`);
    // What migrations put in is in the backup too, as it was then.
    await t.execute(
      sql.raw(`truncate table ${[...present].map((n) => `"${n.replaceAll('"', '""')}"`).join(', ')}`),
    );
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const lines = (await readFile(path.join(dir, 'db', `${table}.jsonl`), 'utf8'))
        .split('\n')
        .filter(Boolean);
      if (lines.length !== expected)
        throw new Error(`backup table ${table} holds ${lines.length} rows, the manifest says ${expected}`);
      for (let i = 0; i < lines.length; i += BATCH) {
        const batch = `[${lines.slice(i, i + BATCH).join(',')}]`;
        await t.execute(
          sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
        );
      }
    }
    // Sequences go on after the highest restored value, so new rows never collide with restored ones.
    for (const { table, column } of await sequenceColumns(t)) {
      const qualified = `"${table.replaceAll('"', '""')}"`;
      await t.execute(
        sql`select setval(pg_get_serial_sequence(${qualified}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false) from ${sql.identifier(table)}`,
      );
    }
  });
  return manifest;
};
