import { type SQL, sql } from 'drizzle-orm';
import { accountSubtreeSql } from '../../shared/data-scope';
import { textArray, uuidArray } from '../../shared/sql';
import type { MatchSpec } from './task-sql';

/**
 * The condition a terminal row `t` meets when the task is for it: one of the targets (SN, group or
 * a group below it, model, enterprise or an account below it), the task's platform, not logged off,
 * on the whitelist when there is one, and inside the creator's data scope.
 */
export const matchSql = (m: MatchSpec): SQL => {
  const any: SQL[] = [];
  const { sns, groupIds, modelIds, ownerIds } = m.targets;
  if (sns.length) any.push(sql`t.sn = any(${textArray(sns)})`);
  if (groupIds.length)
    any.push(sql`t.group_id in (with recursive g(id) as (
        select unnest(${uuidArray(groupIds)})
        union
        select tg.id from terminal_groups tg join g on tg.parent_id = g.id
      ) select id from g)`);
  if (modelIds.length) any.push(sql`t.model_id = any(${uuidArray(modelIds)})`);
  for (const owner of ownerIds) any.push(sql`t.owner_id in ${accountSubtreeSql(owner)}`);
  const parts: SQL[] = [
    sql`t.platform = ${m.platform}`,
    sql`t.status <> 'loggedOff'`,
    any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`,
  ];
  if (m.whitelistId)
    parts.push(
      sql`t.sn in (select e.sn from task_whitelist_entries e where e.whitelist_id = ${m.whitelistId})`,
    );
  if (!m.scopeAll) parts.push(sql`t.owner_id in ${accountSubtreeSql(m.creatorId)}`);
  return sql.join(parts, sql` and `);
};

/** Rank of a delivery state in SQL: a report moves a delivery only to a higher rank. */
export const rankSql = (column: SQL): SQL =>
  sql`(case ${column} when 'waiting' then 0 when 'pulled' then 1 when 'executed' then 2 else 3 end)`;

/** The wave of the terminal at position `ord` (1-based) given the last position of each wave. */
export const waveSql = (ord: SQL, cuts: readonly number[]): SQL => {
  if (cuts.length <= 1) return sql`1`;
  // Plain integers computed here, written into the statement so the CASE has an integer type.
  const int = (n: number) => sql.raw(String(Math.trunc(n)));
  const whens = cuts.slice(0, -1).map((cut, i) => sql`when ${ord} <= ${int(cut)} then ${int(i + 1)}`);
  return sql`(case ${sql.join(whens, sql` `)} else ${int(cuts.length)} end)`;
};
