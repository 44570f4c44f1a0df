// `npm run restore -- <folder>`: loads a backup into an empty database and the blob store, then brings
// the schema up to this version. The database named by DATABASE_URL (or DATA_DIR's) must be empty: a
// new PostgreSQL database, or a DATA_DIR without a `db` folder. Start the server afterwards.
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../src/config';
import { knownMigrations, openDatabase } from '../src/db/client';
import { openBlobStore } from '../src/modules/blobs/blob-store';
import { readManifest, restoreBackup } from '../src/ops/backup';

const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: npm run restore -- <backup folder>\n');
  process.exit(2);
}
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
loadDotEnv();
const config = loadConfig();
const manifest = await readManifest(dir);
if (manifest.migrations > knownMigrations().length) {
  process.stderr.write(
    `this backup was made by a newer version (${manifest.version}, migration ${manifest.migrations}); restore it with that version\n`,
  );
  process.exit(1);
}
// Rows go into the schema they were read from; later migrations then move them forward.
const database = await openDatabase({ ...config, migrateUpTo: manifest.migrations });
try {
  await restoreBackup({ database, store: await openBlobStore(config.blobStore), dir });
} finally {
  await database.close();
}
await (await openDatabase(config)).close();
const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
process.stdout.write(
  `restored ${rows} rows and ${manifest.blobs.count} files from ${dir} (made by ${manifest.version} on ${manifest.createdAt})\n`,
);
