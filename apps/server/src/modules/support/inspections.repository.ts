import type { CheckedItem, ProcessEvent, ProcessStatus, RecordFilter, Standard } from '@cpm/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { historyStep } from '../../db/columns';
import { accountAncestorsSql, findInScope, inDataScope, type Scope } from '../../shared/data-scope';
import { inBatches } from '../../shared/paging';
import { allWhere, containsIn, countWhere, firstWhere, likeAnywhere } from '../../shared/sql';
import {
  inspectionProcessEvents,
  inspectionProcesses,
  inspectionProcessVersions,
  inspectionRecords,
  supportInspectionProposals,
} from './support.table';

/** Records the export reads at a time. */
const EXPORT_BATCH = 1000;

/** Thrown inside a transaction to undo a record whose proposal was closed meanwhile. */
class ProposalGone extends Error {}

export type ProcessRecord = typeof inspectionProcesses.$inferSelect;
export type VersionRecord = Omit<typeof inspectionProcessVersions.$inferSelect, 'standards'> & {
  standards: Standard[];
};
export type InspectionRecord = Omit<typeof inspectionRecords.$inferSelect, 'results' | 'orders'> & {
  results: CheckedItem[];
};
export type ProcessEventValues = Omit<typeof inspectionProcessEvents.$inferInsert, 'seq' | 'processId'>;

