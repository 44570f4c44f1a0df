// `npm run backup -- <folder>`: writes the database's rows and the stored files into a new folder.
// PostgreSQL is read in one snapshot while the server runs; the embedded database (PGlite) is a folder
// only one process may open, so stop the server before backing it up.
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../src/config';
import { openDatabase } from '../src/db/client';
import { openBlobStore } from '../src/modules/blobs/blob-store';
import { createBackup } from '../src/ops/backup';

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: npm run backup -- <new folder>\n');
  process.exit(2);
}
// npm runs this in apps/server; the folder is meant relative to where the command was typed.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
loadDotEnv();
const config = loadConfig();
const database = await openDatabase(config);
try {
  const manifest = await createBackup({ database, store: await openBlobStore(config.blobStore), dir });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `backup written to ${dir}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ` +
      `${manifest.blobs.count} files (${manifest.blobs.bytes} bytes), schema at migration ${manifest.migrations}\n`,
  );
} finally {
  await database.close();
}
