import {
  type ComplianceFilter,
  type ComplianceSummary,
  type DriftSummary,
  POLICY_FIELD_LABELS,
  POLICY_SEVERITIES,
  type PolicyDetail,
  type PolicyFieldKey,
  type PolicyFields,
  type PolicyRow,
  type PolicySave,
  type PolicyTarget,
  type PolicyVersion,
  type TerminalFieldRow,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import type { LockHit, PoliciesRepository, PolicyRecord, TargetRef } from './policies.repository';
import {
  driftedFieldsSql,
  type FieldFilter,
  type FieldRowRecord,
  type PolicyFieldsRepository,
} from './policy-fields.repository';

/** Drifted fields at a severity or worse as a subquery, for other modules' set-based conditions. */
export const policyDriftSql = driftedFieldsSql;

/** Rows an export reads at a time. */
const EXPORT_BATCH = 1000;

/** The job that brings the terminals a change reaches to their new effective policy. */
export const POLICY_APPLY_JOB = 'policies.apply';
export type PolicyApplyPayload = { targets: TargetRef[] };

export type PoliciesServiceDeps = {
  repo: PoliciesRepository;
  fields: Pick<
    PolicyFieldsRepository,
    'counts' | 'terminalTotals' | 'rows' | 'rowsAfter' | 'count' | 'driftBySeverity' | 'visibleCounts'
  >;
  clock: Clock;
  /** Queues the apply job for the targets; answers its id. */
  enqueueApply: (payload: PolicyApplyPayload, userId: string) => Promise<string>;
  /** Sends a policy again to terminals (see the converge of the policy agent). */
  converge: (
    policyId: string,
    terminalIds: readonly string[] | null,
    allOrNothing: boolean,
  ) => Promise<{ terminals: number; fields: number }>;
};

const fieldKeys = (fields: PolicyFields) =>
  (Object.keys(fields) as PolicyFieldKey[]).filter((k) => fields[k] !== undefined);

/** The refusal for fields locked above, naming each lock and who set it, in both languages. */
export const lockError = (hits: LockHit[]) =>
  new AppError('policyFieldLocked', {
    errors: hits.map((h) => {
      const label = POLICY_FIELD_LABELS[h.field as PolicyFieldKey] ?? { zh: h.field, en: h.field };
      return {
        field: `body.fields.${h.field}`,
        message: `「${label.zh}」已被策略「${h.policyName}」锁定（设置者：${h.setBy}），不能覆盖`,
        messageEn: `${label.en} is locked by policy "${h.policyName}" (set by ${h.setBy}) and cannot be overridden`,
      };
    }),
  });

const toRow = (r: PolicyRecord, assignments: number): PolicyRow => {
  const fields = r.fields as PolicyFields;
  const keys = fieldKeys(fields);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    version: r.version,
    fieldCount: keys.length,
    lockedCount: keys.filter((k) => fields[k]?.locked).length,
    assignmentCount: assignments,
    ownerId: r.ownerId,
    updatedByName: r.updatedByName,
    updatedAt: r.updatedAt.toISOString(),
  };
};

export const toFieldRow = (r: FieldRowRecord): TerminalFieldRow => ({
  ...r,
  field: r.field as TerminalFieldRow['field'],
  state: r.state as TerminalFieldRow['state'],
  severity: r.severity as TerminalFieldRow['severity'],
  since: new Date(r.since).toISOString(),
});

