// `npm run upgrade-fixture -w @cpm/server -- --postgres postgres://127.0.0.1:5432/test`: at release
// time, writes what this release leaves behind into `src/ops/fixtures/<version>/`, for the upgrade test
// of every later release. The release's own server makes the data (see upgrade-fixture-scenario.ts),
// once on an embedded PGlite database and once on a new database of the PostgreSQL server named, and
// the folder keeps: the PGlite data directory (`pglite.tar.br`, PGlite's own dump, brotli-compressed), the PostgreSQL
// database as pg_dump wrote it (`postgres.sql`), a backup of the PGlite one (`manifest.json`, `db/`,
// and `blobs/<sha256>`, the bytes of every file either database names) and `fixture.json`, which says
// how it was made and how many rows each table held. See docs/deployment.md, "Upgrades".
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { openBlobStore } from '../src/modules/blobs/blob-store';
import { createBackup } from '../src/ops/backup';
import { createBackupRepository } from '../src/ops/backup.repository';
import { FIXTURES_DIR, type UpgradeFixture } from '../src/ops/upgrade-fixture';
import { VERSION } from '../src/version';
import { FIXTURE_ADMIN, runUpgradeScenario } from './upgrade-fixture-scenario';

const args = process.argv.slice(2);
const postgres = args[args.indexOf('--postgres') + 1];
if (!args.includes('--postgres') || !postgres?.startsWith('postgres')) {
  process.stderr.write(
    'usage: npm run upgrade-fixture -w @cpm/server -- --postgres postgres://127.0.0.1:5432/test\n',
  );
  process.exit(2);
}
const out = path.join(FIXTURES_DIR, VERSION);
if (existsSync(out)) {
  process.stderr.write(`${out} exists already; a release's fixture is made once\n`);
  process.exit(1);
}
const say = (line: string) => process.stdout.write(`${line}\n`);
const work = mkdtempSync(path.join(tmpdir(), 'cpm-upgrade-fixture-'));

const configOf = (dataDir: string, databaseUrl?: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_PASSWORD: FIXTURE_ADMIN.password,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    REMOTE_PORT: '0',
    WEB_DIST: '/nonexistent-console',
  });

/** Runs this release's server on a database and lets the scenario use it; answers rows per table. */
const makeData = async (dataDir: string, databaseUrl?: string) => {
  const config = configOf(dataDir, databaseUrl);
  const database = await openDatabase(config);
  try {
    const app = await buildApp({ config, database, jobs: { pollMs: 100 }, tasks: { monitorMs: 300 } });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await runUpgradeScenario(app, mkdtempSync(path.join(work, 'sim-')));
    } finally {
      await app.app.close();
    }
    const repo = createBackupRepository(database);
    return { tables: await repo.rowCounts(), migrations: await repo.migrations(), config, database };
  } catch (error) {
    await database.close();
    throw error;
  }
};

const withClient = async <T>(url: string, run: (c: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

try {
  // Embedded: the data directory as PGlite dumps it, and a backup of it with the files.
  say('making the data on PGlite');
  const embedded = await makeData(path.join(work, 'pglite'));
  say('backing it up');
  const manifest = await createBackup({
    database: embedded.database,
    store: await openBlobStore(embedded.config.blobStore),
    dir: out,
  });
  await embedded.database.close();
  say('dumping the PGlite data directory');
  const pglite = new PGlite(path.join(work, 'pglite', 'db'));
  await pglite.waitReady;
  const tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  // Brotli at a large window keeps the tarball (mostly initdb's catalog and a 16 MB WAL segment) near
  // 2 MB, where gzip leaves close to 6.
  await writeFile(
    path.join(out, 'pglite.tar.br'),
    brotliCompressSync(tar, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_LGWIN]: 24,
        [zlib.BROTLI_PARAM_SIZE_HINT]: tar.length,
      },
    }),
  );

  // PostgreSQL: a database of its own on the server named, dumped as plain SQL, then dropped.
  const name = `cpm_upgrade_fixture_${randomBytes(4).toString('hex')}`;
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  await withClient(postgres, (c) => c.query(`create database ${name}`));
  try {
    say(`making the data on PostgreSQL (${name})`);
    const server = await makeData(path.join(work, 'postgres'), url.toString());
    let hashes: string[] = [];
    await createBackupRepository(server.database).snapshot(async (s) => {
      hashes = await s.blobHashes();
    });
    await server.database.close();
    const serverVersion = await withClient(url.toString(), async (c) =>
      String((await c.query('show server_version')).rows[0].server_version),
    );
    const pgDump = execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).trim();
    // Column inserts rather than COPY: a plain SQL file any PostgreSQL client can run, psql or not.
    const sqlText = execFileSync(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--column-inserts', `--dbname=${url.toString()}`],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    await writeFile(path.join(out, 'postgres.sql'), sqlText);
    const blobs = (await readdir(path.join(out, 'blobs'))).sort();
    // Both databases were sent the same bytes, so one folder of files serves both.
    if (JSON.stringify(hashes) !== JSON.stringify(blobs))
      throw new Error(`the two databases name different files: ${hashes.join(',')} / ${blobs.join(',')}`);
    const fixture: UpgradeFixture = {
      version: VERSION,
      commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
      madeAt: new Date().toISOString(),
      admin: FIXTURE_ADMIN,
      blobs,
      pglite: { file: 'pglite.tar.br', migrations: embedded.migrations, tables: embedded.tables },
      postgres: {
        file: 'postgres.sql',
        madeWith: `${pgDump} --no-owner --no-privileges --column-inserts, server ${serverVersion}`,
        migrations: server.migrations,
        tables: server.tables,
      },
    };
    if (JSON.stringify(manifest.tables) !== JSON.stringify(embedded.tables))
      throw new Error('the backup and the embedded database disagree on row counts');
    await writeFile(path.join(out, 'fixture.json'), `${JSON.stringify(fixture, null, 2)}\n`);
  } finally {
    await withClient(postgres, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
  process.stdout.write(`upgrade fixture of ${VERSION} written to ${out}\n`);
} catch (error) {
  rmSync(out, { recursive: true, force: true });
  throw error;
} finally {
  rmSync(work, { recursive: true, force: true });
}
