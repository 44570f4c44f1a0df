import type { OperationLogRow } from '@cpm/contracts';
import { and, asc, count, desc, gt, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { countWhere, equalTo, rowsWhere } from '../../shared/sql';
import { operationLogs } from './oplog.table';

export type OperationEntry = Omit<typeof operationLogs.$inferInsert, 'id' | 'seq'>;

/** An entry with its place in writing order. */
export type SequencedOperation = OperationLogRow & { seq: number };

export type OperationFilter = {
  actorName?: string;
  action?: string;
  result?: 'success' | 'failure';
  from?: string;
  to?: string;
};

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const toRow = (r: typeof operationLogs.$inferSelect): OperationLogRow => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  ip: r.ip,
  action: r.action,
  objectType: r.objectType,
  objectId: r.objectId,
  objectName: r.objectName,
  result: r.result,
  detail: r.detail,
});

/** Storage of the operation log. Callers see entries whose actor is in their account tree. */
export const createOplogRepository = (db: Db) => {
  const where = (auth: AuthContext, f: OperationFilter): SQL | undefined =>
    and(
      inDataScope(auth, operationLogs.actorId),
      f.actorName ? ilike(operationLogs.actorName, `%${escapeLike(f.actorName)}%`) : undefined,
      ...equalTo(operationLogs, { action: f.action, result: f.result }),
      f.from ? gte(operationLogs.at, new Date(f.from)) : undefined,
      f.to ? lt(operationLogs.at, new Date(f.to)) : undefined,
    );
  return {
    insert: async (entry: OperationEntry) => {
      await db.insert(operationLogs).values(entry);
    },
    async list(auth: AuthContext, f: OperationFilter, offset: number, limit: number) {
      const order = [desc(operationLogs.at), desc(operationLogs.id)];
      return (await rowsWhere(db, operationLogs, where(auth, f), order, offset, limit)).map(toRow);
    },
    count: (auth: AuthContext, f: OperationFilter) => countWhere(db, operationLogs, where(auth, f)),
    /** Entries written after `seq`, in writing order, with their sequence numbers (the audit stream). */
    after: async (seq: number, limit: number): Promise<SequencedOperation[]> =>
      (
        await db
          .select()
          .from(operationLogs)
          .where(gt(operationLogs.seq, seq))
          .orderBy(asc(operationLogs.seq))
          .limit(limit)
      ).map((r) => ({ ...toRow(r), seq: r.seq })),
    /** How many entries were written after `seq`. */
    countAfter: async (seq: number) =>
      (await db.select({ n: count() }).from(operationLogs).where(gt(operationLogs.seq, seq)))[0]?.n ?? 0,
    /** A time range the caller may see, in writing order (the JSON-lines export). */
    range: async (auth: AuthContext, f: { from: string; to: string }, offset: number, limit: number) =>
      (
        await db
          .select()
          .from(operationLogs)
          .where(where(auth, f))
          .orderBy(asc(operationLogs.seq))
          .offset(offset)
          .limit(limit)
      ).map((r): SequencedOperation => ({ ...toRow(r), seq: r.seq })),
  };
};

export type OplogRepository = ReturnType<typeof createOplogRepository>;
