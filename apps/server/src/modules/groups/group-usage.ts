import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.table';

/** Answers whether anything still points at one of the groups; a group in use cannot be deleted. */
export type GroupUsageCheck = (db: Db, groupIds: string[]) => Promise<boolean>;

const usedAsStoreScope: GroupUsageCheck = async (db, groupIds) => {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.storeScopeGroupId, groupIds));
  return row.n > 0;
};

/** Every holder of group references (terminals add theirs here). */
export const GROUP_USAGE_CHECKS: GroupUsageCheck[] = [usedAsStoreScope];
