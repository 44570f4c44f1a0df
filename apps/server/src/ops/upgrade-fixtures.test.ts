import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, type Db, knownMigrations, openDatabase } from '../db/client';
import { type BlobStore, openBlobStore } from '../modules/blobs/blob-store';
import { clientOf } from '../test-support/api-client';
import {
  databaseUrl,
  dropPostgresDatabases,
  migrateToCurrent,
  testDatabaseName,
} from '../test-support/database-template';
import { loginAs, type TestApp, testConfig } from '../test-support/test-app';
import { putBackupFiles, readManifest, restoreBackup } from './backup';
import { createBackupRepository } from './backup.repository';
import {
  listUpgradeFixtures,
  loadPostgresFixture,
  readUpgradeFixture,
  type UpgradeFixture,
  unpackPgliteFixture,
} from './upgrade-fixture';

/**
 * Tables a later migration retires or refills on purpose, each with the reason; every other table of
 * a fixture must keep exactly its row count. Add here, with the migration that does it, never to
 * make a failing upgrade pass.
 */
const CHANGED_TABLES: Record<string, string> = {};

const base = process.env.TEST_DATABASE_URL;
const kinds = ['pglite', ...(base ? ['postgres' as const] : [])] as const;
const fixtures = listUpgradeFixtures();

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Row counts of the tables the fixture had, leaving out those changed on purpose. */
const keptCounts = (tables: Record<string, number>) =>
  Object.fromEntries(Object.entries(tables).filter(([table]) => !(table in CHANGED_TABLES)));

/**
 * Every file a row names: each `…blob_id` column's value must be a stored file row, and each stored
 * file row's bytes must be in the store. Answers the names that point nowhere.
 */
