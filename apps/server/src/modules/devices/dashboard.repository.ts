import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { terminalModels, terminals } from './devices.table';

type Scope = Pick<AuthContext, 'userId' | 'dataScope'>;

/** The figures behind the dashboard, all within the caller's data scope. */
export const createDashboardRepository = (db: Db) => ({
  /** Totals of the fleet; `longOfflineBefore` and `monthStart` are computed by the caller's clock. */
  async figures(scope: Scope, longOfflineBefore: Date, monthStart: Date) {
    const [figures] = await db
      .select({
        total: count(),
        online: sql<number>`count(*) filter (where ${terminals.online})::int`,
        longOffline: sql<number>`count(*) filter (where not ${terminals.online} and ${terminals.lastSeenAt} < ${longOfflineBefore})::int`,
        activatedThisMonth: sql<number>`count(*) filter (where ${terminals.activationDate} >= ${monthStart})::int`,
      })
      .from(terminals)
      .where(inDataScope(scope, terminals.ownerId));
    return figures;
  },

  byStatus: (scope: Scope) =>
    db
      .select({ status: terminals.status, count: count() })
      .from(terminals)
      .where(inDataScope(scope, terminals.ownerId))
      .groupBy(terminals.status),

  /** The ten most common models. */
  byModel: (scope: Scope) =>
    db
      .select({ model: sql<string>`coalesce(${terminalModels.name}, '-')`, count: count() })
      .from(terminals)
      .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
      .where(inDataScope(scope, terminals.ownerId))
      .groupBy(terminalModels.name)
      .orderBy(desc(count()))
      .limit(10),
});

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
