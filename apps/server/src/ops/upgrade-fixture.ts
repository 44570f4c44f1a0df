import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import pg from 'pg';

/** One folder per release, named by its version, made by `scripts/make-upgrade-fixture.ts`. */
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const unbrotli = promisify(brotliDecompress);

/** One database of a fixture: its file, the migrations it was at, and its rows per table. */
type FixtureDatabase = { file: string; migrations: number; tables: Record<string, number> };

/** `fixture.json`: how a release's fixture was made and what it holds. */
export type UpgradeFixture = {
  version: string;
  /** The commit the release's server ran from. */
  commit: string;
  madeAt: string;
  /** The administrator the data was made by; the upgrade test signs in as it. */
  admin: { username: string; password: string };
  /** Hashes of the stored files both databases name (`blobs/<sha256>` beside it). */
  blobs: string[];
  /** The embedded database: the tarball of its data directory (PGlite's `dumpDataDir`), brotli-compressed. */
  pglite: FixtureDatabase;
  /** The PostgreSQL database as plain SQL, and what dumped it from which server. */
  postgres: FixtureDatabase & { madeWith: string };
};

/** The release fixtures kept in the repository, oldest first. */
export const listUpgradeFixtures = () =>
  existsSync(FIXTURES_DIR)
    ? readdirSync(FIXTURES_DIR, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => path.join(FIXTURES_DIR, e.name))
        .sort((a, b) => path.basename(a).localeCompare(path.basename(b), undefined, { numeric: true }))
    : [];

export const readUpgradeFixture = (folder: string): UpgradeFixture =>
  JSON.parse(readFileSync(path.join(folder, 'fixture.json'), 'utf8')) as UpgradeFixture;

/**
 * Writes the files of a tar archive (regular files and folders, as PGlite's `dumpDataDir` makes it)
 * under `dir`; starting PGlite on the folder then takes a fraction of loading the archive into it.
 */
const untar = (tar: Buffer, dir: string) => {
  const field = (at: number, length: number) =>
    tar
      .subarray(at, at + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const name = `${field(at + 345, 155)}${field(at, 100)}`;
    const size = Number.parseInt(field(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] || 48);
    const target = path.join(dir, path.normalize(`/${name}`));
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(at + 512, at + 512 + size));
    } else throw new Error(`unexpected entry ${name} (type ${type}) in the PGlite archive`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
};

/** Unpacks the fixture's PGlite data directory into `dir` (what the server keeps in `DATA_DIR/db`). */
export const unpackPgliteFixture = async (folder: string, dir: string) => {
  const fixture = readUpgradeFixture(folder);
  untar(await unbrotli(await readFile(path.join(folder, fixture.pglite.file))), dir);
};

/**
 * Runs the fixture's pg_dump output on an empty PostgreSQL database, as `psql -f` would: the lines
 * that are psql's own commands (`\restrict`, `\unrestrict`) are left out, the SQL goes in one call.
 */
export const loadPostgresFixture = async (folder: string, databaseUrl: string) => {
  const fixture = readUpgradeFixture(folder);
  const text = (await readFile(path.join(folder, fixture.postgres.file), 'utf8'))
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .join('\n');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