const danglingFileReferences = async (db: Db, store: BlobStore) => {
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and column_name like '%blob_id' order by 1, 2`,
  );
  const dangling: string[] = [];
  for (const { table, column } of columns) {
    const missing = await rowsOf<{ id: string }>(
      db,
      sql`select r.${sql.identifier(column)}::text as id from ${sql.identifier(table)} r
          where r.${sql.identifier(column)} is not null
            and not exists (select 1 from blobs b where b.id = r.${sql.identifier(column)})`,
    );
    dangling.push(...missing.map((m) => `${table}.${column} ${m.id}`));
  }
  for (const { sha256 } of await rowsOf<{ sha256: string }>(db, sql`select distinct sha256 from blobs`))
    if (!(await store.has(sha256))) dangling.push(`bytes ${sha256}`);
  return { columns: columns.length, dangling };
};

/** A new, empty PostgreSQL database of this run, dropped at the end; answers its URL. */
const newPostgresDatabase = async (cleanups: (() => Promise<unknown>)[]) => {
  const name = testDatabaseName('cpm_upgrade_fixture');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(() => dropPostgresDatabases(base as string, [name]));
  return databaseUrl(base as string, name);
};

/** Signs in as the fixture's administrator and reads each list the console shows. */
const readThroughConsole = async (
  database: Database,
  dataDir: string,
  fixture: UpgradeFixture,
  tables: Record<string, number>,
) => {
  const config = testConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ config, database, broker: false, jobs: { run: false } });
  try {
    const { token } = await loginAs(app.app, fixture.admin.username, fixture.admin.password);
    const as = clientOf(app as TestApp, token);
    const page = { current: 1, size: 100 };
    const totals = {
      terminals: (await as.call(ENDPOINTS.devices.terminalPage, page)).body.result.total,
      tasks: (await as.call(ENDPOINTS.tasks.page, page)).body.result.total,
      apps: (await as.call(ENDPOINTS.appMarket.mine, page)).body.result.total,
      sys_files: (await as.call(ENDPOINTS.sysFiles.page, page)).body.result.total,
      media_wallpapers: (await as.call(ENDPOINTS.media.wallpaperPage, page)).body.result.total,
    };
    expect(totals).toEqual({
      terminals: tables.terminals,
      tasks: tables.tasks,
      apps: tables.apps,
      sys_files: tables.sys_files,
      media_wallpapers: tables.media_wallpapers,
    });
    // Each task's results, one per delivery.
    let results = 0;
    for (const task of (await as.call(ENDPOINTS.tasks.page, page)).body.result.records)
      results += (await as.call(ENDPOINTS.tasks.results, { taskId: task.id, ...page })).body.result.total;
    expect(results).toBe(tables.task_deliveries);
    // Every stored file downloads with the bytes its row's hash names.
    const files = await rowsOf<{ id: string; sha256: string }>(
      database.db,
      sql`select id::text as id, sha256 from blobs order by id`,
    );
    expect(files).toHaveLength(tables.blobs);
    for (const file of files) {
      const res = await as.request(ENDPOINTS.blobs.download, { query: { id: file.id } });
      expect({ id: file.id, status: res.statusCode }).toEqual({ id: file.id, status: 200 });
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(file.sha256);
    }
  } finally {
    await app.app.close();
  }
};

describe.skipIf(fixtures.length === 0).each(fixtures.map((f) => [path.basename(f), f]))(
  'upgrading the data of release %s',
  (_version, folder) => {
    const fixture = readUpgradeFixture(folder);
    const cleanups: (() => Promise<unknown>)[] = [];
    const roots: string[] = [];
    // In memory where the system allows (as the run's database templates are): copying and opening a
    // data directory there is several times faster than on disk.
    const scratch = () => {
      const root = mkdtempSync(
        path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cpm-upgrade-fixture-'),
      );
      roots.push(root);
      return root;
    };
    /** The release's PGlite data directory, unpacked once; each test works on a copy. */
    let pristine: string;
    beforeAll(async () => {
      pristine = path.join(scratch(), 'db');
      await unpackPgliteFixture(folder, pristine);
    });
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });
    /** A folder for a server's data holding a copy of the release's PGlite database. */
    const pgliteCopy = () => {
      const dataDir = scratch();
      cpSync(pristine, path.join(dataDir, 'db'), { recursive: true });
      return dataDir;
    };

    it.each(kinds)(
      'migrates its %s database to this code with every row and file kept, and serves it',
      async (kind) => {
        const dataDir = kind === 'pglite' ? pgliteCopy() : scratch();
        let url: string | undefined;
        if (kind === 'postgres') {
          url = await newPostgresDatabase(cleanups);
          await loadPostgresFixture(folder, url);
        }
        const store = await openBlobStore(testConfig({ DATA_DIR: dataDir }).blobStore);
        await putBackupFiles({
          store,
          dir: folder,
          count: fixture.blobs.length,
          staging: path.join(dataDir, 'staging'),
        });

        // Opening it as the server does applies what came after the release.
        const database = await openDatabase({ dataDir, databaseUrl: url });
        cleanups.push(() => database.close());
        const repo = createBackupRepository(database);
        expect(await repo.migrations()).toBe(knownMigrations().length);
        const expected = keptCounts(fixture[kind].tables);
        const counts = await repo.rowCounts();
        expect(Object.fromEntries(Object.keys(expected).map((t) => [t, counts[t]]))).toEqual(expected);
        const files = await danglingFileReferences(database.db, store);
        expect(files.columns).toBeGreaterThan(0);
        expect(files.dangling).toEqual([]);

        await readThroughConsole(database, dataDir, fixture, fixture[kind].tables);
      },
      120_000,
    );

    it.each(kinds)('restores its backup into a %s database of this code', async (kind) => {
      const manifest = await readManifest(folder);
      // An empty database at the release's schema: the release's own, emptied, or a new one.
      const dataDir = kind === 'pglite' ? pgliteCopy() : scratch();
      const url = kind === 'postgres' ? await newPostgresDatabase(cleanups) : undefined;
      const database = await openDatabase({ dataDir, databaseUrl: url, migrateUpTo: manifest.migrations });
      cleanups.push(() => database.close());
      const repo = createBackupRepository(database);
      await repo.load(await repo.tables(), async () => undefined);

      const store = await openBlobStore(testConfig({ DATA_DIR: dataDir }).blobStore);
      await restoreBackup({ database, store, dir: folder, staging: path.join(dataDir, 'staging') });
      await migrateToCurrent(database);
      const counts = await repo.rowCounts();
      const expected = keptCounts(manifest.tables);
      expect(Object.fromEntries(Object.keys(expected).map((t) => [t, counts[t]]))).toEqual(expected);
      expect((await danglingFileReferences(database.db, store)).dangling).toEqual([]);
    });
  },
);
