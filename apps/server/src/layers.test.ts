import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Storage imports only repositories, tables, db/ and the shared SQL helpers may have. */
const STORAGE_IMPORTS = `import { eq } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../users/users.table';

export const probe = (db: Db) => [db, eq, pgTable, users];
`;

/** Runs the project's Biome over the files and answers the restricted-import diagnostics per file. */
const restrictedImports = async (files: string[]) => {
  const out = await run(join(root, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=100', ...files], {
    cwd: root,
  }).then(
    (r) => r.stdout + r.stderr,
    (err: { stdout: string; stderr: string }) => err.stdout + err.stderr,
  );
  const lines = out.split('\n').filter((l) => l.includes('lint/style/noRestrictedImports'));
  return (file: string) => lines.filter((l) => l.includes(file)).length;
};

describe('layers', () => {
  it('Biome refuses storage imports outside repositories, and the handle only outside wiring', async () => {
    const dir = join(root, `apps/server/src/modules/layer-probe-${process.pid}`);
    await mkdir(dir, { recursive: true });
    try {
      const names = [
        'probe.service.ts',
        'probe.routes.ts',
        'probe.ts',
        'probe.module.ts',
        'probe.repository.ts',
      ];
      for (const name of names) await writeFile(join(dir, name), STORAGE_IMPORTS);
      const count = await restrictedImports(names.map((n) => join(dir, n)));
      expect(count('probe.service.ts')).toBe(4);
      expect(count('probe.routes.ts')).toBe(4);
      expect(count('probe.ts')).toBe(4);
      // Wiring hands the database handle to repositories, and nothing more of storage.
      expect(count('probe.module.ts')).toBe(3);
      expect(count('probe.repository.ts')).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
