import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { COMPLIANCE_STATES, POLICY_FIELD_KEYS, POLICY_SEVERITIES, PolicyFieldsSchema } from './policy-fields';

export * from './policy-fields';

const base = '/device/v1/device/policy';

export const PolicyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The current version; every change makes a new one. */
  version: z.number().int(),
  /** Fields set, and how many of them are locked. */
  fieldCount: z.number().int(),
  lockedCount: z.number().int(),
  assignmentCount: z.number().int(),
  ownerId: z.string(),
  updatedByName: z.string(),
  updatedAt: z.string(),
});
export type PolicyRow = z.infer<typeof PolicyRowSchema>;

export const POLICY_TARGET_KINDS = ['account', 'group', 'terminal'] as const;
export const PolicyTargetSchema = z.strictObject({ kind: z.enum(POLICY_TARGET_KINDS), id: z.uuid() });
export type PolicyTarget = z.infer<typeof PolicyTargetSchema>;

export const PolicyAssignmentSchema = PolicyTargetSchema.extend({
  assignmentId: z.string(),
  /** The account's, group's or terminal's name (SN). */
  name: z.string(),
  createdAt: z.string(),
});
export type PolicyAssignment = z.infer<typeof PolicyAssignmentSchema>;

export const PolicyDetailSchema = PolicyRowSchema.extend({
  fields: PolicyFieldsSchema,
  assignments: z.array(PolicyAssignmentSchema),
});
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

export const PolicySaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  description: z.string().trim().max(LIMITS.textMax).optional(),
  fields: PolicyFieldsSchema,
  /** Why this version: kept in the version history. */
  reason: z.string().trim().min(1).max(LIMITS.textMax),
});
export type PolicySave = z.infer<typeof PolicySaveSchema>;

export const PolicyVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  fields: PolicyFieldsSchema,
  reason: z.string(),
  changedByName: z.string(),
  changedAt: z.string(),
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

const ComplianceStateSchema = z.enum(COMPLIANCE_STATES);
const SeveritySchema = z.enum(POLICY_SEVERITIES);

/** Counts of terminal-field rows by state and severity, and terminals compliant (every field verified). */
export const ComplianceSummarySchema = z.object({
  counts: z.array(
    z.object({ state: ComplianceStateSchema, severity: SeveritySchema, count: z.number().int() }),
  ),
  terminals: z.number().int(),
  compliantTerminals: z.number().int(),
});
export type ComplianceSummary = z.infer<typeof ComplianceSummarySchema>;

