import type { SysFileFilter, SysFileRow } from '@cpm/contracts';
import { and, arrayContains, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, ownedNamed, ownerNamed, type Scope } from '../../shared/data-scope';
import { countWhere, likeAnywhere, newestFirst, nullOnUniqueViolation, rowsWhere } from '../../shared/sql';
import { sysFiles } from './sysfiles.table';

export type SysFileValues = Omit<typeof sysFiles.$inferInsert, 'id' | 'createdAt'>;

const toRow = (file: typeof sysFiles.$inferSelect): SysFileRow => ({
  id: file.id,
  name: file.name,
  version: file.version,
  type: file.type as SysFileRow['type'],
  size: file.size,
  description: file.description,
  sha256: file.sha256,
  fileName: file.fileName,
  mediaType: file.mediaType,
  models: file.models,
  osVersions: file.osVersions,
  blobId: file.blobId,
  ownerId: file.ownerId,
  createdAt: file.createdAt.toISOString(),
});

/** Storage of system file records, always within the caller's data scope. */
export const createSysFilesRepository = (db: Db) => {
  const where = (scope: Scope, f: SysFileFilter): SQL | undefined =>
    ownedNamed(
      scope,
      sysFiles,
      f.name,
      f.version ? ilike(sysFiles.version, likeAnywhere(f.version)) : undefined,
      f.type ? eq(sysFiles.type, f.type) : undefined,
      f.model ? arrayContains(sysFiles.models, [f.model]) : undefined,
    );
  const select = () => db.select().from(sysFiles);
  return {
    list: async (scope: Scope, f: SysFileFilter, offset: number, limit: number) =>
      (await rowsWhere(db, sysFiles, where(scope, f), newestFirst(sysFiles), offset, limit)).map(toRow),

    count: async (scope: Scope, f: SysFileFilter) => countWhere(db, sysFiles, where(scope, f)),

    findVisible: async (scope: Scope, id: string): Promise<SysFileRow | null> => {
      const [row] = await select().where(and(eq(sysFiles.id, id), inDataScope(scope, sysFiles.ownerId)));
      return row ? toRow(row) : null;
    },

    exists: async (ownerId: string, name: string, version: string) =>
      (
        await db
          .select({ id: sysFiles.id })
          .from(sysFiles)
          .where(and(ownerNamed(sysFiles, ownerId, name), eq(sysFiles.version, version)))
      ).length > 0,

    /** The new record's id, or null when the name and version are taken (a concurrent upload won). */
    insert: async (values: SysFileValues): Promise<string | null> => {
      return nullOnUniqueViolation(async () => {
        return (await db.insert(sysFiles).values(values).returning({ id: sysFiles.id }))[0].id;
      });
    },

    remove: async (id: string) => {
      await db.delete(sysFiles).where(eq(sysFiles.id, id));
    },
  };
};

export type SysFilesRepository = ReturnType<typeof createSysFilesRepository>;
