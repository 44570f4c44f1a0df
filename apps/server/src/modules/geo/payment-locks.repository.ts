import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere, uuidArray } from '../../shared/sql';
import { paymentLocks } from './geo.table';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** What the fences ask of one terminal's payment app, beside what it was last asked. */
export type LockStanding = {
  terminalId: string;
  sn: string;
  /** The earliest-broken enabled locking fence the terminal breaks now; null: none. */
  fenceId: string | null;
  fenceName: string | null;
  /** The lock as last asked; null: never asked. */
  locked: boolean | null;
};

export type PaymentLockRecord = typeof paymentLocks.$inferSelect;

/** Storage of payment-app locks. */
export const createPaymentLocksRepository = (db: Db) => ({
  /** For each terminal: the locking fence it breaks now, if any, and the lock as last asked. */
  standings: async (terminalIds: string[]): Promise<LockStanding[]> =>
    terminalIds.length === 0
      ? []
      : rowsOf<LockStanding>(
          await db.execute(sql`
            select t.id as "terminalId", t.sn, f.id as "fenceId", f.name as "fenceName", p.locked
            from terminals t
            left join payment_locks p on p.terminal_id = t.id
            left join lateral (
              select g.id, g.name from geofence_states s
              join geofences g on g.id = s.fence_id
              where s.terminal_id = t.id and s.violating and g.lock_payment and g.enabled
              order by s.changed_at, g.id
              limit 1
            ) f on true
            where t.id in (${sql.join(
              terminalIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`),
        ),

  /** Terminals breaking any of these fences now: the ones whose lock may change with them. */
  violatorsOf: async (fenceIds: string[]): Promise<string[]> =>
    fenceIds.length === 0
      ? []
      : rowsOf<{ id: string }>(
          await db.execute(sql`
            select distinct terminal_id as id from geofence_states
            where violating and fence_id in (${sql.join(
              fenceIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`),
        ).map((r) => r.id),

  /** Asks for a lock state; it stays unconfirmed until the terminal reports holding it. */
  ask: (
    terminalId: string,
    lock: { locked: boolean; fenceId: string | null; fenceName: string | null },
    at: Date,
  ) =>
    db
      .insert(paymentLocks)
      .values({ terminalId, ...lock, changedAt: at })
      .onConflictDoUpdate({ target: paymentLocks.terminalId, set: { ...lock, changedAt: at } }),

  /** The locks of these terminals (those that have one), in one statement. */
  findMany: (terminalIds: string[]): Promise<PaymentLockRecord[]> =>
    db
      .select()
      .from(paymentLocks)
      .where(sql`${paymentLocks.terminalId} = any(${uuidArray(terminalIds)})`),

  find: async (terminalId: string): Promise<PaymentLockRecord | null> =>
    firstWhere(db, paymentLocks, eq(paymentLocks.terminalId, terminalId)),

  /** What the terminal reports holding. */
  reported: (terminalId: string, locked: boolean, at: Date) =>
    db
      .update(paymentLocks)
      .set({ reported: locked, reportedAt: at })
      .where(eq(paymentLocks.terminalId, terminalId)),
});
export type PaymentLocksRepository = ReturnType<typeof createPaymentLocksRepository>;