/** Storage of inspection processes, their versions and history, and inspection records. */
export const createInspectionsRepository = (db: Db) => {
  /** Processes of the caller's tree, and those of the accounts above it (a platform's own checklists). */
  const processVisible = (scope: Scope): SQL | undefined => {
    const below = inDataScope(scope, inspectionProcesses.ownerId);
    return below
      ? or(below, sql`${inspectionProcesses.ownerId} in ${accountAncestorsSql(scope.userId)}`)
      : undefined;
  };
  const processWhere = (scope: Scope, f: { name?: string; status?: ProcessStatus }) =>
    and(
      processVisible(scope),
      f.name ? ilike(inspectionProcesses.name, likeAnywhere(f.name)) : undefined,
      f.status ? eq(inspectionProcesses.status, f.status) : ne(inspectionProcesses.status, 'deleted'),
    );
  const recordWhere = (scope: Scope, f: RecordFilter) =>
    and(
      inDataScope(scope, inspectionRecords.ownerId),
      containsIn(
        f.keyword,
        inspectionRecords.storeName,
        inspectionRecords.inspectorName,
        inspectionRecords.processName,
      ),
      f.processId ? eq(inspectionRecords.processId, f.processId) : undefined,
      f.failed ? gt(inspectionRecords.failedCount, 0) : undefined,
    );

  const listRecords = async (scope: Scope, f: RecordFilter, offset: number, limit: number) =>
    (await db
      .select()
      .from(inspectionRecords)
      .where(recordWhere(scope, f))
      .orderBy(desc(inspectionRecords.visitedAt), desc(inspectionRecords.id))
      .offset(offset)
      .limit(limit)) as InspectionRecord[];

  return {
    listProcesses: (
      scope: Scope,
      f: { name?: string; status?: ProcessStatus },
      offset: number,
      limit: number,
    ) =>
      db
        .select({ p: inspectionProcesses, standards: inspectionProcessVersions.standards })
        .from(inspectionProcesses)
        .innerJoin(
          inspectionProcessVersions,
          eq(inspectionProcessVersions.id, inspectionProcesses.currentVersionId),
        )
        .where(processWhere(scope, f))
        .orderBy(desc(inspectionProcesses.createdAt), desc(inspectionProcesses.id))
        .offset(offset)
        .limit(limit) as Promise<{ p: ProcessRecord; standards: Standard[] }[]>,

    countProcesses: async (scope: Scope, f: { name?: string; status?: ProcessStatus }) =>
      countWhere(db, inspectionProcesses, processWhere(scope, f)),

    findProcess: async (scope: Scope, id: string): Promise<ProcessRecord | null> =>
      firstWhere(db, inspectionProcesses, and(eq(inspectionProcesses.id, id), processVisible(scope))),

    findVersion: async (processId: string, versionId: string): Promise<VersionRecord | null> =>
      firstWhere(
        db,
        inspectionProcessVersions,
        and(eq(inspectionProcessVersions.id, versionId), eq(inspectionProcessVersions.processId, processId)),
      ) as Promise<VersionRecord | null>,

    /** A new process with its first version and history step, in one transaction. */
    createProcess: (
      values: { name: string; description: string; ownerId: string; now: Date },
      standards: Standard[],
      event: ProcessEventValues,
    ) =>
      db.transaction(async (tx) => {
        const versionId = crypto.randomUUID();
        const [p] = await tx
          .insert(inspectionProcesses)
          .values({
            name: values.name,
            description: values.description,
            status: 'draft',
            version: 1,
            currentVersionId: versionId,
            ownerId: values.ownerId,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .returning();
        await tx
          .insert(inspectionProcessVersions)
          .values({ id: versionId, processId: p.id, version: 1, standards, createdAt: values.now });
        await tx.insert(inspectionProcessEvents).values({ ...event, processId: p.id });
        return p;
      }),

    /**
     * Edits a process while it is still in `status` and at `version`: a draft's version is
     * rewritten, any other state gets a new version. Null when someone changed it meanwhile.
     */
    editProcess: (
      current: ProcessRecord,
      values: { name: string; description: string; now: Date },
      standards: Standard[],
      newVersion: boolean,
      event: ProcessEventValues,
    ) =>
      db.transaction(async (tx) => {
        const versionId = newVersion ? crypto.randomUUID() : current.currentVersionId;
        const version = newVersion ? current.version + 1 : current.version;
        const [p] = await tx
          .update(inspectionProcesses)
          .set({
            name: values.name,
            description: values.description,
            version,
            currentVersionId: versionId,
            updatedAt: values.now,
          })
          .where(
            and(
              eq(inspectionProcesses.id, current.id),
              eq(inspectionProcesses.status, current.status),
              eq(inspectionProcesses.version, current.version),
            ),
          )
          .returning();
        if (!p) return null;
        if (newVersion)
          await tx
            .insert(inspectionProcessVersions)
            .values({ id: versionId, processId: current.id, version, standards, createdAt: values.now });
        else
          await tx
            .update(inspectionProcessVersions)
            .set({ standards, createdAt: values.now })
            .where(eq(inspectionProcessVersions.id, versionId));
        await tx.insert(inspectionProcessEvents).values({ ...event, processId: current.id, version });
        return p;
      }),

    /** Guarded state change with its history step; null when the process was not in `from`. */
    transitionProcess: (
      id: string,
      from: readonly ProcessStatus[],
      to: ProcessStatus,
      now: Date,
      event: Omit<ProcessEventValues, 'version' | 'fromStatus' | 'toStatus'>,
    ) =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: inspectionProcesses.status })
          .from(inspectionProcesses)
          .where(eq(inspectionProcesses.id, id))
          .for('update');
        const [p] = await tx
          .update(inspectionProcesses)
          .set({ status: to, updatedAt: now })
          .where(and(eq(inspectionProcesses.id, id), inArray(inspectionProcesses.status, [...from])))
          .returning();
        if (!p) return null;
        await tx.insert(inspectionProcessEvents).values({
          ...event,
          processId: id,
          version: p.version,
          fromStatus: before?.status ?? null,
          toStatus: to,
        });
        return p;
      }),

    /** Every version of a process, newest first. */
    versionsOf: async (processId: string) =>
      (
        await db
          .select({
            id: inspectionProcessVersions.id,
            version: inspectionProcessVersions.version,
            createdAt: inspectionProcessVersions.createdAt,
          })
          .from(inspectionProcessVersions)
          .where(eq(inspectionProcessVersions.processId, processId))
          .orderBy(desc(inspectionProcessVersions.version))
      ).map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),

    /** The history of a process, oldest first. */
    processHistory: async (processId: string): Promise<ProcessEvent[]> =>
      (
        await allWhere(db, inspectionProcessEvents, eq(inspectionProcessEvents.processId, processId), [
          asc(inspectionProcessEvents.seq),
        ])
      ).map((e) => ({ ...historyStep<ProcessStatus>(e), version: e.version })),

    countRecordsOf: async (processId: string) =>
      countWhere(db, inspectionRecords, eq(inspectionRecords.processId, processId)),

    /**
     * Stores a record; with a proposal, marks that open proposal done by it in the same transaction.
     * Null, with nothing stored, when the proposal was no longer open.
     */
    insertRecord: (proposalId: string | null, values: Omit<typeof inspectionRecords.$inferInsert, 'id'>) =>
      db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(inspectionRecords)
            .values(values)
            .returning({ id: inspectionRecords.id });
          if (!proposalId) return row;
          const done = await tx
            .update(supportInspectionProposals)
            .set({ status: 'done', recordId: row.id, updatedAt: values.createdAt })
            .where(
              and(
                eq(supportInspectionProposals.id, proposalId),
                eq(supportInspectionProposals.status, 'open'),
              ),
            )
            .returning({ id: supportInspectionProposals.id });
          if (!done.length) throw new ProposalGone();
          return row;
        })
        .catch((err: unknown) => {
          if (err instanceof ProposalGone) return null;
          throw err;
        }),

    listRecords,

    /** Every record under the filter, a batch at a time (exports). */
    recordBatches: (scope: Scope, f: RecordFilter) =>
      inBatches((offset, limit) => listRecords(scope, f, offset, limit), EXPORT_BATCH),

    countRecords: async (scope: Scope, f: RecordFilter) =>
      countWhere(db, inspectionRecords, recordWhere(scope, f)),

    findRecord: async (scope: Scope, id: string): Promise<InspectionRecord | null> =>
      (await findInScope(db, inspectionRecords, scope, id)) as InspectionRecord | null,
  };
};

export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
