import type { AlertSeverity } from '@cpm/contracts';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminalAlarms } from './alerts.table';

export type AlarmRecord = typeof terminalAlarms.$inferSelect;
type Raise = { name: string; severity: AlertSeverity; detail: string; at: Date };

/** The alarms terminals hold. */
export const createAlarmsRepository = (db: Db) => {
  /** Raises alarms: a standing one keeps its first raise time; a cleared or new one starts again. */
  const raise = async (terminalId: string, alarms: Raise[], now: Date) => {
    if (!alarms.length) return;
    await db
      .insert(terminalAlarms)
      .values(alarms.map((a) => ({ terminalId, ...a, raisedAt: a.at, lastAt: now, clearedAt: null })))
      .onConflictDoUpdate({
        target: [terminalAlarms.terminalId, terminalAlarms.name],
        set: {
          severity: sql`excluded.severity`,
          detail: sql`excluded.detail`,
          lastAt: sql`excluded.last_at`,
          raisedAt: sql`case when ${terminalAlarms.clearedAt} is null then ${terminalAlarms.raisedAt} else excluded.raised_at end`,
          clearedAt: sql`null`,
        },
      });
  };
  return {
    raise,
    /** Clears a standing alarm; answers whether one was standing. */
    clear: async (terminalId: string, name: string, at: Date) =>
      (
        await db
          .update(terminalAlarms)
          .set({ clearedAt: at, lastAt: at })
          .where(
            and(
              eq(terminalAlarms.terminalId, terminalId),
              eq(terminalAlarms.name, name),
              isNull(terminalAlarms.clearedAt),
            ),
          )
          .returning({ name: terminalAlarms.name })
      ).length > 0,
    /** Reconciles with a snapshot in one transaction: what it holds stands, every other alarm clears. */
    reconcile: (terminalId: string, alarms: Raise[], now: Date) =>
      db.transaction(async (tx) => {
        const names = alarms.map((a) => a.name);
        await tx
          .update(terminalAlarms)
          .set({ clearedAt: now, lastAt: now })
          .where(
            and(
              eq(terminalAlarms.terminalId, terminalId),
              isNull(terminalAlarms.clearedAt),
              names.length ? notInArray(terminalAlarms.name, names) : undefined,
            ),
          );
        if (alarms.length)
          await tx
            .insert(terminalAlarms)
            .values(alarms.map((a) => ({ terminalId, ...a, raisedAt: a.at, lastAt: now, clearedAt: null })))
            .onConflictDoUpdate({
              target: [terminalAlarms.terminalId, terminalAlarms.name],
              set: {
                severity: sql`excluded.severity`,
                detail: sql`excluded.detail`,
                lastAt: sql`excluded.last_at`,
                raisedAt: sql`case when ${terminalAlarms.clearedAt} is null then ${terminalAlarms.raisedAt} else excluded.raised_at end`,
                clearedAt: sql`null`,
              },
            });
      }),
    ofTerminal: (terminalId: string) =>
      db.select().from(terminalAlarms).where(eq(terminalAlarms.terminalId, terminalId)),
  };
};

export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
