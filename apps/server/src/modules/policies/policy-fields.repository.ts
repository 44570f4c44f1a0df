import { COMPLIANCE_STATES, POLICY_SEVERITIES, type PolicySeverity } from '@cpm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountAncestorDistancesSql,
  accountSubtreeSql,
  type Scope,
  visibleAccountsSql,
} from '../../shared/data-scope';
import { groupAncestorDistancesSql, groupSubtreeSql, type TargetRef, uuidArray } from './policies.repository';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A text array literal of the contract's fixed words (never user input), in their order. */
const constArray = (words: readonly string[]) =>
  sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]::text[]`);

/** A field to send to a terminal. */
export type OutgoingField = {
  terminalId: string;
  sn: string;
  field: string;
  value: unknown;
  revision: number;
};
/** A field whose state changed to drift, for live events. */
export type DriftHit = { terminalId: string; sn: string; ownerId: string; field: string };
/** One per-field answer, as stored (`applied` carries the actual value). */
export type FieldAnswer = {
  field: string;
  state: 'applied' | 'failed' | 'unsupported';
  actual?: unknown;
  reason?: string | null;
  message?: string | null;
};

/**
 * Rows (terminal_id, at, label) of the fields that drifted at `severity` or a more serious one: what
 * set-based queries elsewhere (alert rules) read of compliance, served by the not-verified index.
 */
export const driftedFieldsSql = (severity: PolicySeverity): SQL => {
  const levels = POLICY_SEVERITIES.slice(0, POLICY_SEVERITIES.indexOf(severity) + 1);
  return sql`select terminal_id, since as at, field as label from terminal_policy_fields
    where state = 'drift' and severity in (${sql.join(
      levels.map((l) => sql`${l}`),
      sql`, `,
    )})`;
};

/** Subquery of the terminal ids the targets reach (accounts and groups with everything below them). */
export const terminalsReachedSql = (targets: readonly TargetRef[]): SQL => {
  const ids = (kind: TargetRef['kind']) => uuidArray(targets.filter((t) => t.kind === kind).map((t) => t.id));
  const accounts = targets.filter((t) => t.kind === 'account');
  const owners = accounts.length
    ? sql.join(
        accounts.map((a) => sql`select id from ${accountSubtreeSql(a.id)} s`),
        sql` union `,
      )
    : sql`select null::uuid where false`;
  return sql`(select t.id from terminals t where t.owner_id in (${owners})
      union select t.id from terminals t
        where t.group_id in ${groupSubtreeSql(sql`(select unnest(${ids('group')}::uuid[]))`)}
      union select unnest(${ids('terminal')}::uuid[]))`;
};

/** Which rows a send picks. */
export type SendPick =
  /** Every field of one terminal (it came online). */
  | { kind: 'terminal'; terminalId: string }
  /** Fields not sent yet of these terminals (after a change). */
  | { kind: 'unsent'; terminalIds: readonly string[] }
  /** A converge: a policy's fields on chosen terminals, or on every terminal with a drifted field. */
  | { kind: 'converge'; policyId: string; terminalIds: readonly string[] | null };

const pickSql = (p: SendPick): SQL => {
  if (p.kind === 'terminal') return sql`f.terminal_id = ${p.terminalId}`;
  if (p.kind === 'unsent')
    return sql`f.sent_at is null and f.terminal_id = any(${uuidArray(p.terminalIds)}::uuid[])`;
  if (p.terminalIds)
    return sql`f.policy_id = ${p.policyId} and f.terminal_id = any(${uuidArray(p.terminalIds)}::uuid[])`;
  return sql`f.policy_id = ${p.policyId} and f.terminal_id in (select terminal_id from terminal_policy_fields
    where policy_id = ${p.policyId} and state = 'drift')`;
};

/** A filter of terminal-field rows. */
export type FieldFilter = {
  policyId?: string;
  sn?: string;
  state?: string;
  severity?: string;
  groupId?: string;
  /** Only terminals of accounts this caller sees. */
  visibleTo?: Scope;
};

const visibleSql = (scope: Scope | undefined): SQL | undefined => {
  const visible = scope ? visibleAccountsSql(scope) : null;
  return visible ? sql`f.owner_id in ${visible}` : undefined;
};

const filterSql = (f: FieldFilter): SQL =>
  sql.join(
    [
      sql`true`,
      f.policyId ? sql`f.policy_id = ${f.policyId}` : undefined,
      f.sn ? sql`t.sn = ${f.sn.toUpperCase()}` : undefined,
      f.state ? sql`f.state = ${f.state}` : undefined,
      f.severity ? sql`f.severity = ${f.severity}` : undefined,
      f.groupId ? sql`f.group_id = ${f.groupId}` : undefined,
      visibleSql(f.visibleTo),
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );

/**
 * The effective policy of the terminals `affected` answers, merged from the top of each tree down,
 * written in one statement: a locked field is taken from the highest policy that locks it, any other
 * from the deepest (account tree, then group tree, then the terminal itself; a later assignment wins
 * a tie). Changed fields become pending at `revision`; fields no policy sets any more are removed.
 */
const recomputeSql = (affected: SQL, revision: number, at: Date) => sql`
with aff as (
  select t.id, t.sn, t.owner_id, t.group_id, g.number as store, g.name as gname
  from terminals t left join terminal_groups g on g.id = t.group_id
  where t.id in ${affected}
),
acc as (select * from ${accountAncestorDistancesSql(sql`(select distinct owner_id from aff)`)} x),
grp as (select * from ${groupAncestorDistancesSql(sql`(select distinct group_id from aff where group_id is not null)`)} y),
cand as (
  select a.id as terminal_id, pa.policy_id, pa.created_at, 1000 - acc.distance as depth
    from aff a join acc on acc.start = a.owner_id
    join policy_assignments pa on pa.target_kind = 'account' and pa.target_id = acc.id
  union all
  select a.id, pa.policy_id, pa.created_at, 2000 - grp.distance
    from aff a join grp on grp.start = a.group_id
    join policy_assignments pa on pa.target_kind = 'group' and pa.target_id = grp.id
  union all
  select a.id, pa.policy_id, pa.created_at, 3000
    from aff a join policy_assignments pa on pa.target_kind = 'terminal' and pa.target_id = a.id
),
eff as (
  select distinct on (c.terminal_id, f.key) c.terminal_id, f.key as field, c.policy_id, f.value as setting
  from cand c join policies p on p.id = c.policy_id cross join lateral jsonb_each(p.fields) f
  order by c.terminal_id, f.key, (f.value->>'locked')::boolean desc,
    case when (f.value->>'locked')::boolean then c.depth else -c.depth end, c.created_at desc
),
want as (
  select e.terminal_id, e.field, e.policy_id, a.owner_id, a.group_id, e.setting->>'severity' as severity,
    case when strpos((e.setting->'value')::text, '\${') > 0 then replace(replace(replace(
        (e.setting->'value')::text,
        '\${sn}', a.sn),
        '\${store}', coalesce(substr(to_jsonb(a.store)::text, 2, length(to_jsonb(a.store)::text) - 2), '')),
        '\${group}', coalesce(substr(to_jsonb(a.gname)::text, 2, length(to_jsonb(a.gname)::text) - 2), ''))::jsonb
      else e.setting->'value' end as desired
  from eff e join aff a on a.id = e.terminal_id
),
gone as (
  delete from terminal_policy_fields d
  where d.terminal_id in (select id from aff)
    and not exists (select 1 from want w where w.terminal_id = d.terminal_id and w.field = d.field)
  returning 1
),
up as (
  insert into terminal_policy_fields as f
    (terminal_id, field, policy_id, owner_id, group_id, desired, state, severity, since, revision)
  select terminal_id, field, policy_id, owner_id, group_id, desired, 'pending', severity, ${at}, ${revision}
  from want
  on conflict (terminal_id, field) do update set
    policy_id = excluded.policy_id, owner_id = excluded.owner_id, group_id = excluded.group_id,
    severity = excluded.severity,
    desired = excluded.desired,
    state = case when f.desired = excluded.desired then f.state else 'pending' end,
    since = case when f.desired = excluded.desired then f.since else excluded.since end,
    reason = case when f.desired = excluded.desired then f.reason else null end,
    message = case when f.desired = excluded.desired then f.message else null end,
    revision = case when f.desired = excluded.desired then f.revision else excluded.revision end,
    sent_at = case when f.desired = excluded.desired then f.sent_at else null end
  where f.desired is distinct from excluded.desired or f.policy_id <> excluded.policy_id
    or f.severity <> excluded.severity or f.owner_id <> excluded.owner_id
    or f.group_id is distinct from excluded.group_id
  returning 1
)
select (select count(*) from up)::int as changed, (select count(*) from gone)::int as removed`;

/** Terminal-field rows: the effective policies, compliance and what terminals answer. */
export const createPolicyFieldsRepository = (db: Db) => ({
  terminalBySn: async (sn: string) =>
    rowsOf<{ id: string; sn: string; ownerId: string }>(
      await db.execute(
        sql`select id, sn, owner_id as "ownerId" from terminals where sn = ${sn.toUpperCase()}`,
      ),
    )[0] ?? null,

  nextRevision: async (): Promise<number> =>
    Number(rowsOf<{ r: string }>(await db.execute(sql`select nextval('policy_revision_seq') as r`))[0].r),

  /** Recomputes the effective policy of the terminals the targets reach; answers the rows changed and removed. */
  async recompute(targets: readonly TargetRef[], revision: number, at: Date) {
    const [row] = rowsOf<{ changed: number; removed: number }>(
      await db.execute(recomputeSql(terminalsReachedSql(targets), revision, at)),
    );
    return row;
  },

  /** Online terminals among those reached that have fields not sent yet. */
  async unsentOnline(targets: readonly TargetRef[]): Promise<string[]> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`select distinct f.terminal_id as id from terminal_policy_fields f
        join terminals t on t.id = f.terminal_id
        where t.online and f.sent_at is null and f.terminal_id in ${terminalsReachedSql(targets)}`),
    ).map((r) => r.id);
  },

  /**
   * Marks fields as sent at a new revision and answers them with their values: `which` picks the
   * rows. Fields not verified become pending; unsupported ones are never sent again until they change.
   * `revert` keeps the actual values first (all-or-nothing converge).
   */
  async send(pick: SendPick, revision: number, at: Date, revert = false): Promise<OutgoingField[]> {
    return rowsOf<OutgoingField>(
      await db.execute(sql`update terminal_policy_fields f set
          revision = ${revision}, sent_at = ${at},
          state = case when f.state = 'verified' then f.state else 'pending' end,
          since = case when f.state in ('verified', 'pending') then f.since else ${at} end,
          revert_to = case when ${revert} then f.actual else null end
        from terminals t
        where t.id = f.terminal_id and f.state <> 'unsupported' and ${pickSql(pick)}
        returning f.terminal_id as "terminalId", t.sn, f.field, f.desired as value, f.revision::int as revision`),
    );
  },

  /** Applies a terminal's per-field answers to the revision it names; older answers change nothing. */
  async applyResults(terminalId: string, revision: number, answers: FieldAnswer[], at: Date) {
    if (answers.length === 0) return [];
    return rowsOf<{ field: string; state: string }>(
      await db.execute(sql`update terminal_policy_fields f set
          actual = case when r.state = 'unsupported' then f.actual else coalesce(r.actual, f.actual) end,
          state = case
            when r.state = 'unsupported' then 'unsupported'
            when r.state = 'failed' then 'failed'
            when r.actual = f.desired then 'verified'
            when f.state = 'drift' and f.reason = 'REVERTED' then 'drift'
            else 'failed' end,
          reason = case
            when r.state = 'failed' then r.reason
            when r.state = 'applied' and r.actual is distinct from f.desired and f.reason = 'REVERTED' then f.reason
            when r.state = 'applied' and r.actual is distinct from f.desired then 'ACTUAL_MISMATCH'
            else null end,
          message = case when r.state = 'applied' then null else r.message end,
          since = case when f.state = (case
              when r.state = 'unsupported' then 'unsupported'
              when r.state = 'failed' then 'failed'
              when r.actual = f.desired then 'verified' else f.state end) then f.since else ${at} end
        from jsonb_to_recordset(${JSON.stringify(answers)}::jsonb)
          as r(field text, state text, actual jsonb, reason text, message text)
        where f.terminal_id = ${terminalId} and f.field = r.field and f.revision <= ${revision}
        returning f.field, f.state`),
    );
  },

  /**
   * Actual values a terminal reports as changed on its own: a verified field that no longer matches
   * drifts (since now); any field that matches again is verified.
   */
  async applyChanges(terminalId: string, changes: { field: string; actual: unknown }[], at: Date) {
    if (changes.length === 0) return [];
    return rowsOf<{ field: string; state: string; drifted: boolean }>(
      await db.execute(sql`update terminal_policy_fields f set
          actual = c.actual,
          state = case when c.actual = f.desired and f.state <> 'unsupported' then 'verified'
            when f.state = 'verified' then 'drift' else f.state end,
          reason = case when c.actual = f.desired then null when f.state = 'verified' then null else f.reason end,
          since = case when (c.actual = f.desired and f.state not in ('verified', 'unsupported'))
            or (c.actual is distinct from f.desired and f.state = 'verified') then ${at} else f.since end
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c(field text, actual jsonb)
        where f.terminal_id = ${terminalId} and f.field = c.field
        returning f.field, f.state, (f.state = 'drift' and f.since = ${at}) as drifted`),
    );
  },

  /** After an all-or-nothing converge failed: the fields it applied go back to their earlier values. */
  async revert(terminalId: string, revision: number, at: Date): Promise<{ field: string; value: unknown }[]> {
    return rowsOf<{ field: string; value: unknown }>(
      await db.execute(sql`update terminal_policy_fields f set
          state = 'drift', reason = 'REVERTED', since = ${at}, revert_to = null
        where f.terminal_id = ${terminalId} and f.revision = ${revision} and f.revert_to is not null
          and f.state = 'verified'
        returning f.field, f.revert_to as value`),
    );
  },

  /** Forgets what an all-or-nothing converge kept, once it ended. */
  clearRevert: async (terminalId: string, revision: number) => {
    await db.execute(sql`update terminal_policy_fields set revert_to = null
      where terminal_id = ${terminalId} and revision = ${revision} and revert_to is not null`);
  },

  /**
   * Counts by state and severity: one indexed count per pair of the index on (policy, state, severity),
   * or (group, policy, state, severity). Each is a range of an index-only scan, so together they read
   * the rows once, like a bare count, without a grouping step over every row.
   */
  counts: async (policyId: string, groupId?: string) =>
    rowsOf<{ state: string; severity: string; count: number }>(
      await db.execute(sql`select s.state, v.severity, c.count from unnest(${constArray(COMPLIANCE_STATES)}) s(state)
        cross join unnest(${constArray(POLICY_SEVERITIES)}) v(severity)
        cross join lateral (select count(*)::int as count from terminal_policy_fields f
          where f.policy_id = ${policyId} ${groupId ? sql`and f.group_id = ${groupId}` : sql``}
            and f.state = s.state and f.severity = v.severity) c
        where c.count > 0 order by s.state, v.severity`),
    ),

  /** Fields of the terminals a caller sees, every policy together, by state and severity. */
  visibleCounts: async (scope: Scope) =>
    rowsOf<{ state: string; severity: string; count: number }>(
      await db.execute(sql`select state, severity, count(*)::int as count from terminal_policy_fields f
        where ${visibleSql(scope) ?? sql`true`} group by state, severity order by state, severity`),
    ),

  /** Terminals the policy reaches, and how many have every applicable field (any policy) verified. */
  async terminalTotals(policyId: string, groupId?: string) {
    const [row] = rowsOf<{ terminals: number; compliant: number }>(
      await db.execute(sql`select count(*)::int as terminals,
          count(*) filter (where not exists (select 1 from terminal_policy_fields o
            where o.terminal_id = p.terminal_id and o.state <> 'verified' and o.severity <> 'log'))::int as compliant
        from (select distinct terminal_id from terminal_policy_fields
          where policy_id = ${policyId} ${groupId ? sql`and group_id = ${groupId}` : sql``}) p`),
    );
    return row;
  },

  /**
   * Terminals with a drifted field among those the scope sees, each under its most severe drift; the
   * partial index on open rows keeps this to the few rows that are not verified.
   */
  driftBySeverity: async (scope: Scope) =>
    rowsOf<{ severity: string; terminals: number }>(
      await db.execute(sql`select severity, count(*)::int as terminals from (
          select distinct on (f.terminal_id) f.terminal_id, f.severity from terminal_policy_fields f
          where f.state = 'drift' and ${filterSql({ visibleTo: scope })}
          order by f.terminal_id, array_position(${constArray(POLICY_SEVERITIES)}, f.severity)
        ) d group by severity`),
    ),

  /** A page of terminal-field rows under a filter. */
  async rows(filter: FieldFilter, offset: number, limit: number) {
    const [rows, total] = await Promise.all([listRows(db, filter, { offset, limit }), countRows(db, filter)]);
    return { rows, total };
  },

  /** The rows under a filter after one (by SN, then field), for exports that read them all in batches. */
  rowsAfter: (filter: FieldFilter, after: { sn: string; field: string } | null, limit: number) =>
    listRows(db, filter, { after, limit }),

  count: (filter: FieldFilter) => countRows(db, filter),
});

const listRows = async (
  db: Db,
  filter: FieldFilter,
  at: { offset?: number; after?: { sn: string; field: string } | null; limit: number },
) =>
  rowsOf<FieldRowRecord>(
    await db.execute(sql`select t.sn, f.terminal_id as "terminalId", f.field, f.policy_id as "policyId",
        p.name as "policyName", f.desired, f.actual, f.state, f.severity, f.since, f.reason, f.message
      from terminal_policy_fields f join terminals t on t.id = f.terminal_id join policies p on p.id = f.policy_id
      where ${filterSql(filter)} ${at.after ? sql`and (t.sn, f.field) > (${at.after.sn}, ${at.after.field})` : sql``}
      order by t.sn, f.field offset ${at.offset ?? 0} limit ${at.limit}`),
  );

const countRows = async (db: Db, filter: FieldFilter) =>
  rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from terminal_policy_fields f join terminals t on t.id = f.terminal_id
      where ${filterSql(filter)}`),
  )[0].n;

export type FieldRowRecord = {
  sn: string;
  terminalId: string;
  field: string;
  policyId: string;
  policyName: string;
  desired: unknown;
  actual: unknown;
  state: string;
  severity: string;
  since: Date;
  reason: string | null;
  message: string | null;
};

export type PolicyFieldsRepository = ReturnType<typeof createPolicyFieldsRepository>;
