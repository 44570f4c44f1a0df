import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminals } from '../devices/devices.table';
import { users } from '../users/users.table';

/** Answers whether anything still points at one of the groups; a group in use cannot be deleted. */
export type GroupUsageCheck = (groupIds: string[]) => Promise<boolean>;
type StoredCheck = (db: Db, groupIds: string[]) => Promise<boolean>;

const usedAsStoreScope: StoredCheck = async (db, groupIds) => {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.storeScopeGroupId, groupIds));
  return row.n > 0;
};

const holdsTerminals: StoredCheck = async (db, groupIds) => {
  const [row] = await db.select({ n: count() }).from(terminals).where(inArray(terminals.groupId, groupIds));
  return row.n > 0;
};

/** Every holder of group references, asked of this database. */
export const groupUsageChecks = (db: Db): GroupUsageCheck[] =>
  [usedAsStoreScope, holdsTerminals].map((check) => (groupIds) => check(db, groupIds));
