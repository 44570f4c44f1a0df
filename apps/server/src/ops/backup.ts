import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../modules/blobs/blob-store';
import { VERSION } from '../version';
import { BATCH, createBackupRepository } from './backup.repository';

/** The database a backup is read from or loaded into, as the server opens it. */
type Database = Parameters<typeof createBackupRepository>[0];

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

  await createBackupRepository(database).snapshot(async (snapshot) => {
    migrations = await snapshot.migrations();
    for (const table of await snapshot.tables()) {
      const out = createWriteStream(path.join(dir, 'db', `${table}.jsonl`));
      tables[table] = await snapshot.eachBatch(table, async (rows) => {
        for (const row of rows)
          if (!out.write(`${row}\n`)) await new Promise<void>((ok) => out.once('drain', () => ok()));
      });
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
    }
    if (tables.blob_contents !== undefined) hashes.push(...(await snapshot.blobHashes()));
  });

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
 * Puts the files of a backup folder (`blobs/<sha256>`) into a store, each checked against its hash;
 * refuses a folder that does not hold `count` files. Copies wait in `staging` (default a folder in the
 * backup), which a disk store needs on its own file system, since it takes a file in by renaming it.
 */
export const putBackupFiles = async (opts: {
  store: BlobStore;
  dir: string;
  count: number;
  staging?: string;
}) => {
  const { store, dir, count } = opts;
  const staging = opts.staging ?? path.join(dir, '.restore-staging');
  const blobDir = path.join(dir, 'blobs');
  const files = existsSync(blobDir) ? await readdir(blobDir) : [];
  if (files.length !== count) throw new Error(`the backup lists ${count} files but holds ${files.length}`);
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
};

/**
 * Loads a backup into an empty database that is at the backup's schema (`openDatabase` with
 * `migrateUpTo: manifest.migrations`) and puts its files into the store, each checked against its hash.
 * All rows go in one transaction with triggers (and so foreign-key checks) off while loading, as
 * pg_restore does, since rows of one table may refer to each other in any order; on PostgreSQL that
 * needs a role allowed to set `session_replication_role` (the database owner as superuser, or granted
 * it). Refuses a database that has accounts: restore never mixes two states.
 */
export const restoreBackup = async (opts: {
  database: Database;
  store: BlobStore;
  dir: string;
  /** Where file copies wait on their way into the store (see putBackupFiles). */
  staging?: string;
}) => {
  const { database, store, dir } = opts;
  const manifest = await readManifest(dir);
  const repo = createBackupRepository(database);
  const applied = await repo.migrations();
  if (applied !== manifest.migrations)
    throw new Error(`the database is at migration ${applied}, the backup at ${manifest.migrations}`);
  const present = new Set(await repo.tables());
  for (const table of Object.keys(manifest.tables))
    if (!present.has(table)) throw new Error(`the backup has table ${table}, which the database lacks`);
  // Migrations may have put default rows in; accounts mean a server has run here, and restore never
  // mixes two states.
  if (await repo.hasAccounts())
    throw new Error('the database is in use (it has accounts); restore into a new, empty one');

  // Bytes first: once the rows are in, every file they name is already there.
  await putBackupFiles({ store, dir, count: manifest.blobs.count, staging: opts.staging });

  // What migrations put in is in the backup too, as it was then.
  await repo.load([...present], async (insert) => {
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const lines = (await readFile(path.join(dir, 'db', `${table}.jsonl`), 'utf8'))
        .split('\n')
        .filter(Boolean);
      if (lines.length !== expected)
        throw new Error(`backup table ${table} holds ${lines.length} rows, the manifest says ${expected}`);
      for (let i = 0; i < lines.length; i += BATCH)
        await insert(table, `[${lines.slice(i, i + BATCH).join(',')}]`);
    }
  });
  return manifest;
};