/** Configuration policies: versions, assignments with inheritance and locks, compliance reads. */
export const createPoliciesService = (deps: PoliciesServiceDeps) => {
  const { repo, clock } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));
  const refuseLocked = async (policyId: string | null, fields: PolicyFields, targets: TargetRef[]) => {
    const hits = await repo.locksOver(policyId, fieldKeys(fields), targets);
    if (hits.length) throw lockError(hits);
  };

  return {
    async page(auth: AuthContext, q: { name?: string; current: number; size: number }) {
      const { rows, total } = await repo.page(auth, { name: q.name, offset: pageOffset(q), limit: q.size });
      const counts = await repo.assignmentCounts(rows.map((r) => r.id));
      return toPage(
        rows.map((r) => toRow(r, counts.get(r.id) ?? 0)),
        total,
        q,
      );
    },

    async get(auth: AuthContext, id: string): Promise<PolicyDetail> {
      const row = await mustFind(auth, id);
      const assignments = await repo.assignments(id);
      return {
        ...toRow(row, assignments.length),
        fields: row.fields as PolicyFields,
        assignments: assignments.map((a) => ({
          assignmentId: a.id,
          kind: a.target_kind,
          id: a.target_id,
          name: a.name ?? a.target_id,
          createdAt: new Date(a.created_at).toISOString(),
        })),
      };
    },

    /**
     * A new policy, or a new version of one: refused when it sets a field that a policy assigned at
     * or above one of its targets locks. The terminals it reaches are updated by one job.
     */
    async save(auth: AuthContext, note: OperationNote, body: PolicySave) {
      requireAddOrEdit(auth, 'device:policy', body.id);
      if (fieldKeys(body.fields).length === 0) throw new AppError('policyEmpty');
      const existing = body.id ? await mustFind(auth, body.id) : null;
      const ownerId = existing?.ownerId ?? auth.userId;
      if (await repo.nameTaken(ownerId, body.name, existing?.id)) throw new AppError('policyNameTaken');
      const targets = existing ? await repo.targetsOf(existing.id) : [];
      await refuseLocked(existing?.id ?? null, body.fields, targets);
      const now = clock.now();
      const version = (existing?.version ?? 0) + 1;
      const saved = await repo.saveVersion(
        existing?.id ?? null,
        {
          ...(existing ? {} : { ownerId, createdBy: auth.userId, createdAt: now }),
          name: body.name,
          description: body.description ?? null,
          fields: body.fields,
          version,
          updatedById: auth.userId,
          updatedByName: auth.username,
          updatedAt: now,
        },
        {
          version,
          name: body.name,
          fields: body.fields,
          reason: body.reason,
          changedById: auth.userId,
          changedByName: auth.username,
          changedAt: now,
        },
      );
      note.subject({ id: saved.id, name: saved.name, detail: `v${version}: ${body.reason}` });
      const jobId = targets.length ? await deps.enqueueApply({ targets }, auth.userId) : null;
      return { id: saved.id, version, jobId };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      if ((await repo.targetsOf(id)).length) throw new AppError('policyInUse');
      await repo.remove(id);
      note.subject({ id, name: row.name });
      return null;
    },

    async versions(auth: AuthContext, id: string): Promise<PolicyVersion[]> {
      await mustFind(auth, id);
      return (await repo.versions(id)).map((v) => ({
        version: v.version,
        name: v.name,
        fields: v.fields as PolicyFields,
        reason: v.reason,
        changedByName: v.changedByName,
        changedAt: v.changedAt.toISOString(),
      }));
    },

    /** Assigns to nodes inside the caller's accounts; a lock above any target is refused. */
    async assign(auth: AuthContext, note: OperationNote, id: string, targets: PolicyTarget[]) {
      const row = await mustFind(auth, id);
      const unique = [...new Map(targets.map((t) => [t.id, t])).values()];
      if ((await repo.targetsInScope(auth, unique)) !== unique.length)
        throw new AppError('policyTargetOutOfScope');
      await refuseLocked(id, row.fields as PolicyFields, unique);
      await repo.addAssignments(id, unique, auth.userId, clock.now());
      note.subject({ id, name: row.name, detail: unique.map((t) => `${t.kind}:${t.id}`).join(', ') });
      return { jobId: await deps.enqueueApply({ targets: unique }, auth.userId) };
    },

    async unassign(auth: AuthContext, note: OperationNote, id: string, assignmentId: string) {
      const row = await mustFind(auth, id);
      const a = orNotFound(await repo.findAssignment(id, assignmentId));
      await repo.removeAssignment(a.id);
      note.subject({ id, name: row.name, detail: `${a.targetKind}:${a.targetId}` });
      return {
        jobId: await deps.enqueueApply({ targets: [{ kind: a.targetKind, id: a.targetId }] }, auth.userId),
      };
    },

    async compliance(auth: AuthContext, policyId: string, groupId?: string): Promise<ComplianceSummary> {
      await mustFind(auth, policyId);
      const [counts, totals] = await Promise.all([
        deps.fields.counts(policyId, groupId),
        deps.fields.terminalTotals(policyId, groupId),
      ]);
      return {
        counts: counts as ComplianceSummary['counts'],
        terminals: totals.terminals,
        compliantTerminals: totals.compliant,
      };
    },

    /** Policy fields of the caller's terminals, every policy together, by compliance state and severity. */
    complianceCounts: (auth: AuthContext) => deps.fields.visibleCounts(auth),

    async fields(auth: AuthContext, q: FieldFilter & { policyId: string; current: number; size: number }) {
      await mustFind(auth, q.policyId);
      const { rows, total } = await deps.fields.rows(q, pageOffset(q), q.size);
      return toPage(rows.map(toFieldRow), total, q);
    },

    /**
     * A policy's terminal-field rows under the compliance view's filter, for its export (at once or as
     * a background job): their count and keyset batches by SN and field.
     */
    exportRows(auth: AuthContext, filter: ComplianceFilter) {
      return {
        count: async () => {
          await mustFind(auth, filter.policyId);
          return deps.fields.count(filter);
        },
        batches: async function* () {
          await mustFind(auth, filter.policyId);
          let after: { sn: string; field: string } | null = null;
          for (;;) {
            const batch = await deps.fields.rowsAfter(filter, after, EXPORT_BATCH);
            if (batch.length) yield batch.map(toFieldRow);
            if (batch.length < EXPORT_BATCH) return;
            const last = batch[batch.length - 1];
            after = { sn: last.sn, field: last.field };
          }
        },
      };
    },

    /** One terminal's effective policy, each field with the policy it came from. */
    async terminalFields(auth: AuthContext, sn: string): Promise<TerminalFieldRow[]> {
      const { rows } = await deps.fields.rows({ sn, visibleTo: auth }, 0, 1000);
      return rows.map(toFieldRow);
    },

    /** Drifted terminals the caller sees, by their most severe drift, every severity listed. */
    async drift(auth: AuthContext): Promise<DriftSummary> {
      const found = new Map((await deps.fields.driftBySeverity(auth)).map((r) => [r.severity, r.terminals]));
      const bySeverity = POLICY_SEVERITIES.map((severity) => ({
        severity,
        terminals: found.get(severity) ?? 0,
      }));
      return { bySeverity, total: bySeverity.reduce((n, r) => n + r.terminals, 0) };
    },

    async converge(
      auth: AuthContext,
      note: OperationNote,
      body: { policyId: string; terminalIds?: string[]; allOrNothing: boolean },
    ) {
      const row = await mustFind(auth, body.policyId);
      const result = await deps.converge(body.policyId, body.terminalIds ?? null, body.allOrNothing);
      note.subject({
        id: row.id,
        name: row.name,
        detail: `${result.terminals} terminals, ${result.fields} fields`,
      });
      return result;
    },
  };
};

export type PoliciesService = ReturnType<typeof createPoliciesService>;
