import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountAncestorDistancesSql,
  accountSubtreeSql,
  inDataScope,
  type Scope,
} from '../../shared/data-scope';
import { likeAnywhere, newestFirst, pageWhere } from '../../shared/sql';
import { policies, policyAssignments, policyVersions } from './policies.table';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PolicyRecord = typeof policies.$inferSelect;
export type PolicyVersionRecord = typeof policyVersions.$inferSelect;
export type AssignmentRecord = typeof policyAssignments.$inferSelect;
export type TargetRef = { kind: 'account' | 'group' | 'terminal'; id: string };
/** A lock another policy holds over a field, as an error names it. */
export type LockHit = { field: string; policyId: string; policyName: string; setBy: string };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `{a,b}`: a uuid[] literal for `= any(...)`. */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Subquery of rows `(start, id, distance)`: each group id `starts` answers, itself (0) and every
 * group above it with its distance.
 */
export const groupAncestorDistancesSql = (starts: SQL): SQL =>
  sql`(with recursive up(start, id, distance) as (
          select g.id, g.id, 0 from terminal_groups g where g.id in ${starts}
          union all
          select up.start, g.parent_id, up.distance + 1
          from terminal_groups g join up on g.id = up.id where g.parent_id is not null
        ) select start, id, distance from up)`;

/** Subquery of a group's id and every group below it. */
export const groupSubtreeSql = (rootIds: SQL): SQL =>
  sql`(with recursive down(id) as (
          select g.id from terminal_groups g where g.id in ${rootIds}
          union
          select g.id from terminal_groups g join down on g.parent_id = down.id
        ) select id from down)`;

/**
 * Subquery of every node above or at the targets (accounts, groups and terminals alike: ids are
 * unique across them): where an assignment that covers the targets may sit.
 */
const nodesCoveringSql = (targets: readonly TargetRef[]): SQL => {
  const ids = (kind: TargetRef['kind']) => uuidArray(targets.filter((t) => t.kind === kind).map((t) => t.id));
  const accounts = sql`(select id from users where id = any(${ids('account')}::uuid[])
      union select owner_id from terminal_groups where id = any(${ids('group')}::uuid[])
      union select owner_id from terminals where id = any(${ids('terminal')}::uuid[]))`;
  const groups = sql`(select id from terminal_groups where id = any(${ids('group')}::uuid[])
      union select group_id from terminals where id = any(${ids('terminal')}::uuid[]) and group_id is not null)`;
  return sql`(select id from ${accountAncestorDistancesSql(accounts)} a
      union select id from ${groupAncestorDistancesSql(groups)} g
      union select id from terminals where id = any(${ids('terminal')}::uuid[]))`;
};

