import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { inDataScope } from '../../shared/data-scope';
import { users } from './users.table';

/** Whether an account is the caller or below it in the superior tree (always, for platform administrators). */
export const isAccountVisible = async (db: Db, auth: AuthContext, accountId: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, accountId), inDataScope(auth, users.id) as SQL | undefined))
  ).length > 0;
