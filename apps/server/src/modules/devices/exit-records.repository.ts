import type { TerminalStatus } from '@cpm/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { likePrefix, withTotal } from '../../shared/sql';
import { users } from '../users/users.table';
import { terminalModels, terminals } from './devices.table';

/** Storage view of factory exit records: terminals with a production date. */
export const createExitRecordsRepository = (db: Db) => ({
  async findPage(scope: Scope, f: { sn?: string; status?: TerminalStatus }, offset: number, limit: number) {
    const where = and(
      inDataScope(scope, terminals.ownerId),
      isNotNull(terminals.productionDate),
      f.sn ? sql`${terminals.sn} like ${likePrefix(f.sn.toUpperCase())}` : undefined,
      f.status ? eq(terminals.status, f.status) : undefined,
    );
    return withTotal(
      db,
      terminals,
      where,
      db
        .select({
          id: terminals.id,
          sn: terminals.sn,
          modelName: terminalModels.name,
          status: terminals.status,
          ownerName: users.name,
          productionDate: terminals.productionDate,
          shippingDate: terminals.shippingDate,
          createdAt: terminals.createdAt,
        })
        .from(terminals)
        .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
        .leftJoin(users, eq(users.id, terminals.ownerId))
        .where(where)
        .orderBy(desc(terminals.createdAt), desc(terminals.id))
        .limit(limit)
        .offset(offset),
    );
  },
});

export type ExitRecordsRepository = ReturnType<typeof createExitRecordsRepository>;