/** Policies, their versions and where they are assigned. */
export const createPoliciesRepository = (db: Db) => ({
  transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

  async page(scope: Scope, f: { name?: string; offset: number; limit: number }) {
    const where = and(
      inDataScope(scope, policies.ownerId),
      f.name ? sql`${policies.name} ilike ${likeAnywhere(f.name)}` : undefined,
    );
    return pageWhere(db, policies, where, newestFirst(policies), f.offset, f.limit);
  },

  findVisible: async (scope: Scope, id: string): Promise<PolicyRecord | null> =>
    (
      await db
        .select()
        .from(policies)
        .where(and(eq(policies.id, id), inDataScope(scope, policies.ownerId)))
    )[0] ?? null,

  nameTaken: async (ownerId: string, name: string, exceptId?: string) =>
    (
      await db
        .select({ id: policies.id })
        .from(policies)
        .where(
          and(
            eq(policies.ownerId, ownerId),
            eq(policies.name, name),
            exceptId ? sql`${policies.id} <> ${exceptId}` : undefined,
          ),
        )
    ).length > 0,

  /** Writes the policy's current row and its new version together. */
  saveVersion: (
    id: string | null,
    row: Partial<typeof policies.$inferInsert>,
    version: Omit<typeof policyVersions.$inferInsert, 'policyId'>,
  ): Promise<PolicyRecord> =>
    db.transaction(async (tx) => {
      const [saved] = id
        ? await tx.update(policies).set(row).where(eq(policies.id, id)).returning()
        : await tx
            .insert(policies)
            .values(row as typeof policies.$inferInsert)
            .returning();
      await tx.insert(policyVersions).values({ ...version, policyId: saved.id });
      return saved;
    }),

  remove: async (id: string) => {
    await db.delete(policies).where(eq(policies.id, id));
  },

  versions: (policyId: string): Promise<PolicyVersionRecord[]> =>
    db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, policyId))
      .orderBy(desc(policyVersions.version)),

  /** Assignment counts of these policies. */
  async assignmentCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<{ policy_id: string; n: number }>(
      await db.execute(sql`select policy_id, count(*)::int as n from policy_assignments
        where policy_id = any(${uuidArray(ids)}::uuid[]) group by policy_id`),
    );
    return new Map(rows.map((r) => [r.policy_id, r.n]));
  },

  /** A policy's assignments with the name of each target (account name, group name, SN). */
  async assignments(policyId: string) {
    return rowsOf<{
      id: string;
      target_kind: TargetRef['kind'];
      target_id: string;
      name: string | null;
      created_at: Date;
    }>(
      await db.execute(sql`select a.id, a.target_kind, a.target_id, a.created_at,
          coalesce(u.username, g.name, t.sn) as name
        from policy_assignments a
        left join users u on a.target_kind = 'account' and u.id = a.target_id
        left join terminal_groups g on a.target_kind = 'group' and g.id = a.target_id
        left join terminals t on a.target_kind = 'terminal' and t.id = a.target_id
        where a.policy_id = ${policyId} order by a.created_at`),
    );
  },

  findAssignment: async (policyId: string, id: string): Promise<AssignmentRecord | null> =>
    (
      await db
        .select()
        .from(policyAssignments)
        .where(and(eq(policyAssignments.id, id), eq(policyAssignments.policyId, policyId)))
    )[0] ?? null,

  /** How many of the targets exist inside the caller's accounts. */
  async targetsInScope(scope: Scope, targets: readonly TargetRef[]): Promise<number> {
    const ids = (kind: TargetRef['kind']) =>
      uuidArray(targets.filter((t) => t.kind === kind).map((t) => t.id));
    const visible = (col: SQL) =>
      scope.dataScope === 'all' ? sql`true` : sql`${col} in ${accountSubtreeSql(scope.userId)}`;
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select
        (select count(*) from users u where u.id = any(${ids('account')}::uuid[]) and ${visible(sql`u.id`)})
        + (select count(*) from terminal_groups g where g.id = any(${ids('group')}::uuid[]) and ${visible(sql`g.owner_id`)})
        + (select count(*) from terminals t where t.id = any(${ids('terminal')}::uuid[]) and ${visible(sql`t.owner_id`)})
        as n`),
    );
    return Number(row.n);
  },

  /** Adds assignments (a repeated one is kept as it was); answers how many are new. */
  async addAssignments(policyId: string, targets: readonly TargetRef[], by: string, at: Date) {
    const rows = await db
      .insert(policyAssignments)
      .values(
        targets.map((t) => ({
          policyId,
          targetKind: t.kind,
          targetId: t.id,
          createdById: by,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: policyAssignments.id });
    return rows.length;
  },

  removeAssignment: async (id: string) => {
    await db.delete(policyAssignments).where(eq(policyAssignments.id, id));
  },

  /**
   * Locks other policies hold over any of `fields` at or above the targets: the fields a policy
   * assigned there may not set.
   */
  async locksOver(
    policyId: string | null,
    fields: readonly string[],
    targets: readonly TargetRef[],
  ): Promise<LockHit[]> {
    if (fields.length === 0 || targets.length === 0) return [];
    return rowsOf<LockHit>(
      await db.execute(sql`select distinct f.key as field, p.id as "policyId", p.name as "policyName",
          p.updated_by_name as "setBy"
        from policy_assignments a
        join policies p on p.id = a.policy_id
        cross join lateral jsonb_each(p.fields) f
        where a.target_id in ${nodesCoveringSql(targets)}
          and (${policyId}::uuid is null or p.id <> ${policyId}::uuid)
          and f.key = any(${`{${fields.join(',')}}`}::text[])
          and (f.value->>'locked')::boolean
        order by 1, 3`),
    );
  },

  /** The targets a policy is assigned to now. */
  targetsOf: async (policyId: string): Promise<TargetRef[]> =>
    (
      await db
        .select({ kind: policyAssignments.targetKind, id: policyAssignments.targetId })
        .from(policyAssignments)
        .where(eq(policyAssignments.policyId, policyId))
    ).map((r) => ({ kind: r.kind, id: r.id })),
});

export type PoliciesRepository = ReturnType<typeof createPoliciesRepository>;
