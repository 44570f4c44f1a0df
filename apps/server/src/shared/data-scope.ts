import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../plugins/auth-context';

/**
 * The account ids a caller may see: their own and every account below it in the superior tree.
 * Platform administrators (data scope 'all') see everything: the answer is null.
 */
export const visibleAccountsSql = (auth: Pick<AuthContext, 'userId' | 'dataScope'>): SQL | null =>
  auth.dataScope === 'all'
    ? null
    : sql`(with recursive tree(id) as (
          select ${auth.userId}::uuid
          union
          select u.id from users u join tree on u.superior_id = tree.id
        ) select id from tree)`;

/**
 * The one filter every repository applies to tenant data: rows whose owner column is inside the
 * caller's account tree. Returns undefined (no filter) for platform administrators, so it can be
 * passed straight into `and(...)`.
 */
export const inDataScope = (auth: Pick<AuthContext, 'userId' | 'dataScope'>, ownerColumn: AnyColumn) => {
  const visible = visibleAccountsSql(auth);
  return visible ? sql`${ownerColumn} in ${visible}` : undefined;
};
