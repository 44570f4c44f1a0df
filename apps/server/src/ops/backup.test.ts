import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, type Db, knownMigrations } from '../db/client';
import { openBlobStore } from '../modules/blobs/blob-store';
import { callAs, createFleetFixtures } from '../test-support/fleet-fixtures';
import {
  ADMIN_PASSWORD,
  createTestApp,
  loginAs,
  openTestDatabase,
  type TestApp,
  testConfig,
} from '../test-support/test-app';
import { createBackup, readManifest, restoreBackup } from './backup';

const base = process.env.TEST_DATABASE_URL;

/** Every row of every product table as sorted JSON text: two databases hold the same data when these match. */
const contents = async (db: Db) => {
  const tables = (
    (await db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (
      (await db.execute(
        sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t`,
      )) as unknown as { rows: { j: string }[] }
    ).rows;
    out[table] = rows.map((r) => r.j).sort();
  }
  return out;
};

/** A new, empty database at this version's schema: a copy of the run's migrated template. */
const emptyDatabase = (): Promise<Database> => openTestDatabase({ from: 'migrated' });

describe(`backup and restore drill (${base ? 'PostgreSQL' : 'PGlite'}, files on disk)`, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cpm-backup-'));
  const dataDir = path.join(root, 'live');
  const backupDir = path.join(root, 'backup');
  let t: TestApp;
  const files: { id: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ broker: false, env: { DATA_DIR: dataDir } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const call = callAs(t, admin.token);
    const { model, group } = await createFleetFixtures(t, admin.userId);
    for (let i = 1; i <= 3; i++) {
      const saved = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
        sn: `BAK${i}0000`,
        name: `Till ${i}`,
        modelId: model.id,
        groupId: group.id,
        storeName: 'Store',
        mac: `02:00:00:00:00:0${i}`,
      });
      expect(saved.body.code, saved.body.messageEn).toBe(1);
    }
    // Three files, two sharing their bytes (one stored copy, two rows).
    const shared = randomBytes(40_000);
    for (const bytes of [randomBytes(100_000), shared, shared]) {
      const blob = await t.blobs.storeUpload({
        kind: 'systemFile',
        name: `file-${files.length}.bin`,
        stream: Readable.from([bytes]),
        ownerId: admin.userId,
        createdBy: admin.userId,
      });
      files.push({ id: blob.id, bytes });
    }
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up a running server, and a wiped one restored from it holds every row and every file', async () => {
    const store = await openBlobStore(testConfig({ DATA_DIR: dataDir }).blobStore);
    // The server keeps answering while the backup reads its snapshot.
    const [manifest, health] = await Promise.all([
      createBackup({ database: t.database, store, dir: backupDir }),
      t.app.inject({ url: '/readyz' }),
    ]);
    expect(health.statusCode).toBe(200);
    const before = await contents(t.database.db);
    expect(manifest.migrations).toBe(knownMigrations().length);
    expect(manifest.tables.terminals).toBe(3);
    expect(manifest.blobs.count).toBe(2);
    expect(manifest.blobs.bytes).toBe(140_000);
    expect(Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.length]))).toEqual(
      manifest.tables,
    );
    // A backup never goes into an existing folder.
    await expect(createBackup({ database: t.database, store, dir: backupDir })).rejects.toThrow(/exists/);

    // Wipe: the server, its database and its files are gone.
    await t.close();
    closed = true;
    rmSync(dataDir, { recursive: true, force: true });

    const restoredDir = path.join(root, 'restored');
    const database = await emptyDatabase();
    try {
      const config = testConfig({ DATA_DIR: restoredDir });
      const restoredStore = await openBlobStore(config.blobStore);
      await restoreBackup({ database, store: restoredStore, dir: backupDir });
      expect(await contents(database.db)).toEqual(before);

      // 0 rows point at missing files: every file row has its bytes, and they hash to their name.
      const referenced = (
        (await database.db.execute(
          sql`select distinct b.sha256 from blobs b left join blob_contents c on c.sha256 = b.sha256`,
        )) as unknown as { rows: { sha256: string }[] }
      ).rows.map((r) => r.sha256);
      const missing: string[] = [];
      for (const sha256 of referenced) if (!(await restoredStore.has(sha256))) missing.push(sha256);
      expect(referenced).toHaveLength(2);
      expect(missing).toEqual([]);

      // A server started on what was restored signs in and serves each file's bytes.
      const restored = await buildApp({ config, database, broker: false, jobs: { run: false } });
      try {
        const admin = await loginAs(restored.app, 'admin', ADMIN_PASSWORD);
        for (const file of files) {
          const res = await restored.app.inject({
            url: `/file/v1/file/blob/download?id=${file.id}`,
            headers: { satoken: admin.token },
          });
          expect(res.statusCode).toBe(200);
          expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(
            createHash('sha256').update(file.bytes).digest('hex'),
          );
        }
        const call = callAs(restored as TestApp, admin.token);
        const terminals = await call('GET', '/device/v1/device/terminal/getPage?current=1&size=10');
        expect((terminals.body.result as { total: number }).total).toBe(3);
      } finally {
        await restored.app.close();
      }
      // Restoring again into the now used database is refused.
      await expect(restoreBackup({ database, store: restoredStore, dir: backupDir })).rejects.toThrow(
        /in use/,
      );
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses a backup whose files were damaged or lost', async () => {
    const blobDir = path.join(backupDir, 'blobs');
    const [first] = await readdir(blobDir);
    const original = await readFile(path.join(blobDir, first));
    await writeFile(path.join(blobDir, first), Buffer.concat([original, Buffer.from('x')]));
    const database = await emptyDatabase();
    try {
      const store = await openBlobStore(
        testConfig({ DATA_DIR: path.join(root, `damaged-${randomUUID()}`) }).blobStore,
      );
      await expect(restoreBackup({ database, store, dir: backupDir })).rejects.toThrow(/damaged/);
      // Nothing was loaded.
      expect((await contents(database.db)).users).toEqual([]);
    } finally {
      await writeFile(path.join(blobDir, first), original);
      await database.close();
    }
    expect((await readManifest(backupDir)).blobs.count).toBe(2);
  });
});