export const TerminalFieldRowSchema = z.object({
  sn: z.string(),
  terminalId: z.string(),
  field: z.enum(POLICY_FIELD_KEYS as [string, ...string[]]),
  policyId: z.string(),
  policyName: z.string(),
  desired: z.unknown(),
  actual: z.unknown(),
  state: ComplianceStateSchema,
  severity: SeveritySchema,
  since: z.string(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
});
export type TerminalFieldRow = z.infer<typeof TerminalFieldRowSchema>;

export const ComplianceFilterSchema = z.object({
  policyId: z.uuid(),
  state: ComplianceStateSchema.optional(),
  severity: SeveritySchema.optional(),
  groupId: z.uuid().optional(),
  sn: z.string().trim().max(64).optional(),
});
export type ComplianceFilter = z.infer<typeof ComplianceFilterSchema>;

/**
 * Terminals the caller sees with a drifted field, each counted once under its most severe drift
 * (the dashboard's figure); `total` is their sum.
 */
export const DriftSummarySchema = z.object({
  bySeverity: z.array(z.object({ severity: SeveritySchema, terminals: z.number().int() })),
  total: z.number().int(),
});
export type DriftSummary = z.infer<typeof DriftSummarySchema>;

const IdBody = z.strictObject({ id: z.uuid() });
const JobAnswer = z.object({ jobId: z.string() });

export const policiesEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: "Configuration policies of the caller's accounts, paged",
    tag: 'device',
    permission: 'device:policy:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(PolicyRowSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/get`,
    summary: 'One policy with its fields and assignments',
    tag: 'device',
    permission: 'device:policy:view',
    query: z.object({ id: z.uuid() }),
    result: PolicyDetailSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    summary:
      'Create (device:policy:add) or change (device:policy:edit) a policy: a new version with why; a field locked above is refused',
    tag: 'device',
    permission: SIGNED_IN,
    body: PolicySaveSchema,
    result: z.object({ id: z.string(), version: z.number().int(), jobId: z.string().nullable() }),
    oplog: {
      objectType: 'policy',
      action: { of: ({ body }) => (body.id ? 'policy.update' : 'policy.create') },
    },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Delete a policy that is assigned nowhere',
    tag: 'device',
    permission: 'device:policy:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'policy', action: 'policy.delete' },
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: `${base}/versions`,
    summary: "A policy's versions, newest first: who, when, why and the fields",
    tag: 'device',
    permission: 'device:policy:view',
    query: z.object({ id: z.uuid() }),
    result: z.array(PolicyVersionSchema),
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: `${base}/assign`,
    summary: 'Assign a policy to accounts, groups or terminals; the terminals are updated by one job',
    tag: 'device',
    permission: 'device:policy:edit',
    body: z.strictObject({ id: z.uuid(), targets: z.array(PolicyTargetSchema).min(1).max(1000) }),
    result: JobAnswer,
    oplog: { objectType: 'policy', action: 'policy.assign' },
  }),
  unassign: defineEndpoint({
    method: 'POST',
    path: `${base}/unassign`,
    summary: 'Remove an assignment; the terminals it reached are recomputed by one job',
    tag: 'device',
    permission: 'device:policy:edit',
    body: z.strictObject({ id: z.uuid(), assignmentId: z.uuid() }),
    result: JobAnswer,
    oplog: { objectType: 'policy', action: 'policy.unassign' },
  }),
  compliance: defineEndpoint({
    method: 'GET',
    path: `${base}/compliance`,
    summary: "Counts of a policy's terminal fields by state and severity (optionally in one group)",
    tag: 'device',
    permission: 'device:policy:view',
    query: z.object({ policyId: z.uuid(), groupId: z.uuid().optional() }),
    result: ComplianceSummarySchema,
  }),
  fields: defineEndpoint({
    method: 'GET',
    path: `${base}/fields`,
    summary: "A policy's terminal fields: expected, actual, state, severity, since; filtered",
    tag: 'device',
    permission: 'device:policy:view',
    query: PageQuerySchema.merge(ComplianceFilterSchema),
    result: pageSchema(TerminalFieldRowSchema),
  }),
  terminalFields: defineEndpoint({
    method: 'GET',
    path: `${base}/terminalFields`,
    summary: "One terminal's effective policy: each field with where it came from and its state",
    tag: 'device',
    permission: 'device:detail:view',
    query: z.object({ sn: z.string().trim().min(1).max(64) }),
    result: z.array(TerminalFieldRowSchema),
  }),
  converge: defineEndpoint({
    method: 'POST',
    path: `${base}/converge`,
    summary:
      'Send the effective policy again to chosen terminals, or to every drifted one of a policy; all-or-nothing reverts on any failure',
    tag: 'device',
    permission: 'device:policy:converge',
    body: z.strictObject({
      policyId: z.uuid(),
      terminalIds: z.array(z.uuid()).max(10_000).optional(),
      allOrNothing: z.boolean().default(false),
    }),
    result: z.object({ terminals: z.number().int(), fields: z.number().int() }),
    oplog: { objectType: 'policy', action: 'policy.converge' },
  }),
  drift: defineEndpoint({
    method: 'GET',
    path: `${base}/drift`,
    summary: 'Terminals with a drifted field, by their most severe drift (the dashboard figure)',
    tag: 'device',
    permission: 'dashboard:home:view',
    result: DriftSummarySchema,
  }),
  export: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/export`,
    rateLimit: 'jobs',
    summary: "A policy's terminal fields under the compliance filter as an Excel file",
    tag: 'device',
    permission: 'device:policy:view',
    query: ComplianceFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
