import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import {
  buildPgliteTemplates,
  buildPostgresTemplates,
  type DatabaseTemplates,
  dropPostgresDatabases,
  pgliteRoot,
} from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database snapshots every test file copies (see database-template.ts). */
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Once per run: migrates and seeds one database and hands its snapshots to the test files, which
 * each open a copy. On PGlite the snapshots are data directories in a temporary folder; with
 * TEST_DATABASE_URL they are template databases on that server. Both are removed at the end.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const templates = await buildPostgresTemplates(base);
    project.provide('databaseTemplates', templates);
    return () => dropPostgresDatabases(base, [templates.seeded, templates.migrated]);
  }
  const root = pgliteRoot();
  try {
    project.provide('databaseTemplates', await buildPgliteTemplates(root));
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return () => rmSync(root, { recursive: true, force: true });
}
