import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountAncestorsSql } from '../../shared/data-scope';

/** Reads for console live events. */
export const createConsoleEventsRepository = (db: Db) => ({
  /** Users who may see what an account owns: the account, the accounts above it, platform administrators. */
  async findAudienceOf(ownerId: string): Promise<string[]> {
    const result = await db.execute<{ id: string }>(sql`
      select id from ${accountAncestorsSql(ownerId)} up
      union
      select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
        where r.data_scope = 'all' and r.enabled`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  },
});

export type ConsoleEventsRepository = ReturnType<typeof createConsoleEventsRepository>;
