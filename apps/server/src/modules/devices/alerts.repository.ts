import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { likePrefix } from '../../shared/sql';
import { peripheralFaults, terminals, terminalWarnings } from './devices.table';

export type WarningKind = (typeof terminalWarnings.$inferSelect)['kind'];

/** Ids of the terminals in the caller's data scope, as a subquery. */
const visibleTerminals = (db: Db, scope: Scope) =>
  db
    .select({ id: terminals.id })
    .from(terminals)
    .where(inDataScope(scope, terminals.ownerId) ?? sql`true`);

/** Storage of what terminals report as wrong: peripheral faults and warnings. */
export const createAlertsRepository = (db: Db) => {
  const page = async <T>(
    rowsQuery: (where: SQL | undefined) => Promise<T[]>,
    countQuery: (where: SQL | undefined) => Promise<{ total: number }[]>,
    where: SQL | undefined,
  ) => {
    const [rows, [{ total }]] = await Promise.all([rowsQuery(where), countQuery(where)]);
    return { rows, total };
  };

  /** Marks the visible alerts among `ids` handled; answers how many changed. */
  const markHandled = async (
    table: typeof peripheralFaults | typeof terminalWarnings,
    scope: Scope,
    ids: string[],
  ) =>
    (
      await db
        .update(table as typeof peripheralFaults)
        .set({ handled: true })
        .where(and(inArray(table.id, ids), inArray(table.terminalId, visibleTerminals(db, scope))))
        .returning({ id: table.id })
    ).length;

  return {
    findFaultPage: (scope: Scope, f: { sn?: string; handled?: boolean }, offset: number, limit: number) =>
      page(
        (where) =>
          db
            .select({
              id: peripheralFaults.id,
              sn: terminals.sn,
              terminalName: terminals.name,
              peripheralName: peripheralFaults.peripheralName,
              kind: peripheralFaults.kind,
              detail: peripheralFaults.detail,
              at: peripheralFaults.at,
              handled: peripheralFaults.handled,
            })
            .from(peripheralFaults)
            .innerJoin(terminals, eq(terminals.id, peripheralFaults.terminalId))
            .where(where)
            .orderBy(desc(peripheralFaults.at))
            .limit(limit)
            .offset(offset),
        (where) =>
          db
            .select({ total: count() })
            .from(peripheralFaults)
            .innerJoin(terminals, eq(terminals.id, peripheralFaults.terminalId))
            .where(where),
        and(
          inDataScope(scope, terminals.ownerId),
          f.sn ? sql`${terminals.sn} like ${likePrefix(f.sn.toUpperCase())}` : undefined,
          f.handled === undefined ? undefined : eq(peripheralFaults.handled, f.handled),
        ),
      ),

    /** Marks visible faults handled; answers how many changed. */
    handleFaults: async (scope: Scope, ids: string[]) => markHandled(peripheralFaults, scope, ids),

    findWarningPage: (
      scope: Scope,
      f: { kind?: WarningKind; handled?: boolean },
      offset: number,
      limit: number,
    ) =>
      page(
        (where) =>
          db
            .select({
              id: terminalWarnings.id,
              sn: terminals.sn,
              terminalName: terminals.name,
              kind: terminalWarnings.kind,
              detail: terminalWarnings.detail,
              at: terminalWarnings.at,
              alerted: terminalWarnings.alerted,
              handled: terminalWarnings.handled,
            })
            .from(terminalWarnings)
            .innerJoin(terminals, eq(terminals.id, terminalWarnings.terminalId))
            .where(where)
            .orderBy(desc(terminalWarnings.at))
            .limit(limit)
            .offset(offset),
        (where) =>
          db
            .select({ total: count() })
            .from(terminalWarnings)
            .innerJoin(terminals, eq(terminals.id, terminalWarnings.terminalId))
            .where(where),
        and(
          inDataScope(scope, terminals.ownerId),
          f.kind ? eq(terminalWarnings.kind, f.kind) : undefined,
          f.handled === undefined ? undefined : eq(terminalWarnings.handled, f.handled),
        ),
      ),

    /** Marks visible warnings handled; answers how many changed. */
    handleWarnings: async (scope: Scope, ids: string[]) => markHandled(terminalWarnings, scope, ids),
  };
};

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
