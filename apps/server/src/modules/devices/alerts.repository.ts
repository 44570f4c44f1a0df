import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
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
  /**
   * A page of one alert table's rows in the caller's scope with their terminals, newest first, and
   * how many there are.
   */
  const alertPage = async <S extends SelectedFields>(
    table: typeof peripheralFaults | typeof terminalWarnings,
    columns: S,
    scope: Scope,
    filters: (SQL | undefined)[],
    offset: number,
    limit: number,
  ) => {
    const alerts = table as typeof peripheralFaults;
    const where = and(inDataScope(scope, terminals.ownerId), ...filters);
    const joined = (fields: SelectedFields) =>
      db.select(fields).from(alerts).innerJoin(terminals, eq(terminals.id, alerts.terminalId)).where(where);
    const [rows, [{ total }]] = await Promise.all([
      joined(columns).orderBy(desc(alerts.at)).limit(limit).offset(offset),
      joined({ total: count() }),
    ]);
    return { rows: rows as SelectResultFields<S>[], total: total as number };
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
      alertPage(
        peripheralFaults,
        {
          id: peripheralFaults.id,
          sn: terminals.sn,
          terminalName: terminals.name,
          peripheralName: peripheralFaults.peripheralName,
          kind: peripheralFaults.kind,
          detail: peripheralFaults.detail,
          at: peripheralFaults.at,
          handled: peripheralFaults.handled,
        },
        scope,
        [
          f.sn ? sql`${terminals.sn} like ${likePrefix(f.sn.toUpperCase())}` : undefined,
          f.handled === undefined ? undefined : eq(peripheralFaults.handled, f.handled),
        ],
        offset,
        limit,
      ),

    /** Marks visible faults handled; answers how many changed. */
    handleFaults: async (scope: Scope, ids: string[]) => markHandled(peripheralFaults, scope, ids),

    findWarningPage: (
      scope: Scope,
      f: { kind?: WarningKind; handled?: boolean },
      offset: number,
      limit: number,
    ) =>
      alertPage(
        terminalWarnings,
        {
          id: terminalWarnings.id,
          sn: terminals.sn,
          terminalName: terminals.name,
          kind: terminalWarnings.kind,
          detail: terminalWarnings.detail,
          at: terminalWarnings.at,
          alerted: terminalWarnings.alerted,
          handled: terminalWarnings.handled,
        },
        scope,
        [
          f.kind ? eq(terminalWarnings.kind, f.kind) : undefined,
          f.handled === undefined ? undefined : eq(terminalWarnings.handled, f.handled),
        ],
        offset,
        limit,
      ),

    /** Marks visible warnings handled; answers how many changed. */
    handleWarnings: async (scope: Scope, ids: string[]) => markHandled(terminalWarnings, scope, ids),
  };
};

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
