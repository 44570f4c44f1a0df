// Creates and migrates a new embedded database in a process of its own, then exits: PGlite's
// WebAssembly memory grows by hundreds of megabytes while creating a database and running every
// migration, and a process never gets that back; the server then opens the finished database as
// small as on any later start. Plain JavaScript, so it runs under any loader.
// Usage: node create-pglite.mjs <database dir> <migrations folder>
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder] = process.argv.slice(2);
const client = new PGlite(dir);
await migrate(drizzle(client), { migrationsFolder });
await client.close();
