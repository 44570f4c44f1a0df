import { and, asc, count, desc, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findInScope, ownedNamed, type Scope } from '../../shared/data-scope';
import { users } from '../users/users.table';
import { reportSchedules } from './reports.table';

/** A transaction of the same database (the jobs' `inLease` hands one over). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ScheduleRecord = typeof reportSchedules.$inferSelect;
export type ScheduleValues = Omit<
  typeof reportSchedules.$inferInsert,
  'id' | 'ownerId' | 'createdBy' | 'createdAt' | 'lastSentAt'
>;

/** Storage of scheduled reports: the console's list within the caller's scope, and the dispatcher's picks. */
export const createReportsRepository = (db: Db) => ({
  async page(scope: Scope, f: { name?: string }, offset: number, limit: number) {
    const where: SQL | undefined = ownedNamed(scope, reportSchedules, f.name);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ schedule: reportSchedules, ownerName: users.username })
        .from(reportSchedules)
        .leftJoin(users, eq(users.id, reportSchedules.ownerId))
        .where(where)
        .orderBy(desc(reportSchedules.createdAt), asc(reportSchedules.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(reportSchedules).where(where),
    ]);
    return { rows, total };
  },

  findVisible: (scope: Scope, id: string): Promise<ScheduleRecord | null> =>
    findInScope(db, reportSchedules, scope, id),

  findById: async (id: string): Promise<ScheduleRecord | null> =>
    (await db.select().from(reportSchedules).where(eq(reportSchedules.id, id)))[0] ?? null,

  /** How many schedules an account keeps. */
  countOwned: async (ownerId: string) =>
    (await db.select({ n: count() }).from(reportSchedules).where(eq(reportSchedules.ownerId, ownerId)))[0].n,

  insert: async (values: ScheduleValues & { ownerId: string; createdBy: string }) =>
    (await db.insert(reportSchedules).values(values).returning({ id: reportSchedules.id }))[0],

  update: async (id: string, values: Partial<ScheduleValues>, now: Date) => {
    await db
      .update(reportSchedules)
      .set({ ...values, updatedAt: now })
      .where(eq(reportSchedules.id, id));
  },

  remove: async (id: string) => {
    await db.delete(reportSchedules).where(eq(reportSchedules.id, id));
  },

  /**
   * Schedules whose time has come, locked for the caller's transaction; a second dispatcher running
   * at once skips them rather than queuing their reports twice.
   */
  claimDue: (now: Date, limit: number, tx: Tx) =>
    tx
      .select()
      .from(reportSchedules)
      .where(
        and(
          eq(reportSchedules.paused, false),
          isNotNull(reportSchedules.nextRunAt),
          lte(reportSchedules.nextRunAt, now),
        ),
      )
      .orderBy(asc(reportSchedules.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true }),

  setNextRun: async (id: string, nextRunAt: Date | null, tx: Tx) => {
    await tx.update(reportSchedules).set({ nextRunAt }).where(eq(reportSchedules.id, id));
  },

  markSent: async (id: string, at: Date, tx: Tx) => {
    await tx.update(reportSchedules).set({ lastSentAt: at }).where(eq(reportSchedules.id, id));
  },
});

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
