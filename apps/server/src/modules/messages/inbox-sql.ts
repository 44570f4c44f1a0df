/** Which published messages reach a user: the SQL of a user's box and of the bell's count. */
import { type SQL, sql } from 'drizzle-orm';
import { accountAncestorsSql } from '../../shared/data-scope';

/** `array[$1, $2]::uuid[]`: drizzle would otherwise spread a list into separate parameters. */
export const uuidArray = (ids: readonly string[]) =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`
    : sql`array[]::uuid[]`;

/** Escapes the LIKE wildcards of a search text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What decides which messages reach a user: the audience roots above them and their target keys. */
export type Reach = { userId: string; roots: string[]; keys: string[] };

/**
 * The ids of the published messages that reach a user, as a WITH clause defining `mine(id)`.
 *
 * It starts from the user, never from the messages. `roots` are the user's own account, the accounts
 * above it and EVERYONE_ROOT (a handful of ids); `keys` are the user's id, role ids and store group
 * with the groups above it. Broadcasts are found through the partial `messages_broadcast_idx` by
 * root, targeted messages through `message_targets_target_idx` by (key, root), so the cost follows
 * the messages that reach this user, not all messages. The keys are passed as arrays rather than
 * computed in a CTE because the planner cannot estimate a recursive CTE and then prefers scans.
 */
export const mineCte = (reach: Reach, onlyMessageId?: string) => {
  const one = onlyMessageId ? sql`and m.id = ${onlyMessageId}::uuid` : sql``;
  const oneTarget = onlyMessageId ? sql`and t.message_id = ${onlyMessageId}::uuid` : sql``;
  const roots = uuidArray(reach.roots);
  return sql`with mine(id) as (
      select m.id from messages m
      where m.audience_root_id = any(${roots}) and m.scope = 'all' and m.status = 'published' ${one}
      union
      select t.message_id from message_targets t
      where t.target_id = any(${uuidArray(reach.keys)}) and t.audience_root_id = any(${roots}) ${oneTarget}
    )`;
};

/** The reach of one user: their ancestor accounts and target keys, read with one small query. */
export const reachSql = (userId: string) => sql`with recursive
    grp(id) as (
      select store_scope_group_id from users where id = ${userId}::uuid and store_scope_group_id is not null
      union
      select g.parent_id from terminal_groups g join grp on g.id = grp.id where g.parent_id is not null
    )
  select
    (select string_agg(id::text, ',') from ${accountAncestorsSql(userId)} anc) as roots,
    concat_ws(',',
      (select string_agg(role_id::text, ',') from user_roles where user_id = ${userId}::uuid),
      (select string_agg(id::text, ',') from grp)) as keys`;

/** The filters of a user's box. */
export type MineFilter = { title?: string; read?: boolean; only?: string };

/** The FROM/WHERE part shared by a page of the user's box and its total. */
export const mineFrom = (reach: Reach, q: MineFilter, withRows: boolean) => {
  const conds: SQL[] = [sql`true`];
  if (q.title) conds.push(sql`m.title ilike ${`%${escapeLike(q.title)}%`}`);
  if (q.read === true) conds.push(sql`r.user_id is not null`);
  if (q.read === false) conds.push(sql`r.user_id is null`);
  const rows = withRows || q.title ? sql`join messages m on m.id = mine.id` : sql``;
  const publisher = withRows ? sql`left join users p on p.id = m.published_by` : sql``;
  return sql`from mine ${rows}
      left join message_receipts r on r.user_id = ${reach.userId}::uuid and r.message_id = mine.id
      ${publisher}
      where ${sql.join(conds, sql` and `)}`;
};

/**
 * How many messages of the user's box match; with `read: false` this is the bell's unread count.
 * Exported so the scale benchmark can EXPLAIN exactly this statement.
 */
export const mineCountSql = (reach: Reach, q: MineFilter) =>
  sql`${mineCte(reach, q.only)} select count(*)::int as n ${mineFrom(reach, q, false)}`;
